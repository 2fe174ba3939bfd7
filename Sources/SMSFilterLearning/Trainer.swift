import Foundation
import SMSFilterModel

/// Trains a ``LinearModel``: multinomial logistic regression by stochastic gradient descent with
/// AdaGrad step sizes, over examples in a seeded order, on one core. Deterministic: the same
/// examples, settings and options give the same model bytes.
///
/// A coarse label accepts several classes; the loss is then the negative log of their total
/// probability, so training pushes probability into the accepted set without choosing a class
/// inside it (`spam` may be junk or a promotion; `transaction` any sub-action).
public struct Trainer: Sendable {
  /// The feature settings of the model to train.
  public var settings: FeatureSettings
  /// The training options.
  public var options: TrainingOptions

  /// A trainer.
  public init(settings: FeatureSettings = .standard, options: TrainingOptions = .standard) {
    self.settings = settings
    self.options = options
  }

  /// Trains on `examples`.
  ///
  /// - Parameters:
  ///   - examples: the labeled messages as features (rows below ``FeatureSettings/rows``).
  ///   - metadata: what the model file records about its making.
  ///   - progress: called after each epoch with the epochs done and the mean loss.
  /// - Returns: the model, as its file's bytes.
  public func train(
    _ examples: [TrainingExample], metadata: ModelMetadata,
    progress: (_ epoch: Int, _ loss: Double) -> Void = { _, _ in }
  ) -> [UInt8] {
    let lanes = ModelClass.lanes
    let classCount = ModelClass.allCases.count
    var weights = [Float](repeating: 0, count: settings.rows * lanes)
    var squares = [Float](repeating: 0, count: settings.rows * lanes)
    var bias = SIMD16<Float>()
    var biasSquares = SIMD16<Float>()
    for example in examples {
      precondition(example.rows.allSatisfy { Int($0) < settings.rows }, "a feature row beyond the model's rows")
    }
    let exampleWeights =
      options.classWeighting ? Self.weights(of: examples) : [Float](repeating: 1, count: examples.count)
    var order = Array(examples.indices)
    var random = SplitMix64(seed: options.seed)
    let epsilon = SIMD16<Float>(repeating: 1e-6)
    let heads = settings.heads
    // A flat model's padding lanes take no probability; a two-level model's hold action logits.
    var padding = SIMD16<Float>()
    if heads == .flat { for lane in classCount..<lanes { padding[lane] = -.infinity } }
    let rate = options.learningRate
    for epoch in 1...max(1, options.epochs) {
      order.shuffle(using: &random)
      var loss = 0.0
      weights.withUnsafeMutableBufferPointer { weights in
        squares.withUnsafeMutableBufferPointer { squares in
          let w = UnsafeMutableRawPointer(weights.baseAddress.unsafelyUnwrapped)
          let g = UnsafeMutableRawPointer(squares.baseAddress.unsafelyUnwrapped)
          for index in order {
            let example = examples[index]
            guard !example.accepted.isEmpty else { continue }
            var accepted = SIMD16<Float>()
            for modelClass in example.accepted { accepted[modelClass.rawValue] = 1 }
            let norm = example.rows.isEmpty ? 0 : 1 / Float(example.rows.count).squareRoot()
            var sum = SIMD16<Float>()
            for row in example.rows {
              sum += w.loadUnaligned(fromByteOffset: Int(row) &* lanes &* 4, as: SIMD16<Float>.self)
            }
            // The accepted classes as a set (a class listed twice counts once).
            let (logGradient, acceptedMass) = heads.gradient(bias + sum * norm + padding, accepted: accepted)
            loss -= Double(log(acceptedMass)) * Double(exampleWeights[index])
            let gradient = logGradient * exampleWeights[index]
            let featureGradient = gradient * norm
            let featureSquare = featureGradient * featureGradient
            for row in example.rows {
              let offset = Int(row) &* lanes &* 4
              let accumulated = g.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self) + featureSquare
              g.storeBytes(of: accumulated, toByteOffset: offset, as: SIMD16<Float>.self)
              let step = rate * featureGradient / (accumulated.squareRoot() + epsilon)
              let updated = w.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self) - step
              w.storeBytes(of: updated, toByteOffset: offset, as: SIMD16<Float>.self)
            }
            biasSquares += gradient * gradient
            bias -= rate * gradient / (biasSquares.squareRoot() + epsilon)
          }
        }
      }
      progress(epoch, loss / Double(max(1, examples.count)))
    }
    if heads == .flat { for lane in classCount..<lanes { bias[lane] = 0 } }
    return ModelFileFormat.write(weights: weights, bias: bias, settings: settings, metadata: metadata)
  }

  /// Each example's weight: the damped inverse frequency of its label (its accepted classes),
  /// scaled so the weights average 1.
  static func weights(of examples: [TrainingExample]) -> [Float] {
    /// A label as the set of classes it accepts, whatever their order.
    func key(_ example: TrainingExample) -> Int { example.accepted.reduce(0) { $0 | 1 << $1.rawValue } }
    var counts: [Int: Int] = [:]
    for example in examples { counts[key(example), default: 0] += 1 }
    let raw = examples.map { 1 / Float(counts[key($0)] ?? 1).squareRoot() }
    let mean = raw.reduce(0, +) / Float(max(1, raw.count))
    return raw.map { $0 / mean }
  }
}
