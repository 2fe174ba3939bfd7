import Testing

@testable import SMSFilter

/// The per-message byte scans' fast paths against plain references: UTF-8 validation against
/// the standard library's, the text profile against one bit a byte, and the normaliser's run of
/// lower-case letters against the same letters written in upper case (which take the per-byte
/// path).
@Suite struct TextScanningTests {
  /// Texts whose lengths and byte mixes reach every tail of the eight-byte and four-byte loops.
  static var edgeTexts: [[UInt8]] {
    var texts: [[UInt8]] = [[], [0x41], Array("abcdefgh".utf8), Array("abcdefghi".utf8)]
    let pieces: [[UInt8]] = [
      Array("Your OTP is 123456.".utf8), Array("código ".utf8), Array("₹500 ".utf8), Array("किया ".utf8),
      Array("😀".utf8), Array("中文短信".utf8), [0x09, 0x7F], Array("１２３".utf8),
    ]
    for length in 0..<24 {
      for (offset, piece) in pieces.enumerated() {
        texts.append(Array(repeating: UInt8(ascii: "a"), count: length) + piece)
        texts.append(piece + Array(repeating: UInt8(ascii: "b"), count: length) + pieces[(offset + 1) % pieces.count])
      }
    }
    return texts
  }

  /// Every text, and every malformed variant of it: a byte cut off the end, a stray
  /// continuation byte, an overlong form, a surrogate, a value past U+10FFFF, a bad lead.
  static var validationTexts: [[UInt8]] {
    var texts: [[UInt8]] = []
    for text in edgeTexts {
      texts.append(text)
      if !text.isEmpty { texts.append(Array(text.dropLast())) }
      for bad: [UInt8] in [
        [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xE2, 0x82],
      ] {
        texts.append(text + bad)
        texts.append(bad + text)
        texts.append(Array(text.prefix(text.count / 2)) + bad + Array(text.dropFirst(text.count / 2)))
      }
    }
    return texts
  }

  @Test func validationAgreesWithTheStandardLibrary() throws {
    var invalid = 0
    for text in Self.validationTexts {
      let expected = String(validating: text, as: UTF8.self) != nil
      let found = text.withUnsafeBufferPointer(UTF8Validation.isValid)
      #expect(found == expected, "\(text)")
      if !expected { invalid += 1 }
    }
    #expect(invalid > 1000)
    for (_, body) in try PackagePaths.corpusMessages() {
      #expect(Array(body.utf8).withUnsafeBufferPointer(UTF8Validation.isValid))
    }
  }

  @Test func profileHasTheBitOfEveryByteAndNoOther() throws {
    var texts = Self.edgeTexts
    texts.append(Array(0...255))
    for (_, body) in try PackagePaths.corpusMessages().prefix(2000) { texts.append(Array(body.utf8)) }
    for text in texts {
      var expected = SIMD4<UInt64>(repeating: 0)
      for byte in text { expected[Int(byte >> 6)] |= 1 << UInt64(byte & 63) }
      let profile = text.withUnsafeBufferPointer { TextProfile(of: $0) }
      #expect(profile.present == expected, "\(text)")
      #expect(profile.hasASCIIDigit == text.contains { (0x30...0x39).contains($0) })
      #expect(profile.hasNonASCII == text.contains { $0 >= 0x80 })
    }
  }

  /// Lower-case ASCII letters go through the normaliser's run path, upper-case ones through the
  /// per-byte path; both must give the same text (look-alike folding included), with offsets.
  @Test func lowerCaseRunsNormaliseAsLettersOneByOne() throws {
    var texts = ["Ассоunt sеcurity", "pаypal.com lоgin", "código 😀 abc", "x\u{200B}yz", "ǅungla ßtraße"]
    for (_, body) in try PackagePaths.corpusMessages() { texts.append(body) }
    var checked = 0
    for text in texts where text.utf8.contains(where: { $0 >= 0x80 }) {
      let upper = String(decoding: text.utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
      #expect(TextNormalizer.normalize(text) == TextNormalizer.normalize(upper), "\(text)")
      var lowered = NormalizedText()
      var uppered = NormalizedText()
      TextNormalizer.normalize(text, into: &lowered, trackingOffsets: true)
      TextNormalizer.normalize(upper, into: &uppered, trackingOffsets: true)
      #expect(lowered.bytes == uppered.bytes && lowered.sourceOffsets == uppered.sourceOffsets, "\(text)")
      #expect(lowered.hasMixedScriptWord == uppered.hasMixedScriptWord, "\(text)")
      checked += 1
    }
    #expect(checked > 1000)
  }
}
