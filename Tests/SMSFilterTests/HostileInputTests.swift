import Foundation
import Synchronization
import Testing

@testable import SMSFilter

/// Hostile regexes, hostile messages and rule replacement under load: the engine answers, marks
/// what it gave up on, and never mixes rule sets.
@Suite struct HostileInputTests {
  /// The classic exponential pattern against a 100 KB hostile body. The loader's lint refuses
  /// this shape, so the rule is built in code, as a library user could.
  @Test func catastrophicRegexOnA100KBBodyEndsWithAClearOutcome() throws {
    let ruleSet = RuleSet(rules: [
      Rule(id: "EVIL", action: .junk, priority: 10, condition: .regex("(a+)+$")),
      Rule(
        id: "SAFE", action: .transaction, subAction: .transactionalOthers, priority: 1,
        condition: .anyKeyword(["aaa"], wordBoundary: false)),
    ])
    let classifier = try Classifier(ruleSet: ruleSet)
    let body = String(repeating: "a", count: 100_000) + "!"
    let clock = ContinuousClock()
    var decision: Decision?
    let elapsed = clock.measure { decision = classifier.classify(MessageQuery(messageBody: body)) }
    let result = try #require(decision)
    // The evil regex gave up at its match limit; the next rule decided; the decision says so.
    #expect(result.limitExceeded)
    #expect(result.ruleID == "SAFE")
    // Generous bound, only to catch a hang (speed is measured by `smsfilter bench`).
    #expect(elapsed < .seconds(20))
  }

  @Test func theMessageBudgetStopsEndlessRegexWork() throws {
    // 50 rules whose regexes have no literal (so they always run) and do not match the first
    // message; a budget of 10 runs.
    let rules = (0..<50).map { index in
      Rule(id: "R\(index)", action: .junk, priority: 100 - index, condition: .regex(#"\d{7}[a-z]{\#(index + 1)}\d"#))
    }
    let classifier = try Classifier(
      ruleSet: RuleSet(rules: rules), budget: MessageBudget(maxRegexRuns: 10, maxRegexNanoseconds: 10_000_000_000))
    let decision = classifier.classify(MessageQuery(messageBody: "1234567 and more digits 7654321"))
    #expect(decision.budgetExhausted)
    #expect(decision.ruleID == nil && decision.action == .none)
    // The next message starts with a fresh budget.
    let next = classifier.classify(MessageQuery(messageBody: "1234567a1"))
    #expect(next.ruleID == "R0" && !next.budgetExhausted)
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
    // A 2 MB body may use up the budget (50 ms of regex time), but it is answered.
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
