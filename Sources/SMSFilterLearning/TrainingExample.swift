/// One labeled message, as features: what the trainer learns from.
public struct TrainingExample: Sendable {
  /// Its feature rows (``FeatureBuffer/rows``).
  public var rows: [UInt32]
  /// The classes its label accepts: one for a precise label, several for a coarse one (`spam`
  /// accepts junk and every promotion class); training raises their total probability.
  public var accepted: [ModelClass]

  /// An example.
  public init(rows: [UInt32], accepted: [ModelClass]) {
    self.rows = rows
    self.accepted = accepted
  }
}
