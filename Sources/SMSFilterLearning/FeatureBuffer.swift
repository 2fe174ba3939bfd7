/// The features of one message: hashed rows, reused from message to message so that scoring
/// allocates nothing; with `naming` on (explain), each feature's readable name too.
public struct FeatureBuffer: Sendable {
  /// The row of each feature occurrence (a feature that occurs twice is listed twice).
  public internal(set) var rows: [UInt32] = []
  /// Each feature's name (`word:otp`, `gram:<ot`, `tld:xyz`), when naming.
  public internal(set) var names: [String] = []
  /// Whether names are recorded.
  public var naming: Bool
  /// Scratch: the UTF-8 offsets of a word's scalars.
  var scalarStarts: [Int] = []
  /// Scratch: a hash code per scalar of a word, with its start and end marks.
  var scalarCodes: [UInt32] = []

  /// An empty buffer.
  public init(naming: Bool = false) {
    self.naming = naming
    rows.reserveCapacity(1024)
    scalarStarts.reserveCapacity(256)
    scalarCodes.reserveCapacity(256)
  }

  /// Forgets the last message's features, keeping the storage.
  mutating func removeAll() {
    rows.removeAll(keepingCapacity: true)
    names.removeAll(keepingCapacity: true)
  }
}
