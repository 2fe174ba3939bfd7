import Testing

@testable import SMSFilter

@Suite struct RegexLoweringTests {
  @Test func wordListsBecomeKeywords() {
    #expect(
      RegexLowering.keywordCondition(for: #"(?<!\w)(?:refund|reports?)(?!\w)"#)
        == .anyKeyword(["refund", "reports", "report"], wordBoundary: true))
    #expect(
      RegexLowering.keywordCondition(for: #"\b(?:hasil (?:lab|tes)|otp)\b"#)
        == .anyKeyword(["hasil lab", "hasil tes", "otp"], wordBoundary: true))
    // A bare alternation (no guards) becomes keywords matched anywhere, normalised like text.
    #expect(
      RegexLowering.keywordCondition(for: "रिपोर्ट|जाँच")
        == .anyKeyword([TextNormalizer.normalize("रिपोर्ट"), TextNormalizer.normalize("जाँच")], wordBoundary: false))
  }

  @Test func anythingElseStaysARegex() {
    #expect(RegexLowering.keywordCondition(for: #"\b\d{6}\b"#) == nil)
    #expect(RegexLowering.keywordCondition(for: #"(?<!\w)(?:code|otp)"#) == nil)  // one-sided guard
    #expect(RegexLowering.keywordCondition(for: "colou*r") == nil)
    #expect(RegexLowering.keywordCondition(for: "(?i)otp") == nil)
    #expect(RegexLowering.keywordCondition(for: #"(otp)|\1x"#) == nil)  // back-reference
  }

  @Test func mixedAlternationsAreSplit() {
    #expect(
      RegexLowering.keywordCondition(for: #"(?<!\w)(?:% off|sale)(?!\w)"#)
        == .any([.anyKeyword(["sale"], wordBoundary: true), .regex(#"(?<!\w)% off(?!\w)"#)]))
    #expect(
      RegexLowering.keywordCondition(for: #"(?<!\w)(?:today|\d{1,2}:\d{2})(?!\w)|kal"#)
        == .any([
          .anyKeyword(["today"], wordBoundary: true), .anyKeyword(["kal"], wordBoundary: false),
          .regex(#"(?<!\w)\d{1,2}:\d{2}(?!\w)"#),
        ]))
  }

  /// Every alternative that is not a word list becomes a regex of its own, gated by its own
  /// literals; those with no literal share one regex (one run instead of several).
  @Test func alternativesRunOnTheirOwnLiterals() {
    #expect(
      RegexLowering.keywordCondition(for: #"(?<!\w)(?:win \d+|prize \w+)(?!\w)|\d{5}|\bx\d{6}"#)
        == .any([
          .regex(#"(?<!\w)win \d+(?!\w)"#), .regex(#"(?<!\w)prize \w+(?!\w)"#), .regex(#"\d{5}|\bx\d{6}"#),
        ]))
    // A guarded group inside an unguarded alternation is decomposed too.
    #expect(
      RegexLowering.keywordCondition(for: #"https?://|(?<!\w)(?:bit\.ly|t\.co)(?!\w)|www\.\w+"#)
        == .any([
          .anyKeyword(["bit.ly", "t.co"], wordBoundary: true),
          .anyKeyword(["https://", "http://"], wordBoundary: false),
          .regex(#"www\.\w+"#),
        ]))
    // A regex that is one piece stays as it is.
    #expect(RegexLowering.keywordCondition(for: #"(?<!\w)code \d{4}(?!\w)"#) == nil)
    // Inline options carry on into later alternatives: such a regex is not taken apart.
    #expect(RegexLowering.keywordCondition(for: #"a(?x) b \d|c d \d"#) == nil)
    #expect(RegexLowering.keywordCondition(for: #"(?i)win \d|prize \d"#) == nil)
  }

  /// Rule by rule, over the whole corpus: the lowered rule set decides each rule's condition
  /// exactly as the regexes did.
  @Test func loweringIsExactOnTheCorpus() throws {
    let ruleSet = try RuleLoader.load(paths: [PackagePaths.rules])
    let lowered = try Classifier(ruleSet: ruleSet, budget: .unlimited)
    let plain = try Classifier(unloweredRuleSet: ruleSet)
    let messages = try PackagePaths.corpusMessages()
    #expect(!messages.isEmpty)
    // Lowering must have turned some regexes into keywords, or the comparison compares a
    // computation with itself.
    #expect(lowered.statistics.regexes < plain.statistics.regexes)
    var mismatches = 0
    var matches = 0
    for message in messages {
      let query = MessageQuery(sender: message.sender, messageBody: message.body)
      var loweredMatches: [String] = []
      var plainMatches: [String] = []
      lowered.evaluateEachRule(query) { rule, matched, _ in if matched { loweredMatches.append(rule.id) } }
      plain.evaluateEachRule(query) { rule, matched, _ in if matched { plainMatches.append(rule.id) } }
      matches += plainMatches.count
      if loweredMatches != plainMatches {
        mismatches += 1
        Issue.record("\(message.body): lowered \(loweredMatches) vs regex \(plainMatches)")
      }
    }
    #expect(mismatches == 0)
    #expect(matches > messages.count / 2)
  }
}
