/// The dimension shape of ``RegexShortcut``: `(?<!\w)\dx\d(?!\w)`, one digit, an `x` and one digit
/// standing alone ("3x2", "2x1 offer").
///
/// The byte-run prefilter finds digit, `x`, digit, but cannot say what is around it, so it lets
/// through every "1920x1080" and "a1x2b". PCRE2 (UTF, UCP, caseless; `\w` written out as the
/// keywords' word class, ``RegexWordCharacters``) matches exactly when some ASCII digit, `x` or
/// `X`, ASCII digit has no word character right before or right after. An `x` next to a
/// non-ASCII character (a digit of another script?), or an occurrence next to one (a word
/// character?), is left to PCRE2 when no other occurrence decides: a text with Arabic digits
/// and no `x`, which the prefilter (reading `\d` as `[0-9]` only on a text with no other digit)
/// lets through, is answered here.
extension RegexShortcut {
  /// The pattern of the dimension shape, as the analyses read it.
  static let dimensionPattern = #"(?<!\w)\dx\d(?!\w)"#

  /// The dimension shape's answer: `true` when some ASCII digit, `x`, ASCII digit stands alone,
  /// else `nil` when some `x` is next to a non-ASCII character (a digit of another script?) or
  /// such an occurrence is, else `false`. Only an `x` or `X` can be the middle of a match
  /// (caseless `x` pairs with nothing else), and `\d` is one character: the byte right before
  /// and right after the `x` end and start the digits.
  static func hasDimension(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
    let count = text.count
    guard count >= 3 else { return false }
    var undecided = false
    func digit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    // Whether no word character is at `place`: 1 yes (or past either end), 0 no, 2 a non-ASCII one.
    func free(_ place: Int) -> UInt8 {
      guard place >= 0 && place < count else { return 1 }
      let byte = text[place]
      if byte >= 0x80 { return 2 }
      return WordBoundary.isASCIIWordByte(byte) ? 0 : 1
    }
    for index in 1..<(count - 1) where text[index] | 0x20 == 0x78 {
      let first = text[index - 1]
      let second = text[index + 1]
      if first < 0x80 && !digit(first) || second < 0x80 && !digit(second) { continue }
      if first >= 0x80 || second >= 0x80 {
        undecided = true
        continue
      }
      let before = free(index - 2)
      let after = free(index + 2)
      if before == 1 && after == 1 { return true }
      if before == 2 || after == 2 { undecided = true }
    }
    return undecided ? nil : false
  }
}
