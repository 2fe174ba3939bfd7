import SMSFilter
import SMSFilterLearning

/// Figures measured out of fold: each message judged by a model trained without it.
public enum OutOfFold {
  /// The model's own decision for a message: its most probable class's action and sub-action.
  public static func modelDecision(_ query: MessageQuery, model: LinearModel, capabilities: Capabilities) -> Decision {
    var buffer = FeatureBuffer()
    ModelTraining.features(of: query, extractor: model.extractor, into: &buffer)
    let probabilities = model.probabilities(of: buffer)
    var best = ModelClass.inbox
    for modelClass in ModelClass.allCases where probabilities[modelClass.rawValue] > probabilities[best.rawValue] {
      best = modelClass
    }
    return Decision(
      action: best == .inbox ? .none : best.action, subAction: best.subAction, ruleID: "model",
      capabilities: capabilities)
  }

  /// Action accuracy and filtering figures of the model alone on `messages`, each judged by the
  /// fold model that did not see it (``ModelTraining/fold(of:folds:)``).
  public static func modelAlone(_ messages: [LabeledMessage], models: [LinearModel]) -> Figures {
    var figures = Figures()
    for message in messages {
      let model = models[ModelTraining.fold(of: message, folds: models.count)]
      figures.add(modelDecision(message.query, model: model, capabilities: .unrestricted), message)
    }
    return figures
  }

  /// Accuracy and filtering, counted message by message.
  public struct Figures: Sendable, CustomStringConvertible {
    /// Messages counted.
    public var messages = 0
    /// Of which the action was right (`none` counts as `allow`).
    public var actionCorrect = 0
    /// Wanted messages, and of those filtered.
    public var wanted = 0
    public var wantedFiltered = 0
    /// Unwanted messages, and of those caught.
    public var unwanted = 0
    public var unwantedCaught = 0

    /// Empty figures.
    public init() {}

    /// Counts one decision.
    public mutating func add(_ decision: Decision, _ message: LabeledMessage) {
      messages += 1
      if message.accepts(decision.action) {
        actionCorrect += 1
      }
      if message.isWanted {
        wanted += 1
        if decision.action.isFiltered { wantedFiltered += 1 }
      } else if message.isUnwanted {
        unwanted += 1
        if decision.action.isFiltered { unwantedCaught += 1 }
      }
    }

    /// The figures as a report's summary line.
    public func summary(_ name: String) -> EvaluationReport.Summary {
      .init(
        name: name, messages: messages,
        actionAccuracy: messages == 0 ? 0 : Double(actionCorrect) / Double(messages),
        filtering: .init(
          wanted: wanted, wantedFiltered: wantedFiltered,
          wantedFilteredRate: wanted == 0 ? 0 : Double(wantedFiltered) / Double(wanted),
          unwanted: unwanted, unwantedCaught: unwantedCaught,
          unwantedCaughtRate: unwanted == 0 ? 0 : Double(unwantedCaught) / Double(unwanted)))
    }

    /// `action accuracy 97.12%, wanted filtered 3/2359 (0.13%), unwanted caught 350/362 (96.69%)`.
    public var description: String {
      func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "-" : String(format: "%.2f%%", 100 * Double(part) / Double(whole))
      }
      return
        "action accuracy \(percent(actionCorrect, messages)), wanted filtered \(wantedFiltered)/\(wanted) (\(percent(wantedFiltered, wanted))), unwanted caught \(unwantedCaught)/\(unwanted) (\(percent(unwantedCaught, unwanted)))"
    }
  }
}
