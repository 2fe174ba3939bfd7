import SMSFilterModel

/// An ``AhoCorasick`` automaton built ahead of time (the built-in rules' snapshot,
/// ``RuleSetSnapshot``), with the key of what it was built from.
///
/// Building the automaton is the largest part of compiling the built-in rules; the snapshot holds
/// its tables instead. An automaton is a pure function of its patterns, their payloads and its
/// dense-row budget, so the key is a checksum of exactly those: ``CompiledRules`` uses the
/// tables only when the literals and payloads it has just worked out give the same key, and
/// otherwise builds the automaton as usual. A precomputed automaton therefore never changes a
/// decision, whatever the rules it travels with.
package struct PrecomputedAutomaton: Sendable {
  /// The checksum of the inputs the automaton was built from (``key(patterns:payloads:payloadWords:denseBudgetBytes:)``).
  let key: UInt64
  /// The automaton.
  let automaton: AhoCorasick

  /// A checksum of the tables this code builds for a few fixed patterns (a dense root, sparse
  /// states below it), part of every key: when the construction or the table layout changes,
  /// tables stored by an older build no longer match, even for the same patterns.
  static let buildFingerprint: UInt64 = {
    let patterns = ["he", "she", "his", "hers", "código", "कोड"].map { Array($0.utf8) }
    let probe = AhoCorasick(
      patterns: patterns, payloads: (0..<UInt32(2 * patterns.count)).map { $0 * 3 }, payloadWords: 2,
      denseBudgetBytes: 0)
    var words = probe.dense + probe.sparse + probe.denseEntryStart + probe.denseEntries + probe.classOf.map(UInt32.init)
    words += [UInt32(probe.denseCount), UInt32(probe.stateCount), UInt32(probe.entryWords), UInt32(probe.classCount)]
    return words.withUnsafeBytes { Checksums.xxh64($0) }
  }()

  /// The checksum (XXH64) of an automaton's inputs: the build fingerprint, the budget, the
  /// payload width, then each pattern's length and bytes, then the payloads in little-endian words.
  static func key(
    patterns: [[UInt8]], payloads: [UInt32], payloadWords: Int,
    denseBudgetBytes: Int = AhoCorasick.denseBudgetBytes
  ) -> UInt64 {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16 + patterns.reduce(0) { $0 + 4 + $1.count } + 4 * payloads.count)
    func append(_ word: UInt32) {
      for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
    }
    append(UInt32(truncatingIfNeeded: buildFingerprint))
    append(UInt32(truncatingIfNeeded: buildFingerprint >> 32))
    append(UInt32(truncatingIfNeeded: denseBudgetBytes))
    append(UInt32(truncatingIfNeeded: payloadWords))
    append(UInt32(truncatingIfNeeded: patterns.count))
    for pattern in patterns {
      append(UInt32(truncatingIfNeeded: pattern.count))
      bytes.append(contentsOf: pattern)
    }
    for word in payloads { append(word) }
    return bytes.withUnsafeBytes { Checksums.xxh64($0) }
  }

  /// The automaton for `patterns` and `payloads`, with its key: `precomputed` when it was built
  /// from exactly them, else a new one.
  static func automaton(
    _ precomputed: PrecomputedAutomaton?, patterns: [[UInt8]], payloads: [UInt32], payloadWords: Int
  ) -> PrecomputedAutomaton {
    let key = key(patterns: patterns, payloads: payloads, payloadWords: payloadWords)
    if let precomputed, precomputed.key == key { return precomputed }
    return PrecomputedAutomaton(
      key: key, automaton: AhoCorasick(patterns: patterns, payloads: payloads, payloadWords: payloadWords))
  }
}
