import Testing

@testable import SMSFilter

/// The compact condition program (``ConditionProgram``) answers every node as the three-mode
/// evaluator does in compiled mode.
@Suite struct ConditionProgramTests {
  /// Every node's answer on one message, by `answer`, after the message's automaton pass.
  static func answers(
    _ rules: CompiledRules, _ matcher: RuleMatcher, _ query: MessageQuery,
    _ answer: (Int, MatchState) -> Bool
  ) -> [Bool] {
    query.withInput { input in
      _ = matcher.firstMatch(input, budget: .unlimited)
      return rules.nodes.indices.map { answer($0, matcher.state) }
    }
  }

  @Test func holdsEqualsCompiledEvaluationOnEveryNode() throws {
    let ruleSet = try DefaultRules.ruleSet()
    let rules = try CompiledRules(ruleSet, model: try DefaultModel.builtIn())
    let matcher = RuleMatcher(rules: rules, matchLimit: 100_000, depthLimit: 1_000)
    let examples = ruleSet.rules.flatMap { $0.matchingExamples + $0.nonMatchingExamples }
    #expect(examples.count > 100)
    var nodesThatHeld = Set<Int>()
    for example in examples {
      let fromProgram = Self.answers(rules, matcher, example.query) { rules.holds($0, $1) }
      let fromEvaluate = Self.answers(rules, matcher, example.query) { rules.evaluate($0, $1, .compiled) }
      #expect(fromProgram == fromEvaluate, "\(example.query.messageBody)")
      for (node, held) in fromProgram.enumerated() where held { nodesThatHeld.insert(node) }
    }
    // Not a vacuous comparison: many nodes held on some example, and every kind of program
    // instruction occurs.
    #expect(nodesThatHeld.count > rules.nodes.count / 4)
    let operations = Set(rules.program.instructions.map(\.operation))
    for operation in [ConditionProgram.Operation.anyBoundedKeyword, .all, .any, .none, .guardRef, .mixedScript, .other]
    {
      #expect(operations.contains(operation), "\(operation)")
    }
  }
}
