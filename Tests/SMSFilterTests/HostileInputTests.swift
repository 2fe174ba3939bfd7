import Foundation
import Synchronization
import Testing

@testable import SMSFilter

/// Hostile regexes, hostile messages and rule replacement under load: the engine answers, marks
/// what it gave up on, and never mixes rule sets.
@Suite struct HostileInputTests {
  /// The classic exponential pattern against hostile bodies. The loader's lint refuses this
  /// shape, so the rule is built in code, as a library user could. The budget stops it, the
  /// decision says so, and the same message always gets the same record.
  @Test func catastrophicRegexEndsWithAMarkedDecision() throws {
    let ruleSet = RuleSet(rules: [
      Rule(id: "EVIL", action: .junk, priority: 10, condition: .regex("(a+)+$")),
      Rule(
        id: "SAFE", action: .transaction, subAction: .transactionalOthers, priority: 1,
        condition: .anyKeyword(["aaa"], wordBoundary: false)),
    ])
    let classifier = try Classifier(ruleSet: ruleSet)
    for count in [40, 4_000, 100_000] {
      let query = MessageQuery(messageBody: String(repeating: "a", count: count) + "!")
      let decision = classifier.classify(query)
      #expect(decision.limitExceeded || decision.budgetExhausted, "\(count)")
      #expect(decision.ruleID == nil || decision.ruleID == "SAFE")
      #expect(classifier.classify(query) == decision)
    }
    // With the per-match limit low enough to be reached within the budget, the regex counts as
    // no match and the next rule decides.
    let limited = try Classifier(ruleSet: ruleSet, matchLimit: 1_000)
    let decision = limited.classify(MessageQuery(messageBody: String(repeating: "a", count: 40) + "!"))
    #expect(decision.limitExceeded && !decision.budgetExhausted && decision.ruleID == "SAFE")
  }

