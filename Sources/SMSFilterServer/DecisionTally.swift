import SMSFilter

/// A request's decisions, counted locally while it is classified and published to the metrics
/// once (``ServerMetrics/publish(_:)``): per message only integer additions and one dictionary
/// update, no lock and no atomic.
struct DecisionTally {
  /// Messages counted.
  private(set) var messages = 0
  /// Decisions by ``ServerMetrics/decisionKey(_:_:)``.
  private(set) var byDecision: [Int: Int] = [:]
  /// Decisions by the rule that decided (`-` for none).
  private(set) var byRule: [String: Int] = [:]
  /// Messages whose matching hit a step limit.
  private(set) var limitExceeded = 0
  /// Messages whose matching ran out of budget.
  private(set) var budgetExhausted = 0

  /// Counts `decision`.
  mutating func add(_ decision: Decision) {
    messages += 1
    byDecision[ServerMetrics.decisionKey(decision.action, decision.subAction), default: 0] += 1
    byRule[decision.ruleID ?? "-", default: 0] += 1
    if decision.limitExceeded { limitExceeded += 1 }
    if decision.budgetExhausted { budgetExhausted += 1 }
  }
}
