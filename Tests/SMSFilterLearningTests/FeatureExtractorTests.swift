import SMSFilterModel
import Testing

@testable import SMSFilterLearning

@Suite struct FeatureExtractorTests {
  let extractor = FeatureExtractor(settings: FeatureSettings(hashBits: 16, characterGrams: 3...4))

  func names(_ normalized: String, original: String? = nil, sender: SenderKind = .unknown) -> [String] {
    var buffer = FeatureBuffer(naming: true)
    var text = normalized
    var body = original ?? normalized
    text.withUTF8 { text in
      body.withUTF8 { body in extractor.extract(normalized: text, original: body, senderKind: sender, into: &buffer) }
    }
    #expect(buffer.rows.count == buffer.names.count)
    #expect(buffer.rows.allSatisfy { $0 < 1 << 16 })
    return buffer.names
  }

  @Test func wordsBigramsAndGramsWithDigitsFolded() {
    let features = names("win rs 5000 now")
    for expected in [
      "word:win", "word:rs", "word:0000", "word:now", "bigram:win rs", "bigram:rs 0000", "gram:<wi", "gram:win>",
      "gram:<win", "money", "number:1", "sender:unknown", "length:0",
    ] {
      #expect(features.contains(expected), "\(expected) in \(features)")
    }
  }

  @Test func linksGiveTheirDomainTopLevelDomainAndShortener() {
    let features = names("verify at secure-bank.example.xyz/login or bit.ly/ab12 or 192.168.10.4")
    for expected in ["link", "tld:xyz", "domain:example.xyz", "domain:bit.ly", "shortener", "link:ip"] {
      #expect(features.contains(expected), "\(expected) in \(features)")
    }
    #expect(!names("e.g. p.m. no.1").contains("link"))
  }

  @Test func theLinkScanStartsAtTheFirstFullStopInsideAHostAndMissesNoLink() {
    // Full stops that end sentences, sit in numbers or open the body come before the link; the
    // words' pass finds the first one with a host's byte on each side, where the scan starts.
    let cases: [(text: String, domains: [String])] = [
      (".hello. pay 3.50 at pay.example.com now", ["domain:example.com"]),
      ("ok. a.b.shop", ["domain:b.shop"]),
      ("go to x.io", ["domain:x.io"]),
      ("see 1.2.3 then shop.example.co.uk.", ["domain:co.uk"]),
      ("no link here. none. 4.5", []),
      ("e.g. p.m. no.1", []),
    ]
    for (text, domains) in cases {
      let features = names(text)
      #expect(features.filter { $0.hasPrefix("domain:") } == domains, "\(text): \(features)")
      #expect(features.contains("link") == !domains.isEmpty, "\(text)")
    }
  }

  @Test func nonLatinScriptsGetCharacterGramsByScalar() {
    // Devanagari, Thai and Chinese: grams are whole scalars, never cut inside one.
    let hindi = names("आपका खाता")
    #expect(hindi.contains("gram:<आप") && hindi.contains("word:खाता"))
    let thai = names("โอนเงิน")
    #expect(thai.contains("gram:<โอ") && thai.contains("gram:ิน>"))
    let chinese = names("您的验证码")
    #expect(chinese.contains("gram:验证码") && chinese.contains("word:您的验证码"))
  }

