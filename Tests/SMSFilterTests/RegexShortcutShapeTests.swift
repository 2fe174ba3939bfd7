import Testing

@testable import SMSFilter

/// The label (`^[a-z0-9&'’ .-]{2,30}:\s`), dimension (`(?<!\w)\dx\d(?!\w)`) and quantity
/// (`(?<!\w)\d+(?:[.,]\d+)? ?(?:mb|gb)(?!\w)`) shapes of ``RegexShortcut``: which patterns have
/// them, and that the answer is PCRE2's on texts at the edges (lengths, case, non-ASCII
/// neighbours, white space of other kinds). Every corpus
/// message is checked by `RegexShortcutTests.builtInShortcutsAnswerAsPCRE2DoesOnTheCorpus`.
@Suite struct RegexShortcutShapeTests {
  @Test func knowsTheLabelAndDimensionShapes() throws {
    let label = try #require(RegexShortcut(prepared: #"^[a-z0-9&'’ .-]{2,30}:\s"#))
    guard case .label(let members, let lengths) = label else {
      Issue.record("\(label)")
      return
    }
    #expect(lengths == 2...30)
    #expect(members.others == [0x2019, 0x212A, 0x017F])
    #expect(members.ascii.contains(UInt8(ascii: "Q")) && members.ascii.contains(UInt8(ascii: "-")))
    #expect(!members.ascii.contains(UInt8(ascii: "_")))
    #expect(RegexShortcut(prepared: #"(?<!\w)\dx\d(?!\w)"#) == .dimension)
    #expect(
      RegexShortcut(prepared: #"(?<!\w)\d+(?:[.,]\d+)? ?(?:mb|gb)(?!\w)"#) == .quantity([[0x6D, 0x62], [0x67, 0x62]]))
    for other in [
      #"^[a-z:]{2,30}:\s"#, #"^[^a-z]{2,30}:\s"#, #"^[a-z]{2,30}:\s+"#, #"[a-z]{2,30}:\s"#, #"^[a-zé]{2,30}:\s"#,
      #"^[\w]{2,30}:\s"#, #"^[a-z]{2,30}?:\s"#, #"^[[:alpha:]]{2,30}:\s"#, #"\dx\d"#, #"(?<!\w)\dx\d"#,
      #"(?<!\w)\d+(?:[.,]\d+)? ?(?:mb|g\b)(?!\w)"#, #"(?<!\w)\d+(?:[.,]\d+)? ?(?:mb|)(?!\w)"#,
      #"(?<!\w)\d+(?:[.,]\d+)? ?(?:m2)(?!\w)"#, #"\d+(?:[.,]\d+)? ?(?:mb|gb)(?!\w)"#,
    ] {
      #expect(RegexShortcut(prepared: other) == nil, "\(other)")
    }
  }

  /// The built-in rules have these shapes, so the corpus test checks them on every message.
  @Test func builtInRulesHaveTheShapes() throws {
    let shortcuts = try Classifier.builtIn().compiled.regexes.compactMap(\.shortcut)
    #expect(shortcuts.contains(.dimension))
    #expect(shortcuts.contains { if case .label = $0 { true } else { false } })
    #expect(shortcuts.contains { if case .quantity = $0 { true } else { false } })
  }

  @Test func answersAsPCRE2Does() throws {
    let patterns = [
      #"^[a-z0-9&'’ .-]{2,30}:\s"#, #"^[a-z]{2,3}:\s"#, #"^[a-z0-9&'\' .-]{2,}:\s"#, #"(?<!\w)\dx\d(?!\w)"#,
      #"(?<!\w)\d+(?:[.,]\d+)? ?(?:mb|gb)(?!\w)"#,
    ]
    let texts = [
      "2gb", "2 gb", "2  gb", "2.5gb", "2,5 GB", "1.2.3gb", "a1.5gb", "1.a5gb", "x2gb", "-2gb", ".5gb", "2.gb", "2gbs",
      "2gb!", "2gb_", "2gbé", "é2gb", "é1.5gb", "é.5gb", "remember 5 numbers", "5 member", "number 2", "150mb daily",
      "1,000 mb", "a1,000 mb 3gb", "२gb", "2 mb\u{A0}", "2\u{A0}gb", "é1.5 2gb", "mb", "gb 2", "12gb34", "12 gb 34",
      "", ":", "a: x", "ab: x", "abc: hi", "abcd: hi", "mom: call me", "Mom: call me", "MOM:\tcall", "mom:call",
      "mom :  x", "mom:", "mom: ", "mom:\n", "mom ’s: hi", "mom's phone: hi", "mrs. o’neil-smith & co: hi",
      "mom\u{2019}: x", "\u{212A}ate: x", "\u{017F}am: x", "mamá: hola", "日本: x", "mom:\u{A0}x", "mom:\u{2028}x",
      "mom:\u{3000}x", "mom:é", "abcdefghijklmnopqrstuvwxyz0123: x", "abcdefghijklmnopqrstuvwxyz01234: x",
      "hi mom: x", " mom: x", "mom_: x", "3x2", "3X2 offer", "buy 3x2 now", "1920x1080", "a1x2", "1x2b", "1x2_",
      "_1x2", "(2x1)", "2x1.", "२x२", "é2x1", "2x1é", "2x1 é1x2", "é2x1 3x4", "12x3 4x56", "2x", "x2", "2 x 1",
      "mom: 2x1 ok", "٣x٢", "3x٢", "٣x2", "٣ x ٢ 3x2", "الساعة ٨", "x٣", "1x2x3", "1x2 x", "x", "1x",
    ]
    try expectShortcutsAnswerAsPCRE2(patterns, on: texts, rewritingWordClasses: true)
  }

  /// The shortcut decides the ordinary texts itself (a test of the scan, not only its silence).
  @Test func decidesOrdinaryTexts() throws {
    let label = try #require(RegexShortcut(prepared: #"^[a-z0-9&'’ .-]{2,30}:\s"#))
    let dimension = try #require(RegexShortcut(prepared: #"(?<!\w)\dx\d(?!\w)"#))
    func answer(_ shortcut: RegexShortcut, _ text: String) -> Bool? {
      let bytes = Array(text.utf8)
      return bytes.withUnsafeBufferPointer { buffer in
        shortcut.answer(buffer, hasDigit: { true }, hasNonASCIIDigit: { MatchState.hasNonASCIIDigit(buffer) })
      }
    }
    #expect(answer(label, "mom: call me") == true)
    #expect(answer(label, "mom’s: call me") == true)
    #expect(answer(label, "hi mom: call me") == true)
    #expect(answer(label, "hi mom, call me") == false)
    #expect(answer(label, "mom:\u{A0}x") == nil)
    #expect(answer(dimension, "buy 3x2 now") == true)
    #expect(answer(dimension, "1920x1080") == false)
    #expect(answer(dimension, "é2x1") == nil)
    #expect(answer(dimension, "é2x1 3x4") == true)
    #expect(answer(dimension, "الساعة ٨ exactly") == false)
    #expect(answer(dimension, "٣x٢") == nil)
    let quantity = try #require(RegexShortcut(prepared: #"(?<!\w)\d+(?:[.,]\d+)? ?(?:mb|gb)(?!\w)"#))
    #expect(answer(quantity, "remember your 3 numbers") == false)
    #expect(answer(quantity, "get 1.5 gb free") == true)
    #expect(answer(quantity, "é15gb") == nil)
    #expect(answer(quantity, "é1.5gb") == true)
  }
}
