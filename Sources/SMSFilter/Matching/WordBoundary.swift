import SMSFilterModel

/// Word boundaries on normalised UTF-8 text, as keyword matching uses them.
///
/// A word character is a letter, a mark, a digit or `_`. Scripts written without spaces between
/// words (Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar) have no boundary to require: a
/// keyword that starts or ends with such a character matches inside running text.
enum WordBoundary {
  /// Whether `text[index - 1]` ends a word character (`false` at the start).
  @inline(__always)
  static func wordCharacterEnds(before index: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard index > 0 else { return false }
    let byte = text[index &- 1]
    if byte < 0x80 { return isASCIIWordByte(byte) }
    return scalarIsWordCharacter(endingBefore: index, in: text)
  }

  /// Whether a word character starts at `text[index]` (`false` at the end).
  @inline(__always)
  static func wordCharacterStarts(at index: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard index < text.count else { return false }
    let byte = text[index]
    if byte < 0x80 { return isASCIIWordByte(byte) }
    return scalarIsWordCharacter(startingAt: index, in: text)
  }

  /// The non-ASCII half of ``wordCharacterEnds(before:in:)``, kept out of line so the ASCII
  /// test inlines into the matcher's loop.
  @inline(never)
  static func scalarIsWordCharacter(endingBefore index: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = index - 1
    while start > 0, text[start] & 0xC0 == 0x80 { start -= 1 }
    return isWordScalar(TextNormalizer.decodeScalar(text, at: start).0)
  }

  /// The non-ASCII half of ``wordCharacterStarts(at:in:)``.
  @inline(never)
  static func scalarIsWordCharacter(startingAt index: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
    isWordScalar(TextNormalizer.decodeScalar(text, at: index).0)
  }

  /// Bit `b` (of 128): ASCII byte `b` is a word character (`0-9`, `A-Z`, `_`, `a-z`).
  private static let asciiWordLow: UInt64 = 0x03FF_0000_0000_0000  // '0'...'9'
  private static let asciiWordHigh: UInt64 = 0x07FF_FFFE_87FF_FFFE  // 'A'...'Z', '_', 'a'...'z'

  /// Whether an ASCII byte is a word character: one shift and mask.
  @inline(__always)
  static func isASCIIWordByte(_ byte: UInt8) -> Bool {
    let bit = UInt64(byte & 63)
    let mask = byte < 64 ? asciiWordLow : byte < 128 ? asciiWordHigh : 0
    return (mask >> bit) & 1 != 0
  }

  /// Whether a scalar is a word character: below U+10000 a bit of ``basicPlaneWordBits``
  /// (`WordBoundary+Table.swift`), above it ``classifyWordScalar(_:)``.
  @inline(__always)
  static func isWordScalar(_ value: UInt32) -> Bool {
    if value < 0x80 { return isASCIIWordByte(UInt8(value)) }
    if value < 0x10000 { return basicPlaneWordBits[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0 }
    return classifyWordScalar(value)
  }

  /// Whether a scalar is a word character, from its Unicode general category (what
  /// `scripts/update-word-table` writes into ``basicPlaneWordBits``).
  static func classifyWordScalar(_ value: UInt32) -> Bool {
    guard let scalar = Unicode.Scalar(value) else { return false }
    if value < 0x80 { return isASCIIWordByte(UInt8(value)) }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
      .connectorPunctuation:
      return true
    default:
      return false
    }
  }

  /// Whether a keyword needs a boundary before it: it starts with a word character of a spaced
  /// script.
  static func needsBoundary(before keyword: [UInt8]) -> Bool {
    guard !keyword.isEmpty else { return false }
    let scalar = keyword.withUnsafeBufferPointer { TextNormalizer.decodeScalar($0, at: 0).0 }
    let first = keyword[0] < 0x80 ? UInt32(keyword[0]) : scalar
    return isWordScalar(first) && !UnspacedScript.contains(first)
  }

  /// Whether a keyword needs a boundary after it.
  static func needsBoundary(after keyword: [UInt8]) -> Bool {
    guard !keyword.isEmpty else { return false }
    var start = keyword.count - 1
    while start > 0, keyword[start] & 0xC0 == 0x80 { start -= 1 }
    let last = keyword.withUnsafeBufferPointer { TextNormalizer.decodeScalar($0, at: start).0 }
    let value = keyword[start] < 0x80 ? UInt32(keyword[start]) : last
    return isWordScalar(value) && !UnspacedScript.contains(value)
  }
}
