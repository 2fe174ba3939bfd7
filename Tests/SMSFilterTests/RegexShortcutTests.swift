import PCRE2
import Testing

@testable import SMSFilter

/// The regexes the matcher answers itself (``RegexShortcut``): which shapes it knows, and that
/// its answer is PCRE2's on texts at the edges (lengths, digits of other scripts, newlines).
@Suite struct RegexShortcutTests {
  @Test func knowsThePictographicAndDigitRunShapes() {
    #expect(RegexShortcut(prepared: #"\p{Extended_Pictographic}"#) == .pictographic)
    #expect(RegexShortcut(prepared: #"(?:\+?\d[\d -]{7,14}\d)"#) == .digitRun(gaps: 7...14))
    #expect(RegexShortcut(prepared: #"\d[\d -]{3,}\d"#) == .digitRun(gaps: 3...Int.max))
    for other in [
      #"\p{Extended_Pictographic}+"#, #"\p{Emoji}"#, #"\+\d[\d -]{7,14}\d"#, #"\d[\d -]{7,14}\d\b"#,
      #"\d[\d -]{7,14}"#, #"\d[\d -]{7,14}?\d"#, #"(?:\+?\d[\d -]{7,14}\d"#, #"\d[\d .]{7,14}\d"#,
      #"\d[\d -]{14,7}\d"#, #"\d[\d -]{0,99999}\d"#,
    ] {
      #expect(RegexShortcut(prepared: other) == nil, "\(other)")
    }
  }

  /// The ranges are PCRE2's property, scalar by scalar (what makes the shortcut exact).
  @Test func pictographicScalarsArePCRE2s() throws {
    let pattern = try Pattern(#"\p{Extended_Pictographic}"#, options: [.caseless])
    let scratch = MatchScratch()
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let bytes = Array(String(Character(scalar)).utf8)
      let expected = pattern.firstMatch(in: bytes, scratch: scratch) != .noMatch
      if PictographicScalars.contains(value) != expected {
        Issue.record("U+\(String(value, radix: 16)): PCRE2 says \(expected)")
      }
      let found = bytes.withUnsafeBufferPointer { PictographicScalars.occurs(in: $0) }
      if found != expected { Issue.record("occurs(in:) on U+\(String(value, radix: 16))") }
    }
  }

  @Test func digitRunsAndPictographsAnswerAsPCRE2Does() throws {
    let patterns = [#"(?:\+?\d[\d -]{7,14}\d)"#, #"\d[\d -]{2,3}\d"#, #"\p{Extended_Pictographic}"#]
    let texts = [
      "", "call 0203 904 8716 now", "12345678", "123456789", "1234567890123456", "12345678901234567",
      "+91 98-76 54 32 10", "1-2-3-4-5", "12 34", "1  2", "12a34", "1 2 3 4 5 6 7 8 9", "a1-----b",
      "5--------------6", "5---------------6", "call ९८७६५४३२१० now", "१२३४५ 12345", "12 ३४ 5678 901",
      "ok 👍", "paid ₹500 and £20", "© 2026", "™", "heart ❤ you", "⌚", "日本語", "1 2\u{2028}3 4", "12\t34 5678",
    ]
    try expectShortcutsAnswerAsPCRE2(
      patterns, on: texts,
      silentOnlyWhen: { bytes in MatchState.hasNonASCIIDigit(bytes.withUnsafeBufferPointer { $0 }) })
  }

  @Test func knowsTheAmountShape() throws {
    let shortcut = try #require(RegexShortcut(prepared: #"(?:\brs|₹|\$|\bus\$|\bs/)\.?\s?\d"#))
    #expect(
      shortcut
        == .amount([
          .init(bytes: Array("rs".utf8), boundary: true), .init(bytes: Array("₹".utf8), boundary: false),
          .init(bytes: Array("$".utf8), boundary: false), .init(bytes: Array("us$".utf8), boundary: true),
          .init(bytes: Array("s/".utf8), boundary: true),
        ]))
    for other in [
      #"(?:rs|₹)\.?\s?\d+"#, #"(?:rs|₹)\s?\d"#, #"(?:r.|₹)\.?\s?\d"#, #"(?:rs|₹)?\.?\s?\d"#, #"(?:\b₹|rs)\.?\s?\d"#,
      #"(?:r[s]|₹)\.?\s?\d"#, #"(?:\d|₹)\.?\s?\d"#, #"(?:rs|(?:₹))\.?\s?\d"#, #"(?:RS|₹)\.?\s?\d"#,
    ] {
      #expect(RegexShortcut(prepared: other) == nil, "\(other)")
    }
  }

