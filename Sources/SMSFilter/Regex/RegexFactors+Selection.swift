import Foundation

// A pattern's factor: the runs of each alternative, and which of them are worth a scan
// (exactness does not depend on that choice, only how often the filter turns a text away).

extension RegexFactors {
  /// How selective a run must be to be worth a scan, in bits (``selectivity(_:)``).
  static let minimumBits = 6.0
  /// How selective a further run must be to be kept beside the first, in bits.
  static let minimumSecondBits = 3.0
  /// The most runs kept per alternative.
  static let maximumRuns = 2

  /// The factor of a (prepared) pattern, or `nil` when some alternative has no run worth a scan.
  static func factor(_ pattern: String) -> Factor? {
    guard var factor = factor(pattern, digitsAsCut: false) else { return nil }
    if factor.flags.contains(.asciiDigits), let other = self.factor(pattern, digitsAsCut: true),
      !other.flags.contains(.asciiText)
    {
      factor.otherDigits = other.alternatives
    }
    return factor
  }

  /// The factor of a pattern, `\d` read as `[0-9]` or as a cut.
  static func factor(_ pattern: String, digitsAsCut: Bool) -> Factor? {
    let scalars = Array(pattern.unicodeScalars)
    guard !RegexLiterals.usesVerbs(scalars), !RegexLowering.hasInlineOptions(scalars),
      !String(String.UnicodeScalarView(scalars)).contains("(?|"),
      let branches = RegexLiterals.splitAlternatives(scalars)
    else { return nil }
    var reader = Reader(groupSets: [:], flags: [], digitsAsCut: digitsAsCut)
    reader.collectGroupSets(scalars)
    var alternatives: [[[ByteSet]]] = []
    for branch in branches {
      var extra: [[ByteSet]] = []
      guard let items = reader.items(branch, extraRuns: &extra) else { return nil }
      var runs = extra
      var current: [ByteSet] = []
      for item in items + [.cut] {
        switch item {
        case .set(let set): current.append(set)
        case .cut:
          if !current.isEmpty { runs.append(current) }
          current = []
        }
      }
      // The most selective run must be worth a scan; a second, checked only when the first
      // occurs, may be weaker. A run inside another kept run adds nothing.
      let ranked = runs.sorted { selectivity($0) > selectivity($1) }
      guard let best = ranked.first, selectivity(best) >= minimumBits else { return nil }
      var kept: [[ByteSet]] = [best]
      for run in ranked.dropFirst() where kept.count < maximumRuns && selectivity(run) >= minimumSecondBits {
        if !kept.contains(where: { isSubRun(run, of: $0) }) { kept.append(run) }
      }
      alternatives.append(kept)
    }
    return Factor(alternatives: alternatives, flags: reader.flags)
  }

  /// Whether `run` occurs as consecutive positions of `other` (each of its sets holding the one
  /// there): wherever `other` occurs, so does `run`.
  static func isSubRun(_ run: [ByteSet], of other: [ByteSet]) -> Bool {
    guard run.count <= other.count else { return false }
    for start in 0...(other.count - run.count) {
      var inside = true
      for (offset, set) in run.enumerated() {
        let outer = other[start + offset]
        if zip(set.words, outer.words).contains(where: { $1 & ~$0 != 0 }) {
          inside = false
          break
        }
      }
      if inside { return true }
    }
    return false
  }

  /// How unlikely a run is at a given place of ordinary text, in bits: the sum over its sets of
  /// `-log2` of a rough share of text bytes in the set (letters common, digits and punctuation
  /// rarer). Only decides which runs are worth scanning for; exactness does not depend on it.
  static func selectivity(_ run: [ByteSet]) -> Double {
    run.reduce(0) { total, set in
      var share = 0.0
      for byte in 0...255 where set.contains(UInt8(byte)) {
        switch UInt8(byte) {
        case 0x61...0x7A: share += 0.03
        case 0x20: share += 0.16
        case 0x30...0x39: share += 0.01
        case 0x2E, 0x2C: share += 0.01
        case 0x21...0x7E: share += 0.002
        default: share += 0.0005
        }
      }
      return total - log2(max(share, 1e-6))
    }
  }
}
