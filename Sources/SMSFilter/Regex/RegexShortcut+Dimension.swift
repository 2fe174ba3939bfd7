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
    for index in 1..<(count - 1) where text[index] | 0x20 == 0x78 {
      let first = text[index - 1]
      let second = text[index + 1]
      if first < 0x80 && !digit(first) || second < 0x80 && !digit(second) { continue }
      if first >= 0x80 || second >= 0x80 {
        undecided = true
        continue
      }
      var alone = true
      for place in [index - 2, index + 2] where place >= 0 && place < count {
        let byte = text[place]
        if byte >= 0x80 {
          undecided = true
          alone = false
        } else if isASCIIWord(byte) {
          alone = false
        }
      }
      if alone { return true }
    }
    return undecided ? nil : false
  }
}