  /// Scripts written without spaces also get character bigrams, between two of their scalars
  /// only: Chinese, Japanese kana, Thai, Khmer and Myanmar do; Latin, Devanagari and Hangul,
  /// written with spaces, and a Latin letter next to a Chinese one do not.
  @Test func scriptsWithoutSpacesGetCharacterBigrams() {
    var buffer = FeatureBuffer(naming: true)
    func grams(_ text: String, bigrams: Bool = true) -> [String] {
      var text = text
      text.withUTF8 {
        FeatureExtractor(settings: FeatureSettings(hashBits: 16, characterGrams: 3...3, unspacedBigrams: bigrams))
          .extract(normalized: $0, original: $0, senderKind: .unknown, into: &buffer)
      }
      return buffer.names.filter { $0.hasPrefix("gram:") }
    }
    let chinese = grams("您的验证码")
    for expected in ["gram:您的", "gram:的验", "gram:验证", "gram:证码", "gram:验证码"] {
      #expect(chinese.contains(expected), "\(expected) in \(chinese)")
    }
    #expect(chinese.count == 5 + 4)  // 5 trigrams over 7 codes (5 scalars, 2 marks), 4 bigrams
    #expect(grams("ログイン").contains("gram:ログ"))
    #expect(grams("𠮷野家").contains("gram:𠮷野"))  // a supplementary ideograph (U+20BB7)
    #expect(grams("โอนเงิน").contains("gram:โอ"))
    #expect(grams("ប្រាក់").contains("gram:ប្"))
    #expect(grams("ငွေ").contains("gram:ငွ"))
    #expect(grams("a验b").count == 3)  // trigrams only: one scalar of the script
    #expect(!grams("खाता").contains("gram:खा") && !grams("계좌번호").contains("gram:계좌"))
    #expect(!grams("abcd").contains("gram:ab"))
    // Without the setting, no bigram of those scripts.
    #expect(!grams("โอนเงิน", bigrams: false).contains("gram:โอ"))
  }

  /// Every gram of every length the settings take, over the word's scalars and its marks: a
  /// word of three scalars has five codes, so 5 + 4 + 3 + 2 + 1 grams of lengths 1–8.
  @Test func everyGramLengthUpToEight() {
    var buffer = FeatureBuffer(naming: true)
    var text = "abc"
    text.withUTF8 {
      FeatureExtractor(settings: FeatureSettings(hashBits: 16, characterGrams: 1...8))
        .extract(normalized: $0, original: $0, senderKind: .unknown, into: &buffer)
    }
    let grams = buffer.names.filter { $0.hasPrefix("gram:") }
    #expect(grams.count == 15)
    for expected in ["gram:<", "gram:a", "gram:>", "gram:<a", "gram:c>", "gram:<abc>", "gram:abc", "gram:bc>"] {
      #expect(grams.contains(expected), "\(expected) in \(grams)")
    }
    #expect(Set(grams).count == 15)
  }

