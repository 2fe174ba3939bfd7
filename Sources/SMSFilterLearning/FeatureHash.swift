/// FNV-1a (32 bits) over a feature's kind and bytes: how a feature picks its row. (A character
/// 3-gram is hashed from its scalars' codes by ``FeatureExtractor/trigram(_:_:_:)`` instead.)
struct FeatureHash {
  private(set) var value: UInt32

  /// A hash started with the feature kind's tag, so that a word and a character gram with the
  /// same bytes land in different rows.
  init(kind: UInt8) {
    value = 0x811C_9DC5
    add(kind)
  }

  /// A hash made some other way (``FeatureExtractor/trigram(_:_:_:)``).
  @inline(__always)
  init(value: UInt32) { self.value = value }

  /// Adds one byte.
  @inline(__always)
  mutating func add(_ byte: UInt8) {
    value = (value ^ UInt32(byte)) &* 0x0100_0193
  }

  /// Adds bytes, digits folded to `0` (so amounts, codes and numbers share features by shape).
  @inline(__always)
  mutating func add(folding bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    for index in range {
      let byte = bytes[index]
      add(byte &- 0x30 < 10 ? 0x30 : byte)
    }
  }

  /// Adds a 32-bit code (a scalar's own hash) in one step.
  @inline(__always)
  mutating func mix(_ code: UInt32) {
    value = (value ^ code) &* 0x0100_0193
    value ^= value >> 16
  }

  /// The row in a table of `mask + 1` rows (the high bits mixed in).
  @inline(__always)
  func row(_ mask: UInt32) -> UInt32 { (value ^ (value >> 15)) & mask }
}
