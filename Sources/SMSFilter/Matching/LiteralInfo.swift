import PCRE2

/// A literal's trigger list, length, boundary needs and the first rules it makes hold, while the
/// rules are compiled (the matcher keeps them as ``LiteralEntry`` payloads).
struct LiteralInfo: Sendable {
  /// Its rules are `triggerRules[triggerStart..<triggerEnd]`.
  let triggerStart: Int32
  let triggerEnd: Int32
  /// Its length in bytes.
  let length: Int32
  /// Whether it needs a word boundary before / after it to count as a bounded match.
  let needsLeftBoundary: Bool
  let needsRightBoundary: Bool
  /// Whether the matcher must stamp its hits: a condition evaluated after the pass (or a rule it
  /// triggers) reads them. A literal only keyword rules use needs no stamp.
  let needsStamp: Bool
  /// Whether only its occurrences on word boundaries count (``LiteralEntry/countsOnlyOnBoundaries``):
  /// it needs a boundary on some side, and every use of it asks for word boundaries.
  let countsOnlyOnBoundaries: Bool
  /// The first rule (decision-order index) that holds when the literal is found on word
  /// boundaries / anywhere, without evaluating it; ``LiteralEntry/noRule`` if none.
  let firstRuleOnBoundedHit: UInt32
  let firstRuleOnAnyHit: UInt32
}
