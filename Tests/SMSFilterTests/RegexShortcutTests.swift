import PCRE2
import Testing

@testable import SMSFilter

/// The regexes the matcher answers itself (``RegexShortcut``): which shapes it knows, and that
/// its answer is PCRE2's on texts at the edges (lengths, digits of other scripts, newlines).
@Suite struct RegexShortcutTests {
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
    let scratch = MatchScratch()
    for source in patterns {
      let shortcut = try #require(RegexShortcut(prepared: source))
      let pattern = try Pattern(source, options: [.caseless])
      for text in texts {
        let bytes = Array(text.utf8)
        var expected = false
        if case .matched = pattern.firstMatch(in: bytes, scratch: scratch) { expected = true }
        let answer = bytes.withUnsafeBufferPointer { buffer in
          shortcut.answer(buffer) {
            buffer.contains { (0x30...0x39).contains($0) } || MatchState.hasNonASCIIDigit(buffer)
          }
        }
        if let answer {
          #expect(answer == expected, "\(source) on \(text.debugDescription)")
        } else {
          #expect(RegexShortcut.mayEndWithNewline(bytes.withUnsafeBufferPointer { $0 }), "\(text.debugDescription)")
        }
      }
    }
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
