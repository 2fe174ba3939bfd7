/// The quantity shape of ``RegexShortcut``: `(?<!\w)\d+(?:[.,]\d+)? ?(?:mb|gb)(?!\w)`, a number,
/// an optional space and a unit of ASCII letters standing alone ("2 gb", "1.5gb").
///
/// The byte-run prefilter finds the unit and a digit, so every "number" or "remember" in a
/// message with a digit let it through. PCRE2 (UTF, UCP, caseless; `\w` written out as the
/// keywords' word class) matches exactly when some occurrence of a unit has no word character
/// after it and, right before it (or before one space before it), ends a run of digits with no
/// word character before it. A digit is a word character, so only the whole run of digits ending
/// there can start the match; and `(?:[.,]\d+)?` adds nothing: when a `.` or `,` comes before
/// that run, the run alone matches. A text with a digit of another script is left to PCRE2, and
/// so is an occurrence whose answer a non-ASCII neighbour decides, when no other occurrence
/// decides.
extension RegexShortcut {
  /// The units of `(?<!\w)\d+(?:[.,]\d+)? ?(?:u1|u2|…)(?!\w)` (lower-case ASCII letters), or
  /// `nil` for another pattern.
  static func quantityUnits(_ pattern: String) -> [[UInt8]]? {
    let prefix = #"(?<!\w)\d+(?:[.,]\d+)? ?(?:"#
    let suffix = #")(?!\w)"#
    guard pattern.hasPrefix(prefix), pattern.hasSuffix(suffix) else { return nil }
    let inner = pattern.dropFirst(prefix.count).dropLast(suffix.count)
    let units = inner.split(separator: "|", omittingEmptySubsequences: false).map { Array($0.utf8) }
    guard !units.isEmpty, units.allSatisfy({ !$0.isEmpty && $0.allSatisfy { (0x61...0x7A).contains($0) } })
    else { return nil }
    return units
  }

  /// The quantity shape's answer on a text with no non-ASCII digit: `true` when some occurrence
  /// matches, else `nil` when a non-ASCII character decides some occurrence, else `false`.
  static func hasQuantity(_ text: UnsafeBufferPointer<UInt8>, _ units: [[UInt8]]) -> Bool? {
    let count = text.count
    var undecided = false
    func digit(_ index: Int) -> Bool { index >= 0 && index < count && (0x30...0x39).contains(text[index]) }
    // Whether no word character comes right before `index`: 1 yes, 0 no, 2 a non-ASCII one.
    func freeBefore(_ index: Int) -> UInt8 {
      guard index > 0 else { return 1 }
      let byte = text[index - 1]
      if byte >= 0x80 { return 2 }
      return WordBoundary.isASCIIWordByte(byte) ? 0 : 1
    }
    // The start of the run of ASCII digits that ends at `end` (exclusive).
    func runStart(_ end: Int) -> Int {
      var start = end
      while digit(start - 1) { start -= 1 }
      return start
    }
    // Whether a run of digits free before it ends at `end`, the unit being free after it
    // (`after`: 1 free, 2 a non-ASCII character); an answer a non-ASCII character decides is
    // left undecided.
    func digitsEndAt(_ end: Int, after: UInt8) -> Bool {
      guard digit(end - 1) else { return false }
      let answer = freeBefore(runStart(end))
      if answer == 0 { return false }
      if answer == 1 && after == 1 { return true }
      undecided = true
      return false
    }
    for unit in units where unit.count <= count {
      for start in 0...(count - unit.count) {
        var equal = true
        for (offset, byte) in unit.enumerated() where text[start + offset] | 0x20 != byte {
          equal = false
          break
        }
        guard equal else { continue }
        var after: UInt8 = 1
        if start + unit.count < count {
          let byte = text[start + unit.count]
          after = byte >= 0x80 ? 2 : WordBoundary.isASCIIWordByte(byte) ? 0 : 1
        }
        if after == 0 { continue }
        // The digits end right before the unit, or before one space before it.
        if digitsEndAt(start, after: after) { return true }
        if start > 0, text[start - 1] == 0x20, digitsEndAt(start - 1, after: after) { return true }
      }
    }
    return undecided ? nil : false
  }
}
