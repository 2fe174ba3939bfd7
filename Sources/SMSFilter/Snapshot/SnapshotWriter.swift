/// Appends the primitive values of a rule-set snapshot (``RuleSetSnapshot``) to a byte buffer:
/// unsigned LEB128 integers, length-prefixed UTF-8 strings, flags and lists.
///
/// The encoding has no alignment or padding and depends only on the values written, so the same
/// rule set always gives the same bytes (the test suite compares the committed snapshot with a
/// fresh one byte for byte).
struct SnapshotWriter {
  /// The bytes written so far.
  private(set) var bytes: [UInt8] = []

  /// Writes a non-negative integer as unsigned LEB128 (7 bits a byte, low bits first).
  mutating func write(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  /// Writes an integer (signed, zig-zag encoded, so small negative numbers stay short).
  mutating func write(_ value: Int) {
    let signed = Int64(value)
    write(UInt64(bitPattern: (signed << 1) ^ (signed >> 63)))
  }

  /// Writes a flag as one byte.
  mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

  /// Writes a tag byte (an enum case's number).
  mutating func writeTag(_ tag: UInt8) { bytes.append(tag) }

  /// Writes a string: its UTF-8 length, then its bytes.
  mutating func write(_ value: String) {
    write(UInt64(value.utf8.count))
    bytes.append(contentsOf: value.utf8)
  }

  /// Writes a list of strings: the count, then each.
  mutating func write(_ values: [String]) {
    write(UInt64(values.count))
    for value in values { write(value) }
  }

  /// Writes an optional list of strings: a presence flag, then the list.
  mutating func write(_ values: [String]?) {
    write(values != nil)
    if let values { write(values) }
  }

  /// Writes an optional string: a presence flag, then the string.
  mutating func write(_ value: String?) {
    write(value != nil)
    if let value { write(value) }
  }

  /// Writes an optional flag: 0 absent, 1 false, 2 true.
  mutating func write(_ value: Bool?) {
    bytes.append(value.map { $0 ? 2 : 1 } ?? 0)
  }

  /// Writes a 64-bit value in 8 little-endian bytes (floating-point bit patterns, checksums).
  mutating func writeFixed(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
  }

  /// Writes a list of 32-bit words (an automaton's tables): the count, then each word in 4
  /// little-endian bytes, so the reader copies them as one block.
  mutating func writeWords(_ words: [UInt32]) {
    write(UInt64(words.count))
    bytes.reserveCapacity(bytes.count + 4 * words.count)
    for word in words {
      for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
    }
  }

  /// Writes a closed range: its bounds.
  mutating func write(_ range: ClosedRange<Int>) {
    write(range.lowerBound)
    write(range.upperBound)
  }

  /// Writes a list of bytes: the count, then the bytes.
  mutating func write(_ bytes: [UInt8]) {
    write(UInt64(bytes.count))
    writeRaw(bytes)
  }

  /// Writes raw bytes (a header's magic).
  mutating func writeRaw(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }
}
