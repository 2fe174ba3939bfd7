import Foundation
import Testing

@testable import SMSFilter

@Suite struct NormalizationTests {
  @Test func asciiIsLowerCasedAndWhiteSpaceCollapsed() {
    #expect(TextNormalizer.normalize("  Your  OTP\tis\n\n123456 ") == "your otp is 123456")
  }

  @Test func fullWidthLettersBecomeASCII() {
    #expect(TextNormalizer.normalize("ＷＩＮＮＥＲ ＦＲＥＥ") == "winner free")
  }

  @Test func zeroWidthAndFormatCharactersAreRemoved() {
    #expect(
      TextNormalizer.normalize("K\u{200B}Y\u{200C}C up\u{200D}date\u{2060}d \u{FEFF}now\u{00AD}") == "kyc updated now")
  }

  @Test func latinDiacriticsAreRemoved() {
    #expect(TextNormalizer.normalize("Código de verificação: Überweisung") == "codigo de verificacao: uberweisung")
    #expect(TextNormalizer.normalize("Straße") == "strasse")
  }

  @Test func devanagariKeepsItsVowelSigns() {
    let normalized = TextNormalizer.normalize("आपका ओटीपी 4821 है")
    // Vowel signs (U+093E ा, U+0940 ी) and the virama are kept: Devanagari has no accents to strip.
    #expect(normalized.unicodeScalars.contains("\u{093E}") && normalized.unicodeScalars.contains("\u{0940}"))
    #expect(normalized.unicodeScalars.count == "आपका ओटीपी 4821 है".unicodeScalars.count)
    // A Devanagari keyword, normalised the same way, is found in it.
    #expect(TextNormalizer.normalize("ओटीपी") == "ओटीपी")
    #expect(normalized.contains("ओटीपी"))
  }

  @Test func cyrillicLookAlikesInLatinWordsAreFolded() {
    var buffer = NormalizedText()
    TextNormalizer.normalize("Your Ассоunt is blocked", into: &buffer)  // А, с, с, о are Cyrillic
    #expect(buffer.string == "your account is blocked")
    #expect(buffer.hasMixedScriptWord)
    TextNormalizer.normalize("Ваш код 1234", into: &buffer)  // genuine Russian stays Russian
    #expect(!buffer.hasMixedScriptWord)
    #expect(buffer.string == "ваш код 1234")
  }

  /// Macedonian writes "Сè" (everything) with Cyrillic С and a Latin è: a Latin letter folded
  /// from a non-ASCII scalar beside Cyrillic is ordinary spelling, not a disguise. The text the
  /// keywords and the model see is what it was; only the mixed-script flag changes.
  @Test func latinFoldedFromAnAccentedLetterDoesNotMakeAWordMixedScript() {
    var buffer = NormalizedText()
    TextNormalizer.normalize("Сè е подготвено за утре", into: &buffer)
    #expect(!buffer.hasMixedScriptWord)
    #expect(buffer.string == "ce е подготвено за утре")
    TextNormalizer.normalize("Сè ok, Ассоunt", into: &buffer)  // a plain ASCII letter: still mixed
    #expect(buffer.hasMixedScriptWord)
    TextNormalizer.normalize("Ассоunt", into: &buffer)
    #expect(buffer.hasMixedScriptWord)
    TextNormalizer.normalize("ＷＩＮ Сè", into: &buffer)  // full-width Latin is folded too
    #expect(!buffer.hasMixedScriptWord)
    TextNormalizer.normalize("Сèn", into: &buffer)  // è folded, n plain: mixed
    #expect(buffer.hasMixedScriptWord)
  }

  @Test func greekLookAlikesAreFolded() {
    #expect(TextNormalizer.normalize("ΡayΡal alert") == "paypal alert")
  }

  /// Found by fuzzing: U+FE78 decomposes to a space and a combining mark; the space must collapse
  /// and trim like any other.
  @Test(arguments: ["\u{FE78}", "a\u{FE78}", "\u{FE78}\u{FE78}b", "x \u{FE70} y", "\u{FE72}\u{3000}"])
  func compatibilitySpacesCollapseAndTrim(text: String) {
    var buffer = NormalizedText()
    TextNormalizer.normalize(text, into: &buffer, trackingOffsets: true)
    let bytes = buffer.bytes
    #expect(bytes.first != 0x20 && bytes.last != 0x20)
    #expect(!zip(bytes, bytes.dropFirst()).contains { $0 == 0x20 && $1 == 0x20 })
    #expect(buffer.sourceOffsets.count == bytes.count)
  }

  @Test func offsetsPointBackIntoTheOriginal() {
    var buffer = NormalizedText()
    let text = "Ｗin  now"
    TextNormalizer.normalize(text, into: &buffer, trackingOffsets: true)
    #expect(buffer.string == "win now")
    #expect(buffer.sourceOffsets.count == buffer.bytes.count)
    #expect(buffer.sourceOffsets.first == 0)
    #expect(buffer.sourceOffsets.last == Int32(text.utf8.count - 1))
  }

  @Test func regexPatternsAreNormalisedLikeText() {
    #expect(RegexSource.prepare("código") == "codigo")
    #expect(RegexSource.prepare(#"rs\.?\d"#) == #"rs\.?\d"#)
    // A full-width parenthesis normalises to ASCII punctuation and stays a literal.
    #expect(RegexSource.prepare("a（b") == #"a\(b"#)
  }
}

