/// One rule: when its condition holds, it proposes an action and a sub-action.
///
/// Among the rules whose conditions hold, the one with the highest ``priority`` decides; at
/// equal priority, the one written first (earlier file, then earlier in the file) decides.
public struct Rule: Sendable, Hashable {
  /// The rule's unique id, reported in decisions (`BANK_DEBIT`).
  public let id: String
  /// A sentence saying what the rule catches.
  public let description: String?
  /// The action the rule proposes.
  public let action: Action
  /// The sub-action the rule proposes (before the fallback and capabilities apply).
  public let subAction: SubAction
  /// Higher wins; default 0.
  public let priority: Int
  /// When the rule applies.
  public let condition: Condition
  /// Messages the rule must match, checked by `smsfilter check` and the tests.
  public let matchingExamples: [RuleExample]
  /// Messages the rule must not match.
  public let nonMatchingExamples: [RuleExample]
  /// Where the rule was written.
  public let location: SourceLocation

  /// Creates a rule.
  public init(
    id: String, description: String? = nil, action: Action, subAction: SubAction = .none,
    priority: Int = 0, condition: Condition, matchingExamples: [RuleExample] = [],
    nonMatchingExamples: [RuleExample] = [], location: SourceLocation = .unknown
  ) {
    self.id = id
    self.description = description
    self.action = action
    self.subAction = subAction
    self.priority = priority
    self.condition = condition
    self.matchingExamples = matchingExamples
    self.nonMatchingExamples = nonMatchingExamples
    self.location = location
  }

  /// The same rule with another condition (the regex lowering, the rules without the model).
  public func replacingCondition(_ condition: Condition) -> Rule {
    Rule(
      id: id, description: description, action: action, subAction: subAction, priority: priority,
      condition: condition, matchingExamples: matchingExamples, nonMatchingExamples: nonMatchingExamples,
      location: location)
  }
}
