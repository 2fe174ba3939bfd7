import SMSFilter

/// A small model trained in the test process on a separable corpus: junk speaks of prizes and
/// claims, the inbox of lunch and meetings, transactions of codes and deliveries.
enum TinyModel {
  static let junk = [
    "you won a prize claim it now", "claim your prize today winner", "winner! claim the cash prize",
    "prize draw winner claim reward", "urgent claim your lottery prize", "cash prize winner claim now",
  ]
  static let inbox = [
    "lunch tomorrow at noon?", "see you at the meeting", "can we move lunch to friday",
    "meeting notes attached see you soon", "running late for lunch", "call me after the meeting",
  ]
  static let transaction = [
    "your code is 4821 do not share", "your parcel was delivered today", "code 1187 for your login",
    "parcel out for delivery today", "use code 5530 to sign in", "your order parcel is on its way",
  ]

  /// Features as the engine computes them.
  static func rows(_ body: String, extractor: FeatureExtractor) -> [UInt32] {
    var normalized = NormalizedText()
    TextNormalizer.normalize(body, into: &normalized)
    var buffer = FeatureBuffer()
    var original = body
    original.withUTF8 { original in
      normalized.bytes.withUnsafeBufferPointer {
        extractor.extract(normalized: $0, original: original, senderKind: .unknown, into: &buffer)
      }
    }
    return buffer.rows
  }

  /// The model file's bytes.
  static func bytes(seed: UInt64 = 7) -> [UInt8] {
    let settings = FeatureSettings(hashBits: 12, characterGrams: 3...4)
    let extractor = FeatureExtractor(settings: settings)
    var examples: [TrainingExample] = []
    for (bodies, classes) in [
      (junk, [ModelClass.junk]), (inbox, [.inbox]), (transaction, [.transactionalOthers, .transactionalOrders]),
    ] {
      for body in bodies { examples.append(TrainingExample(rows: rows(body, extractor: extractor), accepted: classes)) }
    }
    let metadata = ModelMetadata(
      corpora: [.init(name: "tiny", messages: examples.count)], seed: seed, epochs: 30, learningRate: 0.4,
      classWeighting: true)
    let options = TrainingOptions(epochs: 30, learningRate: 0.4, seed: seed, classWeighting: true)
    return Trainer(settings: settings, options: options).train(examples, metadata: metadata)
  }

  /// The model, trained once.
  static let model: LinearModel = {
    do { return try LinearModel(bytes: bytes(), source: "<tiny>") } catch { preconditionFailure("\(error)") }
  }()
}
