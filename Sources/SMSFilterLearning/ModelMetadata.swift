/// What a model file says about how it was made: the corpora it was trained on (names and
/// sizes), the seed and the epochs. Stored as JSON in the header.
public struct ModelMetadata: Codable, Sendable, Hashable {
  /// One training corpus.
  public struct Corpus: Codable, Sendable, Hashable {
    /// The corpus file or folder as given to `train`.
    public var name: String
    /// Messages read from it.
    public var messages: Int
    /// The label map it was read with (TSV corpora), as given to `train`.
    public var labelMap: String?

    /// A corpus entry.
    public init(name: String, messages: Int, labelMap: String? = nil) {
      self.name = name
      self.messages = messages
      self.labelMap = labelMap
    }
  }

  /// The corpora, in the order given.
  public var corpora: [Corpus]
  /// The training seed.
  public var seed: UInt64
  /// Passes over the data.
  public var epochs: Int
  /// AdaGrad's base learning rate.
  public var learningRate: Float
  /// Whether examples were weighted by the damped inverse frequency of their label.
  public var classWeighting: Bool
  /// The class names, in the order of the weights' lanes.
  public var classes: [String]

  /// Metadata for a model trained on `corpora`.
  public init(corpora: [Corpus], seed: UInt64, epochs: Int, learningRate: Float, classWeighting: Bool) {
    self.corpora = corpora
    self.seed = seed
    self.epochs = epochs
    self.learningRate = learningRate
    self.classWeighting = classWeighting
    self.classes = ModelClass.allCases.map { "\($0)" }
  }
}
