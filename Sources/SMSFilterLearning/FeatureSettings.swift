/// How text becomes features: recorded in every model file, so a model is always read with the
/// settings it was trained with.
public struct FeatureSettings: Sendable, Hashable {
  /// Features are hashed into `1 << hashBits` rows.
  public var hashBits: Int
  /// The shortest and longest character n-grams taken inside words (in Unicode scalars, with
  /// the word's start and end marked).
  public var characterGrams: ClosedRange<Int>

  /// The settings of the built-in model: 2¹⁸ rows (4 MB of int8 weights), 3- and 4-grams.
  public static let standard = FeatureSettings(hashBits: 18, characterGrams: 3...4)

  /// Settings with these values.
  public init(hashBits: Int, characterGrams: ClosedRange<Int>) {
    self.hashBits = hashBits
    self.characterGrams = characterGrams
  }

  /// The number of rows.
  public var rows: Int { 1 << hashBits }
}