  @Test func amountsAnswerAsPCRE2Does() throws {
    let source = #"(?:\brs|\binr|₹|\busd|\bus\$|\$|£|€|\beur|\bgbp|\br\$|\brp|\bs/|\bidr)\.?\s?\d"#
    let texts = [
      "", "rs", "rs5", "rs 5", "rs.5", "rs. 5", "rs..5", "rs  5", "rs.  5", "pay rs. 500 now", "hrs 5", "hours5",
      "mrs 5", "_rs 5", "1rs 5", "₹500", "x₹ 5", "₹.5", "$ 5", "us$5", "bus$5", "aus$ 5", "€\t5", "£\n7",
      "s/ 20", "ms/ 20", "rp 10.000", "idr\u{a0}5", "rs\u{a0}5", "éus$5", "éinr 5", "ñrs 5", "rs ५", "rs 5 and ५",
      "रुपये rs 5", "rs\u{2003}5", "eur", "eur 12", "gbp.x", "inr,5", "RS 5", "Rs. 20",
    ]
    try expectShortcutsAnswerAsPCRE2([source], on: texts, rewritingWordClasses: true)
    // It decides ordinary texts itself, not only stays silent where PCRE2 would disagree.
    let shortcut = try #require(RegexShortcut(prepared: source))
    for (text, expected) in [("pay rs. 500 now", true), ("₹250 off", true), ("hrs 5", false), ("no money here", false)]
    {
      #expect(shortcut.answer(onText: Array(text.utf8)) == expected, "\(text)")
    }
  }

  /// Every shortcut of the built-in rules answers as PCRE2 (given the pattern as the builder
  /// compiles it) on every corpus message, wherever it answers at all.
  @Test func builtInShortcutsAnswerAsPCRE2DoesOnTheCorpus() throws {
    let regexes = try Classifier.builtIn().compiled.regexes.compactMap { regex -> (Pattern, RegexShortcut)? in
      guard let shortcut = regex.shortcut else { return nil }
      return (try Pattern(RegexWordCharacters.rewrite(regex.source), options: [.caseless]), shortcut)
    }
    #expect(regexes.count >= 3)
    let scratch = MatchScratch()
    var answered = 0
    for (_, body) in try PackagePaths.corpusMessages() {
      let text = Array(TextNormalizer.normalize(body).utf8)
      for (pattern, shortcut) in regexes {
        guard let answer = shortcut.answer(onText: text) else { continue }
        answered += 1
        #expect(
          answer == (pattern.firstMatch(in: text, scratch: scratch) != .noMatch),
          "\(pattern.source) on \(String(decoding: text, as: UTF8.self))")
      }
    }
    #expect(answered > 30_000)
  }

  @Test func knowsOnlyTheDigitFreeShape() {
    #expect(RegexShortcut(prepared: #"^[^\d]{0,220}$"#) == .digitFree(lengths: 0...220))
    #expect(RegexShortcut(prepared: #"^\D{3}$"#) == .digitFree(lengths: 3...3))
    #expect(RegexShortcut(prepared: #"^\D{5,}$"#) == .digitFree(lengths: 5...Int.max))
    #expect(RegexShortcut(prepared: #"^[^\d]*$"#) == .digitFree(lengths: 0...Int.max))
    #expect(RegexShortcut(prepared: #"^\D+$"#) == .digitFree(lengths: 1...Int.max))
    for other in [
      #"^[^\d]{0,220}"#, #"[^\d]{0,220}$"#, #"^[^\d]{0,220}\$"#, #"^[^\d]{0,220}?$"#, #"^[^\d]{220,10}$"#,
      #"^[^\d]{,220}$"#, #"^[^0-9]{0,220}$"#, #"^[^\d]{0,99999}$"#, #"^\d{0,5}$"#, #"^[^\d]{0,2x}$"#,
      #"^[^\d]{0,99999999999999999999999}$"#, #"^[^\d]{99999999999999999999999}$"#,
    ] {
      #expect(RegexShortcut(prepared: other) == nil, "\(other)")
    }
  }

  @Test func answersAsPCRE2Does() throws {
    let patterns = [#"^[^\d]{0,12}$"#, #"^\D{3,5}$"#, #"^[^\d]*$"#, #"^\D+$"#, #"^[^\d]{4,}$"#]
    let texts = [
      "", "hi", "abc", "hello there", "hello there!", "hello there!!", "room 4", "४ बजे", "मिलते हैं",
      "ok\n", "okay\n", "abcde\n", "line\nnext", "end\r", "ab\u{85}", "ab\u{2028}", "१२", "x٣y", "emoji 😀",
      "ünïcödé", "abc\n\n",
    ]
    try expectShortcutsAnswerAsPCRE2(
      patterns, on: texts,
      silentOnlyWhen: { bytes in RegexShortcut.mayEndWithNewline(bytes.withUnsafeBufferPointer { $0 }) })
  }

  @Test func compiledDecisionsEqualPlainEvaluation() throws {
    let rule = Rule(
      id: "SHORT_NO_NUMBER", action: .junk, priority: 10,
      condition: .all([.anyKeyword(["hello"], wordBoundary: true), .regex(#"^[^\d]{0,20}$"#)]))
    let classifier = try Classifier(ruleSet: RuleSet(rules: [rule]), budget: .unlimited)
    let session = classifier.makeSession()
    for body in [
      "hello", "hello there friend!", "hello there friend!!", "hello 5", "hello १", "hello\n",
      "say hello to all of them",
    ] {
      let query = MessageQuery(sender: nil, messageBody: body)
      #expect(session.classify(query).ruleID == session.classifyNaively(query).ruleID, "\(body.debugDescription)")
    }
    #expect(session.classify(MessageQuery(sender: nil, messageBody: "hello friend")).ruleID == "SHORT_NO_NUMBER")
    #expect(session.classify(MessageQuery(sender: nil, messageBody: "hello friend 2")).ruleID == nil)
  }
}
