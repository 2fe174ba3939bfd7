import SMSFilterLearning

/// What the learned model made of a message, for `--explain`: each class's probability, and the
/// features that pushed the most probable class hardest: how much each added to that class's
/// logit beyond what it added to the average class (after the message's `1/√n` normalisation).
public struct ModelExplanation: Sendable, Hashable {
  /// One feature's push.
  public struct Feature: Sendable, Hashable {
    /// The feature (`word:prize`, `gram:<cla`, `tld:xyz`, `link`, `sender:phone`).
    public let name: String
    /// What it added to the class's logit beyond the average class's.
    public let weight: Float
  }

  /// Each class's probability, most probable first.
  public let probabilities: [(modelClass: ModelClass, probability: Float)]
  /// The class the features are for: the most probable.
  public let topClass: ModelClass
  /// The features that pushed it most, strongest first (at most ``featureLimit``).
  public let features: [Feature]

  /// How many features are listed.
  public static let featureLimit = 8

  /// Explains a message's features.
  init(model: LinearModel, features buffer: FeatureBuffer) {
    let probabilities = model.probabilities(of: buffer)
    let ranked = ModelClass.allCases.map { ($0, probabilities[$0.rawValue]) }.sorted { $0.1 > $1.1 }
    self.probabilities = ranked
    let top = ranked.first?.0 ?? .inbox
    self.topClass = top
    let norm = buffer.rows.isEmpty ? 0 : 1 / Float(buffer.rows.count).squareRoot()
    var pushes: [String: Float] = [:]
    for (row, name) in zip(buffer.rows, buffer.names) {
      pushes[name, default: 0] += model.push(row: row, toward: top) * norm
    }
    self.features = pushes.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
      .prefix(Self.featureLimit).map { Feature(name: $0.key, weight: $0.value) }
  }

  /// Compares the probabilities and features.
  public static func == (lhs: ModelExplanation, rhs: ModelExplanation) -> Bool {
    lhs.topClass == rhs.topClass && lhs.features == rhs.features
      && lhs.probabilities.elementsEqual(rhs.probabilities) {
        $0.modelClass == $1.modelClass && $0.probability == $1.probability
      }
  }

  /// Hashes the top class and features.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(topClass)
    hasher.combine(features)
  }
}
