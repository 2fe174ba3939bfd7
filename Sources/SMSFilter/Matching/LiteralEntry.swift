import PCRE2

/// The layout of the entry the automaton reports for a literal (``AhoCorasick/Tables/entries(ofRow:)``):
/// the literal's id, then its payload, all the record step needs in one place.
enum LiteralEntry {
  /// Words per entry.
  static let words = 6
  /// The literal's id (its stamps' index).
  static let literal = 0
  /// The one rule it triggers, when `triggerCount == 1`; else where its rules start in
  /// `triggerRules`.
  static let trigger = 1
  /// How many rules it triggers.
  static let triggerCount = 2
  /// Its length in bytes, with ``needsLeftBoundary``, ``needsRightBoundary``, ``needsStamp`` and
  /// ``countsOnlyOnBoundaries``.
  static let lengthAndBoundaries = 3
  /// ``LiteralInfo/firstRuleOnBoundedHit`` and ``LiteralInfo/firstRuleOnAnyHit``.
  static let firstRuleOnBoundedHit = 4
  static let firstRuleOnAnyHit = 5
  /// No rule.
  static let noRule = UInt32.max
  static let needsLeftBoundary: UInt32 = 1 << 31
  static let needsRightBoundary: UInt32 = 1 << 30
  static let needsStamp: UInt32 = 1 << 29
  /// Only its occurrences on word boundaries count: nothing reads a hit elsewhere (every keyword
  /// list that holds it asks for word boundaries, and no regex gate holds it), so the pass
  /// skips its other occurrences (`i` inside `this`) before stamping anything or making any rule
  /// a candidate. ``LiteralInfo/countsOnlyOnBoundaries``.
  static let countsOnlyOnBoundaries: UInt32 = 1 << 28
  static let lengthMask: UInt32 = (1 << 28) - 1

  /// Whether the occurrence `text[start..<end]` of a literal whose ``lengthAndBoundaries`` word
  /// is `packed` stands on word boundaries where the literal needs them.
  @inline(__always)
  static func isBounded(_ packed: UInt32, start: Int, end: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
    (packed & needsLeftBoundary == 0 || !WordBoundary.wordCharacterEnds(before: start, in: text))
      && (packed & needsRightBoundary == 0 || !WordBoundary.wordCharacterStarts(at: end, in: text))
  }

  /// The payload words (everything after the id) for a literal: offset `k` of the entry is
  /// `payload[k - 1]`.
  static func payload(of info: LiteralInfo, triggerRules: [Int32]) -> [UInt32] {
    let count = info.triggerEnd - info.triggerStart
    let trigger = count == 1 ? triggerRules[Int(info.triggerStart)] : info.triggerStart
    precondition(UInt32(info.length) <= lengthMask, "literal too long")
    return [
      UInt32(trigger), UInt32(count),
      UInt32(info.length) | (info.needsLeftBoundary ? needsLeftBoundary : 0)
        | (info.needsRightBoundary ? needsRightBoundary : 0) | (info.needsStamp ? needsStamp : 0)
        | (info.countsOnlyOnBoundaries ? countsOnlyOnBoundaries : 0),
      info.firstRuleOnBoundedHit, info.firstRuleOnAnyHit,
    ]
  }
}
