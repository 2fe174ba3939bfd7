/// A message body (or a keyword) after normalisation: the bytes every keyword and regex runs on.
///
/// Reused from message to message by one thread to avoid allocation: ``TextNormalizer`` clears
/// and refills it.
public struct NormalizedText: Sendable {
  /// The normalised text as UTF-8: lower-case, compatibility-decomposed, Latin accents and
  /// invisible format characters removed, white space collapsed to single spaces.
  public internal(set) var bytes: [UInt8] = []
  /// For each byte of ``bytes``, the UTF-8 offset in the original text of the character it came
  /// from; filled only when offsets were asked for (``TextNormalizer/normalize(_:into:trackingOffsets:)``).
  public internal(set) var sourceOffsets: [Int32] = []
  /// Whether some word mixed Latin letters with Cyrillic or Greek look-alikes (`Ассount`), a
  /// common way to slip a keyword past a filter. Such words are folded to Latin letters.
  public internal(set) var hasMixedScriptWord = false

  /// Mappings of scalars outside ``ScalarFoldingTable`` and its arithmetic ranges (mathematical
  /// alphanumerics, regional indicators, rarer scripts and symbols) worked out for earlier texts
  /// in this buffer: a buffer reused from message to message works each out once (two
  /// generations of ``foldCacheLimit``, ``RecentValues``).
  private var foldCache = RecentValues<UInt32, (bytes: [UInt8], kind: ScalarKind)>(limit: Self.foldCacheLimit)
  static let foldCacheLimit = 4096

  /// Creates an empty buffer.
  public init() {
    bytes.reserveCapacity(512)
  }

  /// The normalised text as a `String`.
  public var string: String { String(decoding: bytes, as: UTF8.self) }

  /// The normalisation of a scalar outside ``ScalarFoldingTable``, remembered.
  mutating func foldedScalar(_ scalar: UInt32) -> (bytes: [UInt8], kind: ScalarKind) {
    if let known = foldCache.value(for: scalar) { return known }
    let mapping = ScalarFoldingTable.computeMapping(scalar)
    foldCache.remember(mapping, for: scalar)
    return mapping
  }

  mutating func reset(trackingOffsets: Bool) {
    bytes.removeAll(keepingCapacity: true)
    sourceOffsets.removeAll(keepingCapacity: true)
    hasMixedScriptWord = false
  }
}
