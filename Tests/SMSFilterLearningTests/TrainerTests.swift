import SMSFilterModel
import Testing

@testable import SMSFilterLearning

@Suite struct TrainerTests {
  let settings = FeatureSettings(hashBits: 12, characterGrams: 3...4)

  func examples() -> [TrainingExample] {
    let extractor = FeatureExtractor(settings: settings)
    var out: [TrainingExample] = []
    let junk = ["claim your prize now", "you won the prize draw", "prize winner claim cash", "claim the cash prize"]
    let inbox = ["lunch at noon tomorrow", "see you at lunch", "lunch moved to friday", "are we meeting for lunch"]
    for (bodies, modelClass) in [(junk, ModelClass.junk), (inbox, .inbox)] {
      for body in bodies {
        out.append(TrainingExample(rows: extractor.rows(ofPlain: body), accepted: [modelClass]))
      }
    }
    return out
  }

  func train(seed: UInt64) -> [UInt8] {
    let options = TrainingOptions(epochs: 20, learningRate: 0.4, seed: seed, classWeighting: true)
    let metadata = ModelMetadata(
      corpora: [.init(name: "tiny", messages: 8)], seed: seed, epochs: 20, learningRate: 0.4, classWeighting: true)
    return Trainer(settings: settings, options: options).train(examples(), metadata: metadata)
  }

  @Test func theSameSeedGivesTheSameBytes() throws {
    #expect(train(seed: 3) == train(seed: 3))
    // Another seed changes the weights themselves, not only the seed the header records.
    let three = try LinearModel(bytes: train(seed: 3), source: "3")
    let four = try LinearModel(bytes: train(seed: 4), source: "4")
    let weights = { (model: LinearModel) in
      Array(model.fileBytes[(model.fileBytes.count - (1 << 12) * ModelClass.lanes)...])
    }
    #expect(weights(three) != weights(four))
  }

  /// A coarse label (several classes accepted) raises their total probability, and a class
  /// listed twice counts once.
  @Test func partialLabelsRaiseTheirClassesTogether() throws {
    let extractor = FeatureExtractor(settings: settings)
    var examples: [TrainingExample] = []
    for body in ["your parcel is on its way", "parcel delivered at the door", "your code for the parcel"] {
      examples.append(
        TrainingExample(
          rows: extractor.rows(ofPlain: body),
          accepted: [.transactionalOrders, .transactionalOthers, .transactionalOrders]))
    }
    for body in ["lunch at noon", "see you at lunch", "lunch tomorrow"] {
      examples.append(TrainingExample(rows: extractor.rows(ofPlain: body), accepted: [.inbox, .inbox]))
    }
    let options = TrainingOptions(epochs: 30, learningRate: 0.4, seed: 2, classWeighting: true)
    let metadata = ModelMetadata(corpora: [], seed: 2, epochs: 30, learningRate: 0.4, classWeighting: true)
    let model = try LinearModel(
      bytes: Trainer(settings: settings, options: options).train(examples, metadata: metadata), source: "p")
    let p = model.probabilities(ofPlain: "parcel on its way")
    #expect(p[ModelClass.transactionalOrders.rawValue] + p[ModelClass.transactionalOthers.rawValue] > 0.8)
    #expect(model.probabilities(ofPlain: "lunch at noon?")[ModelClass.inbox.rawValue] > 0.9)
  }

  @Test func aSeparableCorpusIsLearnedAndGeneralisesToUnseenMessages() throws {
    let model = try LinearModel(bytes: train(seed: 1), source: "<test>")
    #expect(model.probabilities(ofPlain: "claim a prize today")[ModelClass.junk.rawValue] > 0.8)
    #expect(model.probabilities(ofPlain: "lunch on friday?")[ModelClass.inbox.rawValue] > 0.8)
    let sum = (0..<ModelClass.allCases.count).reduce(Float(0)) { $0 + model.probabilities(ofPlain: "x")[$1] }
    #expect(abs(sum - 1) < 1e-4)
  }

  /// The engine's path (features summed as they are found, no rows kept) gives exactly the
  /// probabilities of extracting into a buffer and scoring it: Latin, links, money, non-Latin
  /// scripts, a body past the extractor's limit, an empty body.
  @Test func scoringStraightFromTheTextEqualsScoringTheBuffer() throws {
    let model = try LinearModel(bytes: train(seed: 5), source: "5")
    let bodies = [
      "claim your prize now at https://prize.example.xyz or bit.ly/x1 ₹5000 rs 200", "lunch at noon tomorrow",
      "आपका खाता 5000 रुपये", "โอนเงินสำเร็จ", "您的验证码是 4821", "", "a",
      String(repeating: "prize lunch ", count: 800),
    ]
    for body in bodies {
      var text = body
      let direct = text.withUTF8 { model.probabilities(normalized: $0, original: $0, senderKind: .phone) }
      #expect(direct == model.probabilities(ofPlain: body), "\(body.prefix(40))")
    }
  }

  @Test func coarseLabelsSpreadOverTheirClasses() {
    #expect(ModelClass.classes(accepting: .promotion, subAction: .none).count == 3)
    #expect(ModelClass.classes(accepting: .transaction, subAction: .transactionalFinance) == [.transactionalFinance])
    #expect(ModelClass.classes(accepting: .none, subAction: .none) == [.inbox])
    #expect(ModelClass(action: .transaction, subAction: .promotionalOffers) == .transactionalOthers)
  }
}
