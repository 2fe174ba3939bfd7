/// The amount shape of ``RegexShortcut``: `(?:\brs|₹|\$|…)\.?\s?\d`, a currency word or sign and
/// then a figure.
///
/// PCRE2 (UTF, UCP, caseless) matches it exactly when one of the literals occurs (where it is
/// written `\b…`, not right after a word character) and is followed by an optional `.`, an
/// optional white-space character and a decimal digit. The answer is left to PCRE2 (`nil`) where
/// a non-ASCII character decides it: a text with a digit of another script, a literal occurrence
/// right after a non-ASCII character (is it a word character?), or a non-ASCII character where
/// the white space would be.
extension RegexShortcut {
  /// A literal of the amount shape, and whether a word boundary (`\b`) precedes it.
  struct AmountLiteral: Hashable, Sendable {
    /// The literal's bytes (normalised text is lower-case; ASCII letters compare caselessly).
    var bytes: [UInt8]
    /// Written `\b…`: the literal starts with a word character, and a word character must not
    /// come right before it.
    var boundary: Bool
  }

  /// The literals of `(?:L1|L2|…)\.?\s?\d`, or `nil` for another pattern. A literal is plain
  /// characters and escaped punctuation, optionally after `\b` when it starts with an ASCII
  /// letter or digit.
  static func amountLiterals(_ pattern: String) -> [AmountLiteral]? {
    let suffix = #")\.?\s?\d"#
    guard pattern.hasPrefix("(?:"), pattern.hasSuffix(suffix) else { return nil }
    let inner = Array(pattern.unicodeScalars.dropFirst(3).dropLast(suffix.unicodeScalars.count))
    guard let branches = RegexLiterals.splitAlternatives(inner), branches.count <= 64 else { return nil }
    var result: [AmountLiteral] = []
    for branch in branches {
      var scalars = branch[...]
      let boundary = scalars.starts(with: Array(#"\b"#.unicodeScalars))
      if boundary { scalars = scalars.dropFirst(2) }
      var text = ""
      while let scalar = scalars.first {
        scalars = scalars.dropFirst()
        if scalar == "\\" {
          guard let next = scalars.first, next.isASCII, next.properties.isPatternSyntax else { return nil }
          text.unicodeScalars.append(next)
          scalars = scalars.dropFirst()
          continue
        }
        if scalar.isASCII, scalar.properties.isPatternSyntax || scalar.properties.isWhitespace {
          // Meta characters, and white space (`x` mode is never on, but keep to the plain).
          guard scalar == "/" || scalar == "&" || scalar == "'" || scalar == "-" else { return nil }
        }
        text.unicodeScalars.append(scalar)
      }
      let bytes = Array(text.utf8)
      guard let first = bytes.first, TextNormalizer.normalize(text) == text else { return nil }
      if boundary, !WordBoundary.isASCIIWordByte(first) { return nil }
      result.append(AmountLiteral(bytes: bytes, boundary: boundary))
    }
    return result.isEmpty ? nil : result
  }

  /// The amount shape's answer on a text with no non-ASCII digit: `true` when some occurrence
  /// matches, else `nil` when some occurrence needed PCRE2, else `false`.
  static func hasAmount(_ text: UnsafeBufferPointer<UInt8>, _ literals: [AmountLiteral]) -> Bool? {
    var undecided = false
    let count = text.count
    func digit(_ index: Int) -> Bool { index < count && (0x30...0x39).contains(text[index]) }
    // Whether `\s` matches at `index`: 0 no, 1 yes, 2 PCRE2 must say (a non-ASCII character).
    func space(_ index: Int) -> UInt8 {
      guard index < count else { return 0 }
      let byte = text[index]
      if byte == 0x20 || (0x09...0x0D).contains(byte) { return 1 }
      return byte >= 0x80 ? 2 : 0
    }
    // Whether `\s?\d` matches at `place`; a non-ASCII character where the space would be
    // leaves the answer to PCRE2.
    func digitFollows(_ place: Int) -> Bool {
      if digit(place) { return true }
      switch space(place) {
      case 1: return digit(place + 1)
      case 2: undecided = true
      default: break
      }
      return false
    }
    for literal in literals {
      let bytes = literal.bytes
      guard bytes.count <= count else { continue }
      var start = 0
      while start + bytes.count <= count {
        defer { start += 1 }
        var equal = true
        for (offset, byte) in bytes.enumerated() {
          let other = text[start + offset]
          if other != byte && !((0x61...0x7A).contains(byte) && other == byte - 0x20) {
            equal = false
            break
          }
        }
        guard equal else { continue }
        if literal.boundary, start > 0 {
          let previous = text[start - 1]
          if previous >= 0x80 {
            undecided = true
            continue
          }
          if WordBoundary.isASCIIWordByte(previous) { continue }
        }
        // `\.?` may also match nothing: the place without the dot, then after it if there is one.
        let end = start + bytes.count
        if digitFollows(end) { return true }
        if end < count, text[end] == 0x2E, digitFollows(end + 1) { return true }
      }
    }
    return undecided ? nil : false
  }
}
