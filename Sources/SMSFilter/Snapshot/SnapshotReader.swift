/// Reads back what ``SnapshotWriter`` wrote, checking every length against the bytes left, so a
/// truncated or corrupt snapshot is an error (``RuleSetSnapshot/Failure``), never a crash.
///
/// It reads the bytes in place (the embedded snapshot is the binary's own read-only data), so the
/// buffer must outlive the reader.
struct SnapshotReader {
  private let bytes: UnsafeRawBufferPointer
  private var position = 0

  /// A reader at the start of `bytes`, which must stay valid while it reads.
  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  /// Whether every byte has been read.
  var isAtEnd: Bool { position == bytes.count }

  /// Reads an unsigned LEB128 integer.
  mutating func readUInt() throws(RuleSetSnapshot.Failure) -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard position < bytes.count, shift < 64 else { throw .corrupt("an integer runs past the end") }
      let byte = bytes[position]
      position += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }

  /// Reads a zig-zag encoded integer.
  mutating func readInt() throws(RuleSetSnapshot.Failure) -> Int {
    let raw = try readUInt()
    return Int(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
  }

  /// Reads a count, refusing one larger than the bytes left could hold.
  mutating func readCount() throws(RuleSetSnapshot.Failure) -> Int {
    let count = try readUInt()
    guard count <= UInt64(bytes.count - position) else { throw .corrupt("a length of \(count) runs past the end") }
    return Int(count)
  }

  /// Reads one byte.
  mutating func readTag() throws(RuleSetSnapshot.Failure) -> UInt8 {
    guard position < bytes.count else { throw .corrupt("a tag runs past the end") }
    defer { position += 1 }
    return bytes[position]
  }

  /// Reads a flag.
  mutating func readBool() throws(RuleSetSnapshot.Failure) -> Bool {
    switch try readTag() {
    case 0: return false
    case 1: return true
    case let other: throw .corrupt("flag \(other)")
    }
  }

  /// Reads an optional flag.
  mutating func readOptionalBool() throws(RuleSetSnapshot.Failure) -> Bool? {
    switch try readTag() {
    case 0: return nil
    case 1: return false
    case 2: return true
    case let other: throw .corrupt("optional flag \(other)")
    }
  }

  /// Reads a string.
  mutating func readString() throws(RuleSetSnapshot.Failure) -> String {
    let count = try readCount()
    defer { position += count }
    return String(decoding: bytes[position..<position + count], as: UTF8.self)
  }

  /// Reads an optional string.
  mutating func readOptionalString() throws(RuleSetSnapshot.Failure) -> String? {
    try readBool() ? try readString() : nil
  }

  /// Reads a list of strings.
  mutating func readStrings() throws(RuleSetSnapshot.Failure) -> [String] {
    let count = try readCount()
    var values: [String] = []
    values.reserveCapacity(count)
    for _ in 0..<count { values.append(try readString()) }
    return values
  }

  /// Reads an optional list of strings.
  mutating func readOptionalStrings() throws(RuleSetSnapshot.Failure) -> [String]? {
    try readBool() ? try readStrings() : nil
  }

  /// Reads 8 little-endian bytes.
  mutating func readFixed() throws(RuleSetSnapshot.Failure) -> UInt64 {
    guard bytes.count - position >= 8 else { throw .corrupt("a fixed-width value runs past the end") }
    var value: UInt64 = 0
    for index in 0..<8 { value |= UInt64(bytes[position + index]) << UInt64(8 * index) }
    position += 8
    return value
  }

  /// Reads a list of 32-bit words (``SnapshotWriter/writeWords(_:)``): the count, then the words
  /// in 4 little-endian bytes each, copied as one block.
  mutating func readWords() throws(RuleSetSnapshot.Failure) -> [UInt32] {
    let count = try readUInt()
    guard count <= UInt64(bytes.count - position) / 4 else { throw .corrupt("\(count) words run past the end") }
    let byteCount = Int(count) * 4
    let source = UnsafeRawBufferPointer(rebasing: bytes[position..<position + byteCount])
    position += byteCount
    return [UInt32](unsafeUninitializedCapacity: Int(count)) { words, initialized in
      UnsafeMutableRawBufferPointer(words).copyMemory(from: source)
      for index in 0..<Int(count) { words[index] = UInt32(littleEndian: words[index]) }
      initialized = Int(count)
    }
  }

  /// Reads a closed range (its bounds), refusing bounds out of order.
  mutating func readRange() throws(RuleSetSnapshot.Failure) -> ClosedRange<Int> {
    let lower = try readInt()
    let upper = try readInt()
    guard lower <= upper else { throw .corrupt("a range from \(lower) to \(upper)") }
    return lower...upper
  }

  /// Reads a list of bytes: the count, then the bytes.
  mutating func readBytes() throws(RuleSetSnapshot.Failure) -> [UInt8] {
    try readRaw(try readCount())
  }

  /// Reads `count` raw bytes.
  mutating func readRaw(_ count: Int) throws(RuleSetSnapshot.Failure) -> [UInt8] {
    guard bytes.count - position >= count else { throw .corrupt("\(count) bytes run past the end") }
    defer { position += count }
    return Array(bytes[position..<position + count])
  }
}
