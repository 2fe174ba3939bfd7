import PCRE2
import SMSFilterBenchmarks
import Testing

@testable import SMSFilter

/// The compiled matcher (automaton, prefilter, lowering), plain evaluation and PCRE2 on its own
/// agree on regexes and texts generated from a grammar of PCRE2's syntax (``RegexGrammar``).
@Suite struct RegexDifferentialTests {
  /// The cases issue 12 found: the prefilter demanded literals the match never needs.
  @Test(arguments: [
    (#"a\x62c"#, "abc"), (#"\x2ecom"#, "x.com"), (#"a\142c"#, "abc"), (#"(?<w>ab)\s\k<w>"#, "ab ab"),
    (#"(?<w>ab)\s\g<w>"#, "ab ab"), ("ab(*ACCEPT)zzz", "ab"), ("(?:ab(*ACCEPT))?cd", "ab"), ("(*NO_JIT)abc", "abc"),
    (#"(ab)\s\1"#, "ab ab"), (#"(ab)\s\g{-1}"#, "ab ab"), (#"(ab)\s(?1)"#, "ab ab"), (#"a\x{62}c"#, "abc"),
  ])
  func prefilterCasesMatch(regex: String, body: String) throws {
    let classifier = try Classifier(
      ruleSet: RuleSet(rules: [Rule(id: "R", action: .junk, condition: .regex(regex))]))
    #expect(classifier.classify(MessageQuery(messageBody: body)).ruleID == "R", "\(regex)")
  }

  /// Found by FuzzRegexDifferential: a verb in one alternative decides for all of them, so the
  /// alternatives must not be lowered to keywords one by one.
  @Test func verbsKeepAlternativesTogether() throws {
    var compared = 0
    #expect(try Self.check("(*PRUNE)(*FAIL)|a|c{2}", texts: ["c.ax", "a", "cc"], compared: &compared) == nil)
    #expect(compared == 3)
  }

  /// 600 generated regexes on 5 texts each (seeded, so a failure reproduces): compiled == plain
  /// == PCRE2 wherever PCRE2 answers alone.
  @Test func generatedRegexesAgreeEverywhere() throws {
    var random = SplitMix64(seed: 12)
    let choose = { (count: Int) -> Int in Int(random.next() % UInt64(count)) }
    // Only texts PCRE2 answered on its own count: a regex that does not compile, or a text that
    // reaches a limit, compares nothing.
    var compared = 0
    for _ in 0..<600 {
      let regex = RegexGrammar.pattern(choose)
      let texts = (0..<5).map { _ in RegexGrammar.text(choose) }
      if let mismatch = try Self.check(regex, texts: texts, compared: &compared) { Issue.record("\(mismatch)") }
    }
    print("RegexDifferentialTests: \(compared) comparisons")
    #expect(compared > 800)  // 955 with this seed
  }

  /// Checks one regex on texts; `nil` when they agree (or the regex does not compile), else a
  /// description of the first disagreement.
  static func check(_ regex: String, texts: [String], compared: inout Int) throws -> String? {
    let prepared = RegexSource.prepare(regex)
    guard let pattern = try? Pattern(prepared, options: [.caseless]) else { return nil }
    let classifier: Classifier
    do {
      classifier = try Classifier(
        ruleSet: RuleSet(rules: [Rule(id: "R", action: .junk, condition: .regex(regex))]), budget: .unlimited)
    } catch { return "\(regex): compiles alone but not in a rule: \(error)" }
    let session = classifier.makeSession()
    let scratch = MatchScratch()
    for text in texts {
      let normalized = TextNormalizer.normalize(text)
      let alone = pattern.firstMatch(in: Array(normalized.utf8), scratch: scratch)
      guard alone == .noMatch || alone.range != nil else { continue }
      compared += 1
      let query = MessageQuery(messageBody: text)
      let compiled = session.classify(query).ruleID == "R"
      let plain = session.classifyNaively(query).ruleID == "R"
      if compiled != (alone.range != nil) || plain != compiled {
        return "\(regex) on \"\(text)\": PCRE2 \(alone), compiled \(compiled), plain \(plain)"
      }
    }
    return nil
  }
}
