/// How a model is trained.
public struct TrainingOptions: Sendable, Hashable {
  /// Passes over the examples.
  public var epochs: Int
  /// AdaGrad's base learning rate.
  public var learningRate: Float
  /// The seed of the example order: the same seed, examples and options give the same bytes.
  public var seed: UInt64
  /// Weigh examples so that each label counts about as much as the others (damped: the square
  /// root of the inverse frequency), instead of each message counting once.
  public var classWeighting: Bool

  /// The options `smsfilter train` uses unless told otherwise.
  public static let standard = TrainingOptions(epochs: 8, learningRate: 0.4, seed: 1, classWeighting: true)

  /// Options with these values.
  public init(epochs: Int, learningRate: Float, seed: UInt64, classWeighting: Bool) {
    self.epochs = epochs
    self.learningRate = learningRate
    self.seed = seed
    self.classWeighting = classWeighting
  }
}
