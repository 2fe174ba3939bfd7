/// How text becomes features: recorded in every model file, so a model is always read with the
/// settings it was trained with.
public struct FeatureSettings: Sendable, Hashable {
  /// Features are hashed into `1 << hashBits` rows.
  public var hashBits: Int
  /// The shortest and longest character n-grams taken inside words (in Unicode scalars, with
  /// the word's start and end marked).
  public var characterGrams: ClosedRange<Int>

  /// The settings of the built-in model: 2¹⁷ rows (2 MB of int8 weights) and character 3-grams,
  /// chosen by measurement: against 2¹⁸ rows and 3- and 4-grams, the same out-of-fold figures
  /// within a message or two on every corpus, half the memory and fewer features to score.
  public static let standard = FeatureSettings(hashBits: 17, characterGrams: 3...3)

  /// Settings with these values.
  public init(hashBits: Int, characterGrams: ClosedRange<Int>) {
    self.hashBits = hashBits
    self.characterGrams = characterGrams
  }

  /// The number of rows.
  public var rows: Int { 1 << hashBits }
}