@Suite struct ScalarFoldingTableTests {
  @Test func identityRangesAgreeWithTheComputedMapping() {
    for range in ScalarFoldingTable.identityLetterRanges + ScalarFoldingTable.identitySymbolRanges {
      for value in range {
        let (bytes, kind) = ScalarFoldingTable.computeMapping(value)
        #expect(ScalarFoldingTable.identityKind(value) == kind, "U+\(String(value, radix: 16))")
        #expect(bytes == Array(String(Unicode.Scalar(value)!).utf8), "U+\(String(value, radix: 16))")
      }
    }
    // And nothing outside the listed ranges (the fast test is written out by hand).
    let listed = ScalarFoldingTable.identityLetterRanges + ScalarFoldingTable.identitySymbolRanges
    var outside = 0
    for value in UInt32(0x3000)...0x1FFFF where !listed.contains(where: { $0.contains(value) }) {
      outside += 1
      if ScalarFoldingTable.identityKind(value) != nil { Issue.record("U+\(String(value, radix: 16)) is not listed") }
    }
    #expect(outside > 60_000)
    #expect(TextNormalizer.normalize("验证码 123456 😀") == "验证码 123456 😀")
  }

  @Test func hangulSyllablesDecomposeAsFoundationDoes() {
    var checked = 0
    for value in UInt32(0xAC00)...0xD7A3 {
      guard let jamo = ScalarFoldingTable.hangulJamo(of: value) else {
        Issue.record("U+\(String(value, radix: 16)) has no jamo")
        continue
      }
      let scalars = [jamo.leading, jamo.vowel] + (jamo.trailing.map { [$0] } ?? [])
      let bytes = scalars.flatMap { Array(String(Unicode.Scalar($0)!).utf8) }
      let (expected, kind) = ScalarFoldingTable.computeMapping(value)
      #expect(bytes == expected && kind == [], "U+\(String(value, radix: 16))")
      checked += 1
    }
    #expect(checked == 11_172)
    #expect(ScalarFoldingTable.hangulJamo(of: 0xABFF) == nil && ScalarFoldingTable.hangulJamo(of: 0xD7A4) == nil)
    #expect(TextNormalizer.normalize("인증번호 [123456]") == "인증번호 [123456]".decomposedStringWithCompatibilityMapping)
  }

  @Test func scalarsOutsideTheTableAreRememberedAndUnchanged() {
    // Mathematical bold, a regional-indicator flag, a variation selector, compatibility jamo:
    // each worked out once by the buffer, then recalled; the second pass must equal the first
    // and a fresh buffer's.
    let text = "𝐅𝐑𝐄𝐄 gift 🇮🇳 ❤️ ㅋㅋ 𝗪𝗜𝗡"
    var reused = NormalizedText()
    TextNormalizer.normalize(text, into: &reused)
    let first = reused.string
    TextNormalizer.normalize(text, into: &reused, trackingOffsets: true)
    let offsets = reused.sourceOffsets
    TextNormalizer.normalize(text, into: &reused)
    #expect(reused.string == first)
    #expect(first.hasPrefix("free gift"))
    var fresh = NormalizedText()
    TextNormalizer.normalize(text, into: &fresh, trackingOffsets: true)
    #expect(fresh.string == first && fresh.sourceOffsets == offsets)
    for value: UInt32 in [0x1D405, 0x1F1EE, 0xFE0F, 0x314B, 0x1D5EA] {
      #expect(reused.foldedScalar(value) == ScalarFoldingTable.computeMapping(value), "U+\(String(value, radix: 16))")
    }
  }
}
