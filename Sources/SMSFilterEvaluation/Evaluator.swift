import SMSFilter

/// Evaluates a classifier on labeled messages: metrics, misclassifications, per-rule statistics
/// and, optionally, a comparison with a second classifier.
public struct Evaluator {
  /// The classifier under evaluation.
  public let classifier: Classifier
  /// Whether to compute per-rule statistics (every rule evaluated on every message).
  public var perRuleStatistics = true
  /// Called after each message with (done, total), for progress display.
  public var progress: (@Sendable (Int, Int) -> Void)?
  /// Decides a message instead of the classifier's own session: out-of-fold evaluation, where
  /// each message is classified with the rules and the fold model that did not train on it.
  public var decide: ((LabeledMessage) -> Decision)?
  /// The classifier whose rules per-rule statistics evaluate for a message (with ``decide``: the
  /// one that decides it); the evaluator's own when `nil`.
  public var ruleClassifier: ((LabeledMessage) -> Classifier)?

  /// Creates an evaluator.
  public init(classifier: Classifier) {
    self.classifier = classifier
  }

  /// The scoring of one decision against one label.
  struct Scored {
    let expectedAction: Action
    let expectedSubAction: SubAction
    let expectedSubActionRaw: SubAction
    let proposedSubActionRaw: SubAction
    let actionCorrect: Bool
    let subActionCorrect: Bool
    var correct: Bool { actionCorrect && subActionCorrect }
  }

  /// Scores a decision: `none` and `allow` are interchangeable (iOS shows both normally), and an
  /// expected sub-action outside the capabilities is compared as `none`.
  func score(_ decision: Decision, _ label: LabeledMessage) -> Scored {
    let accepted = label.acceptedActions
    let actionCorrect = label.accepts(decision.action)
    let expectedAction: Action =
      actionCorrect
      ? (accepted.contains(decision.action) ? decision.action : accepted.first(where: \.isShownNormally)!)
      : accepted.first ?? .none
    let expectedSub = classifier.capabilities.contains(label.subAction) ? label.subAction : .none
    let proposedRaw =
      decision.dropReason == .notInCapabilities ? (decision.droppedSubAction ?? .none) : decision.subAction
    return Scored(
      expectedAction: expectedAction, expectedSubAction: expectedSub,
      expectedSubActionRaw: label.subAction, proposedSubActionRaw: proposedRaw,
      actionCorrect: actionCorrect, subActionCorrect: decision.subAction == expectedSub)
  }

