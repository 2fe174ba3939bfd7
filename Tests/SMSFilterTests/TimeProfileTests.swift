import SMSFilterModel
import Testing

@testable import SMSFilter

/// `smsfilter check --cost`'s time profile (``Classifier/timeProfile(_:)``): which rules the
/// decisions evaluated and how often they held, shared work counted once per message that needs
/// it, and decisions unchanged by the measuring.
@Suite struct TimeProfileTests: LoadsRuleText {
  let yaml = """
    rules:
      - id: RAW_IP
        action: junk
        priority: 9
        when: {link: {ip: true}}
      - id: PRICE
        action: promotion
        priority: 5
        when: {all: [{keywords: [sale]}, {amount: {}}]}
      - id: HELLO
        action: allow
        priority: 1
        when: {regex: 'hello\\s+\\w+'}
    """

  let messages: [MessageQuery] = [
    MessageQuery(messageBody: "Log in at http://10.1.2.3/login now"),
    MessageQuery(messageBody: "hello there"),
    MessageQuery(messageBody: "Big sale: shoes for $20 today"),
    MessageQuery(messageBody: "sale ends soon, hello you"),
  ]

  @Test func countsEvaluationsHoldsAndSharedWork() throws {
    let classifier = try Classifier(ruleSet: load(yaml))
    let report = classifier.timeProfile(messages)
    #expect(report.messages == 4)
    let rules = Dictionary(uniqueKeysWithValues: report.rules.map { ($0.id, $0) })
    // RAW_IP has no literal: every message evaluates it; it holds for the first only.
    #expect(rules["RAW_IP"]?.evaluations == 1)
    #expect(rules["RAW_IP"]?.held == 0.25)
    // PRICE is a candidate where "sale" is: the third holds, the fourth has no amount.
    #expect(rules["PRICE"]?.evaluations == 0.5)
    #expect(rules["PRICE"]?.held == 0.5)
    // HELLO is reached by the two messages with "hello" that nothing above decided.
    #expect(rules["HELLO"]?.evaluations == 0.5)
    #expect(rules["HELLO"]?.held == 1)
    let stages = Dictionary(uniqueKeysWithValues: report.stages.map { ($0.stage, $0) })
    #expect(report.stages.map(\.stage) == TimeProfile.Stage.allCases)
    #expect(stages[.normalizing]?.share == 1)
    #expect(stages[.automaton]?.share == 1)
    // The link scan runs once per message, however many link conditions ask.
    #expect(stages[.links]?.share == 1)
    // Amounts are scanned only for the messages PRICE was evaluated for.
    #expect(stages[.amounts]?.share == 0.5)
    #expect(stages[.model]?.share == 0)
    #expect(stages[.phones]?.share == 0)
    // Work never done takes no time; work done takes some.
    #expect(stages[.model]?.nanoseconds == 0 && stages[.phones]?.nanoseconds == 0)
    #expect((stages[.normalizing]?.nanoseconds ?? 0) > 0)
    // Costliest first.
    #expect(zip(report.rules, report.rules.dropFirst()).allSatisfy { $0.nanoseconds >= $1.nanoseconds })
  }

  @Test func profilingLeavesDecisionsAsTheyWere() throws {
    let classifier = try Classifier(ruleSet: load(yaml))
    let plain = classifier.makeMatcher()
    let profiled = classifier.makeMatcher()
    profiled.state.costProfile = CostProfile(ruleCount: classifier.compiled.ruleRoots.count)
    for message in messages {
      let expected = message.withInput { classifier.decide($0, plain) }
      #expect(message.withInput { classifier.decide($0, profiled) } == expected)
    }
    #expect(profiled.state.costProfile?.evaluations.reduce(0, +) ?? 0 > 0)
    #expect(messages.map { classifier.classify($0).ruleID } == ["RAW_IP", "HELLO", "PRICE", "HELLO"])
  }
}
