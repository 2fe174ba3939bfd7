import Foundation
import SMSFilterModel
import Testing

@testable import SMSFilterLearning

@Suite struct ModelHeadsTests {
  /// Logits with a fixed spread over all sixteen lanes.
  let logits: SIMD16<Float> = [0.5, -1, 2, 0.25, -0.5, 1, 0, -2, 0.75, 1.5, -0.25, 0.1, -1.5, 0.3, 1.2, -0.7]

  @Test func twoLevelProbabilitiesAreTheActionTimesTheSubActionGivenIt() {
    let p = ModelHeads.twoLevel.probabilities(logits)
    let classes = ModelClass.allCases.count
    #expect(abs((0..<classes).reduce(Float(0)) { $0 + p[$1] } - 1) < 1e-5)
    #expect(p[14] == 0 && p[15] == 0)
    // The action head: a softmax over lanes 0, 1, 14 and 15.
    let actions = [logits[0], logits[1], logits[14], logits[15]].map { expf($0) }
    let total = actions.reduce(0, +)
    #expect(abs(p[0] - actions[0] / total) < 1e-6)
    #expect(abs(p[1] - actions[1] / total) < 1e-6)
    #expect(abs((2...4).reduce(Float(0)) { $0 + p[$1] } - actions[2] / total) < 1e-6)
    #expect(abs((5...13).reduce(Float(0)) { $0 + p[$1] } - actions[3] / total) < 1e-6)
    // Within promotion: a softmax over lanes 2–4.
    let offers = expf(logits[3]) / (2...4).reduce(Float(0)) { $0 + expf(logits[$1]) }
    #expect(abs(p[3] - actions[2] / total * offers) < 1e-6)
    // Large logits do not overflow.
    let large = ModelHeads.twoLevel.probabilities(logits * 200)
    #expect((0..<classes).allSatisfy { large[$0].isFinite })
  }

  /// The two-level gradient is the derivative of `-log P(accepted)`, checked against finite
  /// differences, for a precise label, a coarse one and one spanning two actions.
  @Test func theTwoLevelGradientMatchesFiniteDifferences() {
    let labels: [[ModelClass]] = [
      [.transactionalOrders], ModelClass.classes(accepting: .transaction, subAction: .none),
      [.junk, .promotionalOthers, .promotionalOffers, .promotionalCoupons], [.inbox],
    ]
    for label in labels {
      var accepted = SIMD16<Float>()
      for modelClass in label { accepted[modelClass.rawValue] = 1 }
      func loss(_ z: SIMD16<Float>) -> Double {
        let p = ModelHeads.twoLevel.probabilities(z)
        return -log(Double((p * accepted).sum()))
      }
      let (gradient, mass) = ModelHeads.twoLevel.gradient(logits, accepted: accepted)
      #expect(abs(Double(mass) - exp(-loss(logits))) < 1e-5)
      for lane in 0..<ModelClass.lanes {
        var up = logits
        var down = logits
        up[lane] += 1e-2
        down[lane] -= 1e-2
        let numeric = (loss(up) - loss(down)) / 2e-2
        #expect(abs(numeric - Double(gradient[lane])) < 2e-3, "\(label) lane \(lane)")
      }
    }
  }

  /// A label that accepts every sub-action of an action teaches the sub-action head nothing.
  @Test func aCoarseLabelLeavesTheSubActionHeadAlone() {
    var accepted = SIMD16<Float>()
    for modelClass in ModelClass.classes(accepting: .transaction, subAction: .none) {
      accepted[modelClass.rawValue] = 1
    }
    let (gradient, _) = ModelHeads.twoLevel.gradient(logits, accepted: accepted)
    for lane in 2...13 { #expect(abs(gradient[lane]) < 1e-6) }
    #expect(gradient[15] < 0)
  }

  @Test func theFlatHeadIsTheSoftmaxOverTheClasses() {
    let p = ModelHeads.flat.probabilities(logits)
    #expect(p == LinearModel.softmax(logits))
    #expect(p[14] == 0 && p[15] == 0)
  }

  /// A two-level model trained on a small corpus (a precise sub-action, a coarse transaction
  /// label, junk and the inbox): the same bytes for the same seed, its heads recorded in the file,
  /// unseen messages classified, and the engine's path equal to scoring a buffer.
  @Test func aTwoLevelModelTrainsDeterministicallyAndClassifies() throws {
    let settings = FeatureSettings(hashBits: 12, characterGrams: 3...4, heads: .twoLevel)
    let extractor = FeatureExtractor(settings: settings)
    let labeled: [(String, [ModelClass])] = [
      ("your parcel is on its way", [.transactionalOrders]), ("parcel delivered at the door", [.transactionalOrders]),
      ("your account was debited", [.transactionalFinance]), ("account credited with salary", [.transactionalFinance]),
      ("your bill is due friday", ModelClass.classes(accepting: .transaction, subAction: .none)),
      ("claim your prize now", [.junk]), ("you won the prize draw", [.junk]),
      ("lunch at noon tomorrow", [.inbox]), ("see you at lunch", [.inbox]),
    ]
    let examples = labeled.map { TrainingExample(rows: extractor.rows(ofPlain: $0.0), accepted: $0.1) }
    let options = TrainingOptions(epochs: 30, learningRate: 0.4, seed: 7, classWeighting: true)
    let metadata = ModelMetadata(corpora: [], seed: 7, epochs: 30, learningRate: 0.4, classWeighting: true)
    let trainer = Trainer(settings: settings, options: options)
    let bytes = trainer.train(examples, metadata: metadata)
    #expect(bytes == trainer.train(examples, metadata: metadata))
    let model = try LinearModel(bytes: bytes, source: "two")
    #expect(model.settings.heads == .twoLevel)
    for (body, expected) in [
      ("parcel on its way", ModelClass.transactionalOrders), ("account debited", .transactionalFinance),
      ("claim a prize", .junk), ("lunch on friday?", .inbox),
    ] {
      let p = model.probabilities(ofPlain: body)
      let top = ModelClass.allCases.max { p[$0.rawValue] < p[$1.rawValue] }
      #expect(top == expected, "\(body)")
      var text = body
      let direct = text.withUTF8 { model.probabilities(normalized: $0, original: $0, senderKind: .phone) }
      #expect(direct == p)
    }
  }

  /// An unknown heads byte is refused with a clear error.
  @Test func anUnknownHeadsByteIsRefused() {
    let settings = FeatureSettings(hashBits: 10, characterGrams: 3...3, heads: .twoLevel)
    let metadata = ModelMetadata(corpora: [], seed: 1, epochs: 1, learningRate: 0.4, classWeighting: true)
    var file = ModelFileFormat.write(
      weights: [Float](repeating: 0.5, count: settings.rows * ModelClass.lanes), bias: SIMD16<Float>(repeating: 0.1),
      settings: settings, metadata: metadata)
    #expect((try? LinearModel(bytes: file, source: "ok"))?.bias[15] == 0.1)
    file[30] = 9
    let checksum = file.withUnsafeBytes { Checksums.xxh64(UnsafeRawBufferPointer(rebasing: $0[24...])) }
    withUnsafeBytes(of: checksum.littleEndian) { for (index, byte) in $0.enumerated() { file[16 + index] = byte } }
    do {
      _ = try LinearModel(bytes: file, source: "m")
      Issue.record("a file with heads 9 was read")
    } catch {
      #expect(error.kind == .mismatch && "\(error)".contains("unknown heads 9"))
    }
  }
}
