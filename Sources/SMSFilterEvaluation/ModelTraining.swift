import SMSFilter
import SMSFilterLearning
import SMSFilterModel

/// Trains learned models on labeled corpora, and cross-validates them: the corpus side of
/// `Trainer` (labels to classes, text to features, folds).
public struct ModelTraining: Sendable {
  /// The feature settings.
  public var settings: FeatureSettings
  /// The training options.
  public var options: TrainingOptions

  /// Training with these settings and options.
  public init(settings: FeatureSettings = .standard, options: TrainingOptions = .standard) {
    self.settings = settings
    self.options = options
  }

  /// The classes a label accepts: every accepted action's classes, narrowed to the labeled
  /// sub-action where it belongs to the action.
  public static func acceptedClasses(_ message: LabeledMessage) -> [ModelClass] {
    var classes: [ModelClass] = []
    for action in message.acceptedActions {
      let subAction = message.subAction.isValid(with: action) ? message.subAction : .none
      for modelClass in ModelClass.classes(accepting: action, subAction: subAction) where !classes.contains(modelClass)
      {
        classes.append(modelClass)
      }
    }
    return classes
  }

  /// A message's features, as the engine computes them (the same normalisation).
  public static func features(of query: MessageQuery, extractor: FeatureExtractor, into buffer: inout FeatureBuffer) {
    var normalized = NormalizedText()
    TextNormalizer.normalize(query.messageBody, into: &normalized)
    var body = query.messageBody
    body.withUTF8 { original in
      normalized.bytes.withUnsafeBufferPointer { text in
        extractor.extract(normalized: text, original: original, senderKind: SenderKind(of: query.sender), into: &buffer)
      }
    }
  }

  /// Training examples for messages.
  public func examples(_ messages: [LabeledMessage]) -> [TrainingExample] {
    let extractor = FeatureExtractor(settings: settings)
    var buffer = FeatureBuffer()
    return messages.map { message in
      Self.features(of: message.query, extractor: extractor, into: &buffer)
      return TrainingExample(rows: buffer.rows, accepted: Self.acceptedClasses(message))
    }
  }

  /// Trains a model on corpora.
  ///
  /// - Parameters:
  ///   - corpora: each corpus's name (as given), its label map (as given, for TSV) and messages.
  ///   - progress: after each epoch, the epochs done and the mean loss.
  /// - Returns: the model's file bytes.
  public func train(
    _ corpora: [(name: String, labelMap: String?, messages: [LabeledMessage])],
    progress: (_ epoch: Int, _ loss: Double) -> Void = { _, _ in }
  ) -> [UInt8] {
    let metadata = ModelMetadata(
      corpora: corpora.map { .init(name: $0.name, messages: $0.messages.count, labelMap: $0.labelMap) },
      seed: options.seed, epochs: options.epochs, learningRate: options.learningRate,
      classWeighting: options.classWeighting)
    let examples = self.examples(corpora.flatMap(\.messages))
    return Trainer(settings: settings, options: options).train(examples, metadata: metadata, progress: progress)
  }

  /// What decides a message's fold: its body as the features see it (normalised, digits folded
  /// to `0`), hashed. Copies and near-copies that differ only in case, accents, spacing,
  /// encoding or digits (templated bulk SMS) share a key, so they fall in the same fold and
  /// never train the model that judges them.
  public static func foldKey(of query: MessageQuery) -> UInt64 {
    // FNV-1a 64 (the sender keys' hash), of the normalised bytes with every digit as `0`.
    SenderKey.fnv1a(TextNormalizer.normalize(query.messageBody).utf8.lazy.map { $0 &- 0x30 < 10 ? 0x30 : $0 })
  }

  /// The fold of a message in `folds`-fold cross-validation (see ``foldKey(of:)``).
  public static func fold(of message: LabeledMessage, folds: Int) -> Int {
    fold(key: foldKey(of: message.query), folds: folds)
  }

  /// The fold of a fold key (``foldKey(of:)``) in `folds`-fold cross-validation.
  public static func fold(key: UInt64, folds: Int) -> Int {
    Int(key % UInt64(max(1, folds)))
  }

  /// Trains `folds` models, model `k` on every message whose fold is not `k`: the models that
  /// judge each fold out of fold.
  ///
  /// - Parameters:
  ///   - corpora: the training corpora (see ``train(_:progress:)``).
  ///   - folds: how many folds (at least 2).
  ///   - progress: after each fold's model, the folds done.
  /// - Returns: the fold models.
  public func foldModels(
    _ corpora: [(name: String, labelMap: String?, messages: [LabeledMessage])], folds: Int,
    progress: (_ fold: Int) -> Void = { _ in }
  ) throws(ModelFileError) -> [LinearModel] {
    let all = corpora.flatMap(\.messages)
    let examples = self.examples(all)
    let foldOf = all.map { Self.fold(of: $0, folds: folds) }
    var models: [LinearModel] = []
    for fold in 0..<folds {
      let training = examples.indices.filter { foldOf[$0] != fold }.map { examples[$0] }
      let metadata = ModelMetadata(
        corpora: corpora.map { .init(name: $0.name, messages: $0.messages.count, labelMap: $0.labelMap) },
        seed: options.seed, epochs: options.epochs, learningRate: options.learningRate,
        classWeighting: options.classWeighting)
      let bytes = Trainer(settings: settings, options: options).train(training, metadata: metadata)
      models.append(try LinearModel(bytes: bytes, source: "<fold \(fold + 1) of \(folds)>"))
      progress(fold + 1)
    }
    return models
  }
}
