import Foundation
import SMSFilterBenchmarks
import Testing

@testable import SMSFilter

/// The compiled matcher (automaton + regex prefilter + candidate rules) must decide exactly as
/// the plain per-rule evaluation does, for every message.
@Suite struct MatcherEquivalenceTests {
  @Test func defaultRulesAgreeOnTheWholeCorpus() throws {
    // No budget: plain evaluation is slow (especially under a sanitizer) and must not give up.
    let classifier = try Classifier(ruleSet: DefaultRules.ruleSet(), budget: .unlimited)
    let session = classifier.makeSession()
    let messages = try PackagePaths.corpusMessages()
    #expect(messages.count > 1000)
    var disagreements = 0
    for message in messages {
      let query = MessageQuery(sender: message.sender, messageBody: message.body)
      let compiled = session.classify(query)
      let naive = session.classifyNaively(query)
      if compiled != naive {
        disagreements += 1
        Issue.record("\(message.body): compiled \(compiled.ruleID ?? "-") vs naive \(naive.ruleID ?? "-")")
      }
    }
    #expect(disagreements == 0)
  }

  @Test func prefilterNeverRejectsARegexMatch() throws {
    // For every regex with literals, on every corpus message: regex matches ⇒ a literal occurs.
    let classifier = try Classifier.builtIn()
    let state = classifier.makeMatcher().state
    let compiled = classifier.compiled
    var checked = 0
    for message in try PackagePaths.corpusMessages() {
      MessageQuery(messageBody: message.body).withInput { state.begin($0, budget: .unlimited, trackingOffsets: false) }
      let text = state.text.bytes
      // Byte search: literals are byte strings (a Devanagari literal may end inside a grapheme).
      func occurs(_ literal: Int) -> Bool {
        let needle = compiled.literals[literal]
        return text.count >= needle.count
          && (0...(text.count - needle.count)).contains { text[$0..<($0 + needle.count)].elementsEqual(needle) }
      }
      for regex in compiled.regexes {
        guard let gate = regex.gate else { continue }
        let matched = regex.pattern.firstMatch(in: state.text.bytes, scratch: state.regexScratch).range != nil
        if matched {
          checked += 1
          #expect(
            gate.contains(where: occurs),
            "regex \(regex.pattern.source) matched \(state.text.string) without its literals")
          // The full clause gate holds too: some alternative has a literal from every clause.
          let clausesHold = regex.clauses.contains { branch in
            branch.allSatisfy { clause in clause.contains(where: occurs) }
          }
          #expect(clausesHold, "regex \(regex.pattern.source) matched \(state.text.string) outside its clause gate")
        }
      }
    }
    #expect(checked > 100)  // the corpus exercises many gated regexes
  }

  /// Keyword rules hold as soon as the pass finds their keyword, without being evaluated; the
  /// other rules are candidates evaluated only up to that known winner. Over a tiny vocabulary
  /// (so keywords occur inside each other and inside longer words), with bounded and unbounded
  /// keywords, one- and two-keyword `allKeywords`, keywords shared between rule kinds, gated
  /// regexes, vetoes and tied priorities, the compiled matcher must still decide as plain
  /// evaluation does.
  @Test(arguments: [1, 2, 3, 4, 5, 6])
  func keywordRulesKnownToHoldAgreeWithPlainEvaluation(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    func draw(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
    let vocabulary = ["ab", "abc", "bca", "ca", "cab", "b", "abca", "çab", "ab-c", "日本"]
    func word() -> String { vocabulary[draw(vocabulary.count)] }
    func condition(depth: Int = 0) -> Condition {
      switch draw(depth > 0 ? 7 : 9) {
      case 0, 1: return .anyKeyword((0..<(1 + draw(3))).map { _ in word() }, wordBoundary: draw(3) != 0)
      case 2: return .allKeywords([word()], wordBoundary: draw(2) == 0)
      case 3: return .allKeywords([word(), word()], wordBoundary: draw(2) == 0)
      case 4: return .regex("\\b\(word())\\s+\\d")
      case 5: return .regex("\\d{3}")  // no literal: always a candidate
      case 6: return .none([.anyKeyword([word()], wordBoundary: true)])
      case 7: return .all([condition(depth: depth + 1), .none([condition(depth: depth + 1)])])  // a veto
      default: return .any([condition(depth: depth + 1), condition(depth: depth + 1)])
      }
    }
    let rules = (0..<60).map { index in
      Rule(id: "R\(index)", action: .junk, priority: draw(6), condition: condition())
    }
    let separators = [" ", "", "-", ", ", " 123 ", "x"]
    let messages = (0..<1500).map { _ in
      MessageQuery(messageBody: (0..<(1 + draw(6))).map { _ in word() + separators[draw(separators.count)] }.joined())
    }
    let session = try Classifier(ruleSet: RuleSet(rules: rules), budget: .unlimited).makeSession()
    var matched = 0
    for query in messages {
      let compiled = session.classify(query)
      #expect(compiled == session.classifyNaively(query), "\(query.messageBody)")
      if compiled.ruleID != nil { matched += 1 }
    }
    #expect(matched > 100)
  }

  /// A literal whose every use asks for word boundaries counts only there: the pass skips its
  /// other hits (`i` inside `this`) before stamping it or making a rule a candidate. One that a
  /// keyword list without boundaries or a regex gate uses keeps counting everywhere. Either way
  /// the decisions are plain evaluation's.
  @Test func literalsUsedOnlyOnWordBoundariesCountOnlyThere() throws {
    let rules = [
      Rule(
        id: "CHAT", action: .allow, priority: 5,
        condition: .all([.anyKeyword(["i", "ur", "nite"], wordBoundary: true), .none([.regex(#"\d{4}"#)])])),
      Rule(id: "ANYWHERE", action: .junk, priority: 4, condition: .anyKeyword(["k", "zz"], wordBoundary: false)),
      Rule(id: "GATED", action: .junk, priority: 3, condition: .regex(#"ur\d"#)),
      Rule(id: "BOTH", action: .promotion, priority: 2, condition: .anyKeyword(["zz", "nite"], wordBoundary: true)),
    ]
    let classifier = try Classifier(ruleSet: RuleSet(rules: rules), budget: .unlimited)
    let compiled = classifier.compiled
    func countsOnlyOnBoundaries(_ literal: String) throws -> Bool {
      let index = try #require(compiled.literals.firstIndex(of: Array(literal.utf8)), "\(literal)")
      return compiled.literalBoundaries[index] & LiteralEntry.countsOnlyOnBoundaries != 0
    }
    #expect(try countsOnlyOnBoundaries("i") && countsOnlyOnBoundaries("nite"))
    // "ur" is a regex gate's literal, "k" and "zz" are in a list without boundaries.
    #expect(compiled.gateLiterals.contains { compiled.literals[$0] == Array("ur".utf8) })
    #expect(try !countsOnlyOnBoundaries("ur"))
    #expect(try !countsOnlyOnBoundaries("k") && !countsOnlyOnBoundaries("zz"))
    let session = classifier.makeSession()
    let expected: [(String, String?)] = [
      ("this is it", nil), ("i think so", "CHAT"), ("see ur nite", "CHAT"), ("unite with us", nil),
      ("ur2 tonight", "GATED"), ("ok bye", "ANYWHERE"), ("pizza nite", "CHAT"), ("pizza", "ANYWHERE"),
      ("nite nite", "CHAT"),
      ("i paid 1234", nil), ("fizz", "ANYWHERE"),
    ]
    for (body, rule) in expected {
      let query = MessageQuery(messageBody: body)
      let decision = session.classify(query)
      #expect(decision.ruleID == rule, "\(body)")
      #expect(decision == session.classifyNaively(query), "\(body)")
    }
  }

  /// A keyword rule known to hold does not win while rules before it could not be evaluated:
  /// when the budget runs out first, the decision says so instead of guessing. (The regexes
  /// need seven digits in a row and letters before a digit, which the message has, so the
  /// byte-run prefilter lets each of them run; none matches.)
  @Test func aKnownKeywordWinnerWaitsForTheRegexesBeforeIt() throws {
    let rules =
      (0..<3).map {
        Rule(id: "RX\($0)", action: .junk, priority: 10, condition: .regex("\\d{7}\\s?[a-z]{\($0 + 1)}\\d"))
      }
      + [Rule(id: "KEYWORD", action: .promotion, priority: 1, condition: .anyKeyword(["sale"], wordBoundary: true))]
    let query = MessageQuery(messageBody: "big sale 1234567 and xyz9")
    func decide(maxRegexRuns: Int) throws -> Decision {
      try Classifier(
        ruleSet: RuleSet(rules: rules),
        budget: MessageBudget(maxRegexRuns: maxRegexRuns)
      ).classify(query)
    }
    let starved = try decide(maxRegexRuns: 2)
    #expect(starved.budgetExhausted && starved.ruleID == nil)
    let enough = try decide(maxRegexRuns: 3)
    #expect(!enough.budgetExhausted && enough.ruleID == "KEYWORD")
  }

  /// Stamps hold the message's generation in 31 bits; when it runs out they are cleared and
  /// counting starts again at 1. Stamps left by the message of generation 1 must not leak into
  /// the message after the wrap, which is generation 1 again.
  @Test func decisionsStayTheSameAcrossTheGenerationWrap() throws {
    let classifier = try Classifier.builtIn()
    let messages = try PackagePaths.corpusMessages().prefix(200).map {
      MessageQuery(sender: $0.sender, messageBody: $0.body)
    }
    for (first, second) in zip(messages, messages.dropFirst()) {
      let matcher = classifier.makeMatcher()
      _ = first.withInput { classifier.decide($0, matcher) }  // stamps at generation 1
      matcher.state.generation = LiteralStamp.maxGeneration  // the next message wraps to generation 1
      let decision = second.withInput { classifier.decide($0, matcher) }
      #expect(matcher.state.generation == 1)
      #expect(decision == second.withInput { classifier.decide($0, classifier.makeMatcher()) }, "\(second.messageBody)")
    }
  }
}
