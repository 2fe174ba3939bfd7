import SMSFilter

/// A batch of input lines: their bytes back to back, and each line's range. Reused from batch to
/// batch, so reading allocates nothing once the buffers have grown.
package struct LineBatch: Sendable {
  /// The lines' bytes, back to back (without their line endings).
  package internal(set) var bytes: [UInt8] = []
  /// Each line's range in ``bytes``.
  package internal(set) var lines: [Range<Int>] = []

  /// Creates an empty batch.
  package init() {}

  package mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    lines.removeAll(keepingCapacity: true)
  }
}
