/// How text becomes features: recorded in every model file, so a model is always read with the
/// settings it was trained with.
public struct FeatureSettings: Sendable, Hashable {
  /// Features are hashed into `1 << hashBits` rows.
  public var hashBits: Int
  /// The shortest and longest character n-grams taken inside words (in Unicode scalars, with
  /// the word's start and end marked).
  public var characterGrams: ClosedRange<Int>
  /// Whether character bigrams are also taken between two scalars of a script written without
  /// spaces (Thai, Lao, Myanmar, Khmer, kana and CJK ideographs), where a "word" is a whole
  /// phrase and two characters often make a word. Recorded in the model file's header (a file
  /// written before the setting existed reads as `false`).
  public var unspacedBigrams: Bool
  /// Whether the sender's kind is also crossed with a link, a phone number, a money amount, the
  /// length step and the first word (bit 1 of the header's feature flags; a build that does not
  /// know the flag refuses the file).
  public var senderCrosses: Bool
  /// How the logits become class probabilities: one flat softmax or an action head and a
  /// sub-action head (header byte 30). Not a feature setting strictly, but recorded beside them
  /// and read with them, so a model is always scored as it was trained.
  public var heads: ModelHeads

  /// The settings of the built-in model: 2¹⁸ rows (4 MB of int8 weights), character 3-grams,
  /// and bigrams in scripts without spaces, chosen by measurement out of fold (README, "The
  /// learned stage"): against 2¹⁷ rows, fewer collisions across the corpus's languages (corpus/
  /// 15 fewer wanted messages filtered, super-sms 144 more caught); the bigrams took Chinese
  /// from 83.5% to 86.4% and Japanese from 84.3% to 86.2%; 2¹⁹ rows would pass 8 MB, and 3- and
  /// 4-grams gave no more than 3-grams alone.
  ///
  /// Two heads (an action head and a sub-action head) rather than one flat softmax, chosen by
  /// measurement out of fold on 2026-11-24 (README): the model alone 92.05% -> 93.13% on
  /// corpus/, and on the sets never trained on super-sms 79.56% -> 83.08% and exais-nigeria
  /// 71.55% -> 73.67%; the coarse labels (`spam`, `transaction` with no kind) train the action
  /// head without disturbing the sub-action head.
  public static let standard = FeatureSettings(
    hashBits: 18, characterGrams: 3...3, unspacedBigrams: true, heads: .twoLevel)

  /// Settings with these values.
  public init(
    hashBits: Int, characterGrams: ClosedRange<Int>, unspacedBigrams: Bool = false, senderCrosses: Bool = false,
    heads: ModelHeads = .flat
  ) {
    self.hashBits = hashBits
    self.characterGrams = characterGrams
    self.unspacedBigrams = unspacedBigrams
    self.senderCrosses = senderCrosses
    self.heads = heads
  }

  /// The number of rows.
  public var rows: Int { 1 << hashBits }
}
