/// What deciding a set of messages cost in time, by shared work and by rule
/// (``Classifier/timeProfile(_:)``, `smsfilter check --cost`). Times are nanoseconds a message,
/// averaged over all the messages measured, so they add up.
package struct TimeProfile: Sendable {
  /// Work a message's rules share, each done at most once per message and timed on its own
  /// rather than charged to the rule that asks first.
  package enum Stage: Int, CaseIterable, Sendable {
    /// Normalising the body, before any rule.
    case normalizing
    /// The automaton pass over the normalised body: keywords and regex literals.
    case automaton
    /// The learned model's probabilities.
    case model
    /// The link scan.
    case links
    /// The phone-number scan.
    case phones
    /// The amount scan.
    case amounts
  }

  /// One stage's figures.
  package struct StageFigures: Sendable {
    /// Which work.
    package let stage: Stage
    /// The share of messages that needed it.
    package let share: Double
    /// Its nanoseconds a message.
    package let nanoseconds: Double
  }

  /// One rule's figures.
  package struct RuleFigures: Sendable {
    /// The rule's id.
    package let id: String
    /// How many times a message the decision evaluated it.
    package let evaluations: Double
    /// The share of those evaluations that held.
    package let held: Double
    /// The nanoseconds a message of its evaluations, the stages apart.
    package let nanoseconds: Double
  }

  /// The messages measured.
  package let messages: Int
  /// The nanoseconds a message took with nothing measured.
  package let unprofiledNanoseconds: Double
  /// The stages, in pipeline order.
  package let stages: [StageFigures]
  /// The rules the decisions evaluated, costliest first.
  package let rules: [RuleFigures]

  /// The nanoseconds a message that the measured parts add up to.
  package var measuredNanoseconds: Double {
    stages.reduce(0) { $0 + $1.nanoseconds } + rules.reduce(0) { $0 + $1.nanoseconds }
  }
}
