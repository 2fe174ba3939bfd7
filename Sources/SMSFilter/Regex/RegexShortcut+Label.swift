/// The label shape of ``RegexShortcut``: `^[a-z0-9&'’ .-]{2,30}:\s`, a short name at the start of
/// the text, then a colon and white space ("mom: call me").
///
/// The colon is not in the class, so the run of class characters from the start of the text is
/// the only one that can reach it: PCRE2 (UTF, UCP, caseless, not multiline) matches exactly
/// when that longest run has a scalar count within the bounds, a `:` follows it, and a
/// white-space character follows the `:`. The class's members are ASCII characters (letters in
/// both cases, and the two PCRE2 pairs with other letters under Unicode caseless matching: `k`
/// with the Kelvin sign U+212A, `s` with the long s U+017F) and non-ASCII punctuation written
/// in it (`’`). Only a non-ASCII character after the colon is left to PCRE2 (is it `\s`?).
extension RegexShortcut {
  /// The class of a label shape: its ASCII members and its other members' scalar values.
  struct LabelClass: Hashable, Sendable {
    /// The ASCII members (letters in both cases).
    var ascii: RegexFactors.ByteSet
    /// The non-ASCII members' scalar values.
    var others: Set<UInt32>
  }

  /// The class and bounds of `^[…]{m,n}:\s`, or `nil` for another pattern. The class is
  /// written without negation, escapes of letters or nested classes.
  static func labelShape(_ pattern: String) -> (LabelClass, ClosedRange<Int>)? {
    let suffix = #":\s"#
    guard pattern.hasPrefix("^["), pattern.hasSuffix(suffix) else { return nil }
    let scalars = Array(pattern.unicodeScalars.dropFirst().dropLast(suffix.unicodeScalars.count))
    let classEnd = RegexLiterals.skipClass(scalars, from: 0)
    guard classEnd <= scalars.count, classEnd >= 3, scalars[classEnd - 1] == "]",
      let members = labelClass(scalars[1..<(classEnd - 1)]),
      let lengths = repeatBounds(Substring(String(String.UnicodeScalarView(scalars[classEnd...]))))
    else { return nil }
    return (members, lengths)
  }

  /// A class's content read as its members, or `nil` when it holds anything but plain ASCII
  /// characters, ASCII ranges, escaped ASCII punctuation and non-ASCII punctuation, or holds
  /// the colon.
  static func labelClass(_ content: ArraySlice<Unicode.Scalar>) -> LabelClass? {
    var members = LabelClass(ascii: RegexFactors.ByteSet(), others: [])
    let items = Array(content)
    guard let first = items.first, first != "^" else { return nil }
    var index = 0
    while index < items.count {
      var scalar = items[index]
      index += 1
      if scalar == "\\" {
        guard index < items.count, items[index].isASCII, items[index].properties.isPatternSyntax else { return nil }
        scalar = items[index]
        index += 1
      } else if scalar == "[" {
        return nil
      }
      if !scalar.isASCII {
        // Punctuation has no case: PCRE2 pairs it with nothing.
        switch scalar.properties.generalCategory {
        case .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
          .otherPunctuation:
          members.others.insert(scalar.value)
          continue
        default: return nil
        }
      }
      if index + 1 < items.count, items[index] == "-" {
        let upper = items[index + 1]
        guard upper.isASCII, upper != "\\", upper != "[", scalar.value <= upper.value else { return nil }
        for value in scalar.value...upper.value { members.ascii.insertCaseless(UInt8(value)) }
        index += 2
        continue
      }
      members.ascii.insertCaseless(UInt8(scalar.value))
    }
    guard !members.ascii.contains(0x3A) else { return nil }
    if members.ascii.contains(0x6B) { members.others.insert(0x212A) }  // Kelvin sign
    if members.ascii.contains(0x73) { members.others.insert(0x017F) }  // long s
    return members
  }

  /// The label shape's answer on a text: `nil` only when a non-ASCII character follows the colon.
  static func hasLabel(_ text: UnsafeBufferPointer<UInt8>, _ members: LabelClass, lengths: ClosedRange<Int>) -> Bool? {
    var index = 0
    var scalars = 0
    while index < text.count {
      let byte = text[index]
      if byte < 0x80 {
        guard members.ascii.contains(byte) else { break }
        index += 1
      } else {
        let (value, length) = TextNormalizer.decodeScalar(text, at: index)
        guard members.others.contains(value) else { break }
        index += length
      }
      scalars += 1
      if scalars > lengths.upperBound { return false }
    }
    guard lengths.contains(scalars), index + 1 < text.count, text[index] == 0x3A else { return false }
    let next = text[index + 1]
    if next == 0x20 || (0x09...0x0D).contains(next) { return true }
    return next >= 0x80 ? nil : false
  }
}