  /// The hostile regexes of issue 12, each on its hostile body, built in code (some pass the
  /// lint): each ends with a marked record, and the same record every time.
  @Test func hostileRegexesOnHostileBodiesEndMarked() throws {
    let cases: [(String, String)] = [
      (#"(\w+)\s+\1\b"#, String(repeating: "a", count: 50_000) + " " + String(repeating: "a", count: 49_999) + "b"),
      // The lookahead's "zq" occurs (after the first z), so the prefilter lets the regex run.
      ("a(?=[^z]*zq)", String(repeating: "a", count: 100_000) + "zxq zq"),
      (String(repeating: "()", count: 8_000) + "(?:a|b)*c", String(repeating: "ab", count: 20_000) + "c"),
    ]
    for (regex, body) in cases {
      let classifier = try Classifier(
        ruleSet: RuleSet(rules: [Rule(id: "HOSTILE", action: .junk, condition: .regex(regex))]))
      let decision = classifier.classify(MessageQuery(messageBody: body))
      #expect(decision.ruleID == nil, "\(regex.prefix(40))")
      #expect(decision.limitExceeded || decision.budgetExhausted, "\(regex.prefix(40))")
      #expect(classifier.classify(MessageQuery(messageBody: body)) == decision)
    }
  }

  /// A regex sees at most the budget's window of the body: a match within it is a match, and
  /// one that would need the rest of the body is undecided (marked), never invented at the cut.
  @Test func aLongBodyIsMatchedWithinTheWindow() throws {
    let classifier = try Classifier(
      ruleSet: RuleSet(rules: [
        Rule(id: "START", action: .junk, priority: 2, condition: .regex("^start")),
        Rule(id: "END", action: .allow, priority: 1, condition: .regex(#"x\z"#)),
      ]))
    let body = "start " + String(repeating: "x", count: 20_000)
    #expect(classifier.classify(MessageQuery(messageBody: body)).ruleID == "START")
    let tail = classifier.classify(MessageQuery(messageBody: "begin " + String(repeating: "x", count: 20_000)))
    #expect(tail.ruleID == nil && tail.limitExceeded)
  }

  @Test func theMessageBudgetStopsEndlessRegexWork() throws {
    // 50 rules whose regexes have no literal (so they run wherever seven digits in a row are,
    // and letters before a digit) and do not match the first message; a budget of 10 runs.
    let rules = (0..<50).map { index in
      Rule(id: "R\(index)", action: .junk, priority: 100 - index, condition: .regex(#"\d{7}\s?[a-z]{\#(index + 1)}\d"#))
    }
    let classifier = try Classifier(ruleSet: RuleSet(rules: rules), budget: MessageBudget(maxRegexRuns: 10))
    let decision = classifier.classify(MessageQuery(messageBody: "1234567 and more digits 7654321 and abcdefghijkl9"))
    #expect(decision.budgetExhausted)
    #expect(decision.ruleID == nil && decision.action == .none)
    // The next message starts with a fresh budget.
    let next = classifier.classify(MessageQuery(messageBody: "1234567a1"))
    #expect(next.ruleID == "R0" && !next.budgetExhausted)
    // A step allowance too small for one run: the message is marked, never decided by chance.
    let tiny = try Classifier(ruleSet: RuleSet(rules: rules), budget: MessageBudget(maxRegexSteps: 5))
    let starved = tiny.classify(MessageQuery(messageBody: "1234567a1"))
    #expect(starved.budgetExhausted && starved.ruleID == nil)
  }

  /// A veto the budget could not afford to check does not let its rule win.
  @Test func aRuleWhoseVetoRanOutOfBudgetDoesNotWin() throws {
    let yaml = """
      rules:
        - id: VETOED
          action: junk
          when: {keywords: [prize]}
          unless: [{regex: 'p\\w+e'}]
      """
    let classifier = try Classifier(ruleSet: Classifier(yaml: yaml).ruleSet, budget: MessageBudget(maxRegexRuns: 0))
    let decision = classifier.classify(MessageQuery(messageBody: "you won a prize"))
    #expect(decision.ruleID == nil && decision.budgetExhausted)
    let explained = classifier.explain(MessageQuery(messageBody: "you won a prize"))
    #expect(explained.matches.isEmpty && explained.decision == decision)
  }

  @Test func oddTextIsClassifiedNotRefused() throws {
    let classifier = try Classifier.builtIn()
    let bodies = [
      "", " ", "\u{0}\u{0}\u{0}", "a\rb\rc", String(repeating: "\u{200B}", count: 1000),
      String(repeating: "🙂", count: 5000), String(repeating: "ｗ", count: 10_000),
      "\u{FEFF}\u{202E}reversed", String(repeating: "क्षि", count: 3000),
    ]
    for body in bodies {
      let decision = classifier.classify(MessageQuery(sender: String(repeating: "+", count: 300), messageBody: body))
      #expect(!decision.budgetExhausted)
    }
    // A 2 MB body may use up the budget, but it is answered.
    let huge = classifier.classify(MessageQuery(messageBody: String(repeating: "x y ", count: 500_000)))
    if huge.budgetExhausted { #expect(huge.ruleID == nil && huge.action == .none) }
  }

  /// Readers classify while a writer swaps two rule sets back and forth: every decision is the
  /// one rule set A or rule set B gives, never a mix.
  @Test func replacingTheRuleSetWhileClassifying() async throws {
    let a = try Classifier(
      yaml: "ruleset: A\nrules:\n  - id: A_PRIZE\n    action: junk\n    when: {keywords: [prize]}\n")
    let b = try Classifier(
      yaml:
        "ruleset: B\nrules:\n  - id: B_PRIZE\n    action: promotion\n    subAction: promotionalOffers\n    when: {keywords: [prize]}\n"
    )
    let live = ReloadableClassifier(a)
    let query = MessageQuery(messageBody: "you won a prize")
    let allowed = [a.classify(query), b.classify(query)]
    // The writer is a thread of its own (not a task that could wait for the readers to give up
    // the cooperative pool), swapping from before the readers start until after they finish.
    let swapping = SwapControl()
    let writer = Thread {
      var index = 0
      swapping.started.signal()
      while !swapping.stop.load(ordering: .acquiring) {
        live.replace(with: index.isMultiple(of: 2) ? b : a)
        index += 1
      }
      swapping.swaps.store(index, ordering: .releasing)
      swapping.finished.signal()
    }
    writer.start()
    swapping.started.wait()
    // Each reader counts what it got: A's decision, B's, or anything else (a mix: a failure).
    let seen = await withTaskGroup(of: [Int].self) { group in
      for _ in 0..<4 {
        group.addTask {
          var counts = [0, 0, 0]
          for _ in 0..<2000 { counts[allowed.firstIndex(of: live.classify(query)) ?? 2] += 1 }
          return counts
        }
      }
      return await group.reduce(into: [0, 0, 0]) { total, counts in for k in 0..<3 { total[k] += counts[k] } }
    }
    swapping.stop.store(true, ordering: .releasing)
    swapping.finished.wait()
    #expect(seen[2] == 0)
    // The swaps happened while the readers read: they saw both rule sets.
    #expect(seen[0] > 0 && seen[1] > 0, "A \(seen[0]) times, B \(seen[1]) times")
    #expect(swapping.swaps.load(ordering: .acquiring) > 0)
  }
}

/// Signals between the rule-swapping thread and the test.
final class SwapControl: Sendable {
  let started = DispatchSemaphore(value: 0)
  let finished = DispatchSemaphore(value: 0)
  let stop = Atomic<Bool>(false)
  let swaps = Atomic<Int>(0)
}
