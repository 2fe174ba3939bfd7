/// A literal's bytes as a dictionary key, hashed as one block of bytes. An array of bytes hashes
/// each byte in a call of its own, and interning the built-in rules' 6,700 literals, each looked
/// up several times, was about a fifth of compiling them.
struct LiteralKey: Hashable {
  /// The literal's bytes.
  let bytes: [UInt8]

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func hash(into hasher: inout Hasher) {
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }

  static func == (lhs: LiteralKey, rhs: LiteralKey) -> Bool { lhs.bytes == rhs.bytes }
}
