// Where deciding a set of messages spends its time, by rule and by shared work: what
// `smsfilter check --cost` prints so that rule authors see which rules make a rule set slow.

extension Classifier {
  /// The time the compiled matcher spends on `queries`, measured while it decides them: each
  /// rule's own conditions, and apart from them the work a message's rules share (see
  /// ``CostProfile``).
  ///
  /// The messages are decided twice: once unprofiled, which warms the caches and gives the time
  /// a message takes with nothing measured, then once with every part timed.
  package func costProfile(_ queries: [MessageQuery]) -> RuleCostReport {
    let matcher = makeMatcher()
    let count = max(queries.count, 1)
    let start = CostProfile.now()
    for query in queries { _ = query.withInput { decide($0, matcher) } }
    let unprofiled = Double(CostProfile.now() &- start) / Double(count)
    let profile = CostProfile(ruleCount: compiled.ruleRoots.count)
    matcher.state.costProfile = profile
    defer { matcher.state.costProfile = nil }
    for query in queries { _ = query.withInput { decide($0, matcher) } }
    let stages = CostProfile.Stage.allCases.map { stage in
      RuleCostReport.Stage(
        name: stage.name, share: Double(profile.stageRuns[stage.rawValue]) / Double(count),
        nanoseconds: profile.stageNanoseconds[stage.rawValue] / Double(count))
    }
    let rules = compiled.ruleIDs.indices.filter { profile.evaluations[$0] > 0 }.map { rule in
      RuleCostReport.Rule(
        id: compiled.ruleIDs[rule], evaluations: Double(profile.evaluations[rule]) / Double(count),
        held: Double(profile.holds[rule]) / Double(profile.evaluations[rule]),
        nanoseconds: profile.nanoseconds[rule] / Double(count))
    }
    return RuleCostReport(
      messages: queries.count, unprofiledNanoseconds: unprofiled, stages: stages,
      rules: rules.sorted { $0.nanoseconds > $1.nanoseconds })
  }
}

/// What deciding a set of messages cost, by shared work and by rule (``Classifier/costProfile(_:)``).
/// Times are nanoseconds a message, averaged over all the messages, so they add up.
package struct RuleCostReport: Sendable {
  /// Work the rules share, done at most once per message.
  package struct Stage: Sendable {
    /// What the work is.
    package let name: String
    /// The share of messages that needed it.
    package let share: Double
    /// Its nanoseconds a message.
    package let nanoseconds: Double
  }

  /// One rule's own cost.
  package struct Rule: Sendable {
    /// The rule's id.
    package let id: String
    /// How many times a message the decision evaluated it.
    package let evaluations: Double
    /// The share of those evaluations that held.
    package let held: Double
    /// The nanoseconds a message of its own conditions (shared work apart).
    package let nanoseconds: Double
  }

  /// The messages measured.
  package let messages: Int
  /// The nanoseconds a message took with nothing measured.
  package let unprofiledNanoseconds: Double
  /// The shared work, in pipeline order.
  package let stages: [Stage]
  /// The rules the decisions evaluated, costliest first.
  package let rules: [Rule]

  /// The nanoseconds a message that the measured parts add up to.
  package var measuredNanoseconds: Double {
    stages.reduce(0) { $0 + $1.nanoseconds } + rules.reduce(0) { $0 + $1.nanoseconds }
  }
}

extension CostProfile.Stage {
  /// How reports name the stage.
  var name: String {
    switch self {
    case .normalizing: return "normalising the body"
    case .automaton: return "the automaton pass (keywords and regex literals)"
    case .model: return "the learned model"
    case .links: return "the link scan"
    case .phones: return "the phone-number scan"
    case .amounts: return "the amount scan"
    }
  }
}