  /// Runs the evaluation.
  public func evaluate(_ messages: [LabeledMessage], compareWith other: Classifier? = nil) -> EvaluationReport {
    let session = classifier.makeSession()
    let rules = classifier.rulesInDecisionOrder
    var ruleIndex: [String: Int] = [:]
    for (index, rule) in rules.enumerated() { ruleIndex[rule.id] = index }
    var matches = [Int](repeating: 0, count: rules.count)
    var decided = [Int](repeating: 0, count: rules.count)
    var correctDecisions = [Int](repeating: 0, count: rules.count)
    var matchedWithAction = [Int](repeating: 0, count: rules.count)
    var nanoseconds = [UInt64](repeating: 0, count: rules.count)

    var actionPairs: [(expected: String, predicted: String)] = []
    var labeledActionPairs: [(expected: String, predicted: String)] = []
    var subPairs: [(expected: String, predicted: String)] = []
    var rawSubPairs: [(expected: String, predicted: String)] = []
    var misclassified: [EvaluationReport.Misclassified] = []
    var wanted = 0
    var wantedFiltered = 0
    var unwanted = 0
    var unwantedCaught = 0
    var languages: [String: OutOfFold.Figures] = [:]
    var decisions: [Decision] = []
    decisions.reserveCapacity(messages.count)
    var cutShort = EvaluationReport.CutShort(limitExceeded: 0, budgetExhausted: 0)

    for (number, message) in messages.enumerated() {
      let decision = decide?(message) ?? session.classify(message.query)
      decisions.append(decision)
      if decision.limitExceeded { cutShort.limitExceeded += 1 }
      if decision.budgetExhausted { cutShort.budgetExhausted += 1 }
      let scored = score(decision, message)
      actionPairs.append(
        (scored.actionCorrect ? decision.action.name : scored.expectedAction.name, decision.action.name))
      labeledActionPairs.append((scored.expectedAction.name, decision.action.name))
      subPairs.append((scored.expectedSubAction.name, decision.subAction.name))
      rawSubPairs.append((scored.expectedSubActionRaw.name, scored.proposedSubActionRaw.name))
      if let language = message.language { languages[language, default: .init()].add(decision, message) }
      let filtered = decision.action.isFiltered
      if message.isWanted {
        wanted += 1
        if filtered { wantedFiltered += 1 }
      } else if message.isUnwanted {
        unwanted += 1
        if filtered { unwantedCaught += 1 }
      }
      if !scored.correct {
        misclassified.append(
          EvaluationReport.Misclassified(
            source: message.source, sender: message.query.sender, body: message.query.messageBody,
            expectedAction: message.acceptedActions.map(\.name).joined(separator: "|"),
            expectedSubAction: scored.expectedSubAction.name, action: decision.action.name,
            subAction: decision.subAction.name, rule: decision.ruleID))
      }
      if let id = decision.ruleID, let index = ruleIndex[id] {
        decided[index] += 1
        if scored.correct { correctDecisions[index] += 1 }
      }
      if perRuleStatistics {
        var index = 0
        (ruleClassifier?(message) ?? classifier).evaluateEachRule(message.query) { rule, matched, elapsed in
          nanoseconds[index] &+= elapsed
          if matched {
            matches[index] += 1
            if message.accepts(rule.action) {
              matchedWithAction[index] += 1
            }
          }
          index += 1
        }
      }
      progress?(number + 1, messages.count)
    }

    let actionOrder = Action.allCases.map(\.name)
    let subOrder = SubAction.allCases.map(\.name)
    var ruleStats: [EvaluationReport.RuleStatistics] = []
    for (index, rule) in rules.enumerated() {
      ruleStats.append(
        EvaluationReport.RuleStatistics(
          id: rule.id, action: rule.action.name, subAction: rule.subAction.name,
          priority: rule.priority, matches: matches[index], decided: decided[index],
          correct: correctDecisions[index],
          precision: decided[index] == 0 ? 0 : Double(correctDecisions[index]) / Double(decided[index]),
          matchedWithItsAction: matchedWithAction[index],
          nanosecondsPerMessage: messages.isEmpty ? 0 : Double(nanoseconds[index]) / Double(messages.count)))
    }
    var report = EvaluationReport(
      ruleSet: classifier.ruleSet.name,
      capabilities: .init(
        transactional: classifier.capabilities.transactional.map(\.name),
        promotional: classifier.capabilities.promotional.map(\.name)),
      messages: messages.count,
      cutShort: cutShort,
      action: ClassificationMetrics(pairs: actionPairs, order: actionOrder, confusionPairs: labeledActionPairs),
      subAction: ClassificationMetrics(pairs: subPairs, order: subOrder),
      subActionUnadjusted: ClassificationMetrics(pairs: rawSubPairs, order: subOrder),
      filtering: .init(
        wanted: wanted, wantedFiltered: wantedFiltered,
        wantedFilteredRate: wanted == 0 ? 0 : Double(wantedFiltered) / Double(wanted),
        unwanted: unwanted, unwantedCaught: unwantedCaught,
        unwantedCaughtRate: unwanted == 0 ? 0 : Double(unwantedCaught) / Double(unwanted)),
      misclassified: misclassified,
      rules: ruleStats,
      rulesNeverMatched: perRuleStatistics ? ruleStats.filter { $0.matches == 0 }.map(\.id) : [],
      rulesShadowed: perRuleStatistics ? ruleStats.filter { $0.matches > 0 && $0.decided == 0 }.map(\.id) : [],
      comparison: nil)
    if !languages.isEmpty {
      report.languages = languages.sorted { $0.key < $1.key }.map { $0.value.summary($0.key) }
    }
    if let other {
      report.comparison = compare(messages, decisions: decisions, with: other)
    }
    return report
  }

  func compare(_ messages: [LabeledMessage], decisions: [Decision], with other: Classifier)
    -> EvaluationReport.Comparison
  {
    let otherEvaluator = Evaluator(classifier: other)
    let otherSession = other.makeSession()
    var changed: [EvaluationReport.Change] = []
    var better = 0
    var worse = 0
    var otherCorrectActions = 0
    var otherSubPairs: [(expected: String, predicted: String)] = []
    func describe(_ decision: Decision) -> String {
      "\(decision.action.name)/\(decision.subAction.name) (\(decision.ruleID ?? "-"))"
    }
    for (index, message) in messages.enumerated() {
      let before = decisions[index]
      let after = otherSession.classify(message.query)
      let beforeScore = score(before, message)
      let afterScore = otherEvaluator.score(after, message)
      if afterScore.actionCorrect { otherCorrectActions += 1 }
      otherSubPairs.append((afterScore.expectedSubAction.name, after.subAction.name))
      guard before.action != after.action || before.subAction != after.subAction else { continue }
      let verdict: String
      if afterScore.correct && !beforeScore.correct {
        verdict = "better"
        better += 1
      } else if beforeScore.correct && !afterScore.correct {
        verdict = "worse"
        worse += 1
      } else {
        verdict = "neutral"
      }
      changed.append(
        EvaluationReport.Change(
          source: message.source, body: message.query.messageBody,
          expected: message.acceptedActions.map(\.name).joined(separator: "|") + "/" + message.subAction.name,
          before: describe(before), after: describe(after), verdict: verdict))
    }
    return EvaluationReport.Comparison(
      otherRuleSet: other.ruleSet.name,
      otherActionAccuracy: messages.isEmpty ? 0 : Double(otherCorrectActions) / Double(messages.count),
      otherSubActionMacroF1: ClassificationMetrics(pairs: otherSubPairs, order: SubAction.allCases.map(\.name)).macroF1,
      changed: changed, better: better, worse: worse)
  }
}