  @Test func unspacedScalarsAreTheMatchersUnspacedScript() {
    for value in UInt32(0x800)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let bytes = Array(String(Character(scalar)).utf8)
      let found = bytes.withUnsafeBufferPointer { FeatureExtractor.isUnspacedScalar($0, 0, $0.count) }
      guard found != UnspacedScript.contains(value) else { continue }
      Issue.record("U+\(String(value, radix: 16)): \(found)")
      return
    }
  }

  /// The sender crosses: only with the setting, only for a known sender, and with what the
  /// message holds.
  @Test func senderCrossesPairTheSenderKindWithTheMessagesShape() {
    func crosses(_ text: String, sender: SenderKind, on: Bool = true) -> [String] {
      var buffer = FeatureBuffer(naming: true)
      var text = text
      text.withUTF8 {
        FeatureExtractor(settings: FeatureSettings(hashBits: 16, characterGrams: 3...3, senderCrosses: on))
          .extract(normalized: $0, original: $0, senderKind: sender, into: &buffer)
      }
      return buffer.names.filter { $0.contains("&") }
    }
    let scam = crosses("claim rs 5000 at bit.ly/x or call 9876543210", sender: .phone)
    #expect(
      scam.sorted() == [
        "sender:phone&first-word", "sender:phone&length:1", "sender:phone&link", "sender:phone&money",
        "sender:phone&phone",
      ])
    #expect(
      crosses("see you at six", sender: .alphanumeric).sorted() == [
        "sender:alphanumeric&first-word", "sender:alphanumeric&length:0",
      ])
    #expect(crosses("claim rs 5000 at bit.ly/x", sender: .unknown).isEmpty)
    #expect(crosses("claim rs 5000 at bit.ly/x", sender: .phone, on: false).isEmpty)
  }

  @Test func capitalCountsEqualTheByteByByteDefinition() {
    var random = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = Array(0...255)
    for length in 0..<70 {
      for _ in 0..<40 {
        let bytes = (0..<length).map { _ in alphabet.randomElement(using: &random) ?? 0 }
        let upper = bytes.filter { $0 &- 0x41 < 26 }.count
        let letters = bytes.filter { ($0 | 0x20) &- 0x61 < 26 }.count
        let counts = bytes.withUnsafeBufferPointer { FeatureExtractor.capitalCounts($0) }
        #expect(counts.upper == upper && counts.letters == letters, "\(bytes)")
      }
    }
    let edges: [UInt8] = [
      0x40, 0x41, 0x5A, 0x5B, 0x60, 0x61, 0x7A, 0x7B, 0xC1, 0xDA, 0xE1, 0xFA, 0x7F, 0x80, 0xFF, 0x00,
    ]
    let counts = edges.withUnsafeBufferPointer { FeatureExtractor.capitalCounts($0) }
    #expect(counts.upper == 2 && counts.letters == 4)
  }

  @Test func capitalsAndSenderKindComeFromTheOriginal() {
    #expect(
      names("urgent claim your prize", original: "URGENT CLAIM YOUR PRIZE", sender: .phone).contains("capitals:3"))
    #expect(names("see you at lunch today", original: "See you at lunch today").contains("capitals:0"))
    #expect(names("hi", sender: .dlt).contains("sender:dlt"))
  }

  /// A hostile body costs no more than its first few kilobytes: the link scan is linear and
  /// features come from the first ``FeatureExtractor/maximumBytes``.
  @Test func longAndDotFilledBodiesAreBounded() {
    let dots = String(repeating: "a.b..", count: 200_000)  // 1 MB of hosts separated by dots
    var buffer = FeatureBuffer()
    var text = dots
    text.withUTF8 { extractor.extract(normalized: $0, original: $0, senderKind: .unknown, into: &buffer) }
    #expect(buffer.rows.count < FeatureExtractor.maximumBytes * 4)
    var cut = FeatureBuffer()
    var prefix = String(dots.prefix(FeatureExtractor.maximumBytes))
    prefix.withUTF8 { extractor.extract(normalized: $0, original: $0, senderKind: .unknown, into: &cut) }
    #expect(Set(buffer.rows) == Set(cut.rows))
  }

  /// A buffer reused from message to message (as the matcher reuses it) holds only the last
  /// message's rows: the same as a fresh buffer's.
  @Test func aReusedBufferHoldsOnlyTheLastMessagesRows() {
    var reused = FeatureBuffer()
    var fresh = FeatureBuffer()
    var earlier = "URGENT claim your cash prize at https://prize.example.com/now call 09061701461"
    var text = "your otp is 482913 do not share"
    earlier.withUTF8 { extractor.extract(normalized: $0, original: $0, senderKind: .phone, into: &reused) }
    text.withUTF8 { text in
      extractor.extract(normalized: text, original: text, senderKind: .dlt, into: &reused)
      extractor.extract(normalized: text, original: text, senderKind: .dlt, into: &fresh)
    }
    #expect(reused.rows == fresh.rows && !fresh.rows.isEmpty)
  }

  /// The currency switch holds every currency word and symbol of eight bytes or fewer, and
  /// nothing else among words near them.
  @Test func theCurrencySwitchHoldsTheCurrencyListsAndNothingElse() {
    for key in FeatureExtractor.currencyKeys { #expect(FeatureExtractor.isCurrencyKey(key), "\(key)") }
    for word in ["r", "rss", "usdt", "dollar", "euro", "peso", "code", "otp", "a", "0", "00", "€€", "$$"] {
      let key = Array(word.utf8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      #expect(!FeatureExtractor.isCurrencyKey(key), "\(word)")
    }
    for word in ["rs", "shillings", "naira", "₹", "元"] {
      var text = word
      #expect(text.withUTF8 { FeatureExtractor.isCurrencyWord($0, 0..<$0.count) }, "\(word)")
    }
  }
}
