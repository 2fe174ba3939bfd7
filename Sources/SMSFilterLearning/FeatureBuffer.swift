/// The features of one message: hashed rows, reused from message to message so that extraction
/// allocates nothing once the buffer has grown; with `naming` on (explain), each feature's
/// readable name too. Training and `--explain` read it; scoring sums the rows without keeping
/// them (``LinearModel/probabilities(normalized:original:senderKind:)``).
public struct FeatureBuffer: Sendable {
  /// The row of each feature occurrence (a feature that occurs twice is listed twice).
  public internal(set) var rows: [UInt32] = []
  /// Each feature's name (`word:otp`, `gram:<ot`, `tld:xyz`), when naming.
  public internal(set) var names: [String] = []
  /// Whether names are recorded.
  public var naming: Bool

  /// An empty buffer.
  public init(naming: Bool = false) {
    self.naming = naming
    rows.reserveCapacity(1024)
  }

  /// Forgets the last message's features, keeping the storage.
  mutating func removeAll() {
    rows.removeAll(keepingCapacity: true)
    names.removeAll(keepingCapacity: true)
  }
}
