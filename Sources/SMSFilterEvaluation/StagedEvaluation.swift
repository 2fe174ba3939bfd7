import Foundation
import SMSFilter
import SMSFilterLearning

/// Evaluates a rule set that consults a learned model three ways side by side — the rules
/// alone, the model alone and both — and, with folds, keeps the model's figures honest: a
/// message of a corpus the model trained on is judged by a fold model retrained without it
/// (the corpora, label maps and options come from the model file's metadata).
public struct StagedEvaluation {
  /// The configuration under test: rules and model.
  public let classifier: Classifier
  /// Folds for out-of-fold figures; `nil` judges every message with the model as it is.
  public var folds: Int?
  /// The evaluator's settings (per-rule statistics, progress) for the main report.
  public var evaluator: Evaluator
  /// Called with what is being done (retraining folds), for a person watching.
  public var log: (String) -> Void = { _ in }

  /// A staged evaluation of `classifier`.
  public init(classifier: Classifier, folds: Int?) {
    self.classifier = classifier
    self.folds = folds
    self.evaluator = Evaluator(classifier: classifier)
  }

  /// Runs it: the combined configuration's full report, with ``EvaluationReport/stages`` and,
  /// with folds, ``EvaluationReport/outOfFold``.
  ///
  /// - Throws: ``CorpusError`` when a training corpus the model file names cannot be read again,
  ///   `ModelFileError` or `RuleLoadError` when a fold model cannot be built.
  public func run(_ messages: [LabeledMessage]) throws -> EvaluationReport {
    guard let model = classifier.model else { return evaluator.evaluate(messages) }
    var judge: (LabeledMessage) -> (Classifier, LinearModel) = { _ in (classifier, model) }
    var note: EvaluationReport.OutOfFoldNote?
    if let folds {
      let corpora = try model.metadata.corpora.map { corpus in
        try CorpusSelection(paths: [corpus.name], labelMap: corpus.labelMap).read()[0]
      }
      log("retraining \(folds) fold models on \(corpora.map(\.name).joined(separator: ", "))")
      var training = ModelTraining(settings: model.settings)
      training.options = TrainingOptions(
        epochs: model.metadata.epochs, learningRate: model.metadata.learningRate, seed: model.metadata.seed,
        classWeighting: model.metadata.classWeighting)
      // The corpora must be the ones the model recorded, checked before any retraining.
      for (corpus, recorded) in zip(corpora, model.metadata.corpora) where corpus.messages.count != recorded.messages {
        throw CorpusError(
          location: corpus.name,
          message:
            "\(corpus.messages.count) messages, but the model was trained on \(recorded.messages): retrain it, or evaluate without --folds"
        )
      }
      let foldModels = try training.foldModels(corpora, folds: folds)
      let foldClassifiers = try foldModels.map { foldModel in
        try Classifier(
          ruleSet: classifier.ruleSet, capabilities: classifier.capabilities, directories: classifier.addedDirectories,
          model: foldModel)
      }
      let trained = Set(corpora.flatMap { $0.messages.map { ModelTraining.foldKey(of: $0.query) } })
      // Each message's fold (nil: the model never saw its text), computed once: the key is a
      // normalisation of the body, and every stage asks.
      func fold(_ message: LabeledMessage) -> Int? {
        let key = ModelTraining.foldKey(of: message.query)
        return trained.contains(key) ? ModelTraining.fold(key: key, folds: folds) : nil
      }
      var foldOf: [String: Int?] = [:]
      for message in messages where !message.source.isEmpty { foldOf[message.source] = fold(message) }
      // Messages read from files have a unique source; others are keyed on the spot.
      let foldOfMessage = { (message: LabeledMessage) -> Int? in foldOf[message.source] ?? fold(message) }
      judge = { message in
        guard let found = foldOfMessage(message) else { return (classifier, model) }
        return (foldClassifiers[found], foldModels[found])
      }
      note = .init(
        folds: folds, trainingCorpora: corpora.map(\.name),
        messagesOutOfFold: messages.filter { foldOfMessage($0) != nil }.count)
    }
    var sessions: [ObjectIdentifier: ClassificationSession] = [:]
    func session(_ classifier: Classifier) -> ClassificationSession {
      if let existing = sessions[ObjectIdentifier(classifier)] { return existing }
      let made = classifier.makeSession()
      sessions[ObjectIdentifier(classifier)] = made
      return made
    }
    var combined = evaluator
    combined.decide = { message in session(judge(message).0).classify(message.query) }
    // Per-rule statistics with the same classifier that decides (a fold's, out of fold).
    combined.ruleClassifier = { judge($0).0 }
    var report = combined.evaluate(messages)
    // The rules alone: every `model:` condition taken as never holding, and no model.
    var rulesOnly = classifier.ruleSet
    rulesOnly.model = nil
    rulesOnly.guards = rulesOnly.guards.mapValues { $0.withoutModel }
    rulesOnly.rules = rulesOnly.rules.map { $0.replacingCondition($0.condition.withoutModel) }
    let rulesClassifier = try Classifier(
      ruleSet: rulesOnly, capabilities: classifier.capabilities, directories: classifier.addedDirectories)
    var stages = [
      Self.stage("rules", messages) { session(rulesClassifier).classify($0.query) },
      Self.stage("model", messages) { message in
        OutOfFold.modelDecision(message.query, model: judge(message).1, capabilities: classifier.capabilities)
      },
    ]
    stages.append(
      .init(
        name: "rules+model", messages: report.messages, actionAccuracy: report.action.accuracy,
        filtering: report.filtering))
    report.stages = stages
    report.outOfFold = note
    return report
  }

  static func stage(_ name: String, _ messages: [LabeledMessage], _ decide: (LabeledMessage) -> Decision)
    -> EvaluationReport.Summary
  {
    var figures = OutOfFold.Figures()
    for message in messages { figures.add(decide(message), message) }
    return figures.summary(name)
  }

}
