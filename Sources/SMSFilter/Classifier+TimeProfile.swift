// Where deciding a set of messages spends its time, by rule and by shared work: what
// `smsfilter check --cost` prints so that rule authors see which rules make a rule set slow.

extension Classifier {
  /// The time the compiled matcher spends on `queries`, measured while it decides them: each
  /// rule's evaluations, and apart from them the work a message's rules share (see
  /// ``TimeProfile/Stage``).
  ///
  /// The messages are decided three times, each time by a new matcher (whose caches of hosts,
  /// skeletons and senders start empty, as a new `classify` process's do): once to warm what the
  /// process loads on first use, once unprofiled for the time a message takes with nothing
  /// measured, and once with every part timed.
  package func timeProfile(_ queries: [MessageQuery]) -> TimeProfile {
    let count = max(queries.count, 1)
    func decideAll(_ matcher: RuleMatcher) {
      for query in queries { _ = query.withInput { decide($0, matcher) } }
    }
    decideAll(makeMatcher())
    let unprofiledMatcher = makeMatcher()
    let start = CostProfile.now()
    decideAll(unprofiledMatcher)
    let unprofiled = Double(CostProfile.now() &- start) / Double(count)
    let matcher = makeMatcher()
    let profile = CostProfile(ruleCount: compiled.ruleRoots.count)
    matcher.state.costProfile = profile
    decideAll(matcher)
    matcher.state.costProfile = nil
    let stages = TimeProfile.Stage.allCases.map { stage in
      TimeProfile.StageFigures(
        stage: stage, share: Double(profile.stageRuns[stage.rawValue]) / Double(count),
        nanoseconds: profile.stageNanoseconds[stage.rawValue] / Double(count))
    }
    let rules = compiled.ruleIDs.indices.filter { profile.evaluations[$0] > 0 }.map { rule in
      TimeProfile.RuleFigures(
        id: compiled.ruleIDs[rule], evaluations: Double(profile.evaluations[rule]) / Double(count),
        held: Double(profile.holds[rule]) / Double(profile.evaluations[rule]),
        nanoseconds: profile.nanoseconds[rule] / Double(count))
    }
    return TimeProfile(
      messages: queries.count, unprofiledNanoseconds: unprofiled, stages: stages,
      rules: rules.sorted { $0.nanoseconds > $1.nanoseconds })
  }
}
