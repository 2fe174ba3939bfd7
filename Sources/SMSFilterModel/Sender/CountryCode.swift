/// A receiver's country as an ISO 3166-1 alpha-2 code, packed into two bytes so that it can be
/// parsed and compared on the lookup path without allocating.
package struct CountryCode: Hashable, Sendable, CustomStringConvertible {
  /// The first letter (upper case ASCII) in the high byte, the second in the low byte.
  package let packed: UInt16

  /// Parses two ASCII letters in either case (`"in"`, `"IN"`); `nil` for anything else.
  package init?(_ text: String) {
    var text = text
    let parsed = text.withUTF8 { CountryCode(bytes: $0) }
    guard let parsed else { return nil }
    self = parsed
  }

  /// Parses two ASCII letters in either case from UTF-8 bytes.
  @inline(__always)
  package init?(bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count == 2 else { return nil }
    let first = bytes[0] & 0xDF
    let second = bytes[1] & 0xDF
    guard (0x41...0x5A).contains(first), (0x41...0x5A).contains(second) else { return nil }
    packed = UInt16(first) << 8 | UInt16(second)
  }

  /// Restores a code from its ``packed`` form, as stored in short-code keys.
  package init?(packed: UInt16) {
    let first = UInt8(truncatingIfNeeded: packed >> 8)
    let second = UInt8(truncatingIfNeeded: packed)
    guard (0x41...0x5A).contains(first), (0x41...0x5A).contains(second) else { return nil }
    self.packed = packed
  }

  /// A 10-bit number (1…728) for the short-code key: each letter as 1…26 in base 27.
  package var keyBits: UInt64 {
    UInt64((packed >> 8) - 0x40) * 27 + UInt64((packed & 0xFF) - 0x40)
  }

  /// Restores a code from ``keyBits``; `nil` for 0 (no country) or an out-of-range value.
  package init?(keyBits: UInt64) {
    let first = keyBits / 27
    let second = keyBits % 27
    guard (1...26).contains(first), (1...26).contains(second) else { return nil }
    packed = UInt16(first + 0x40) << 8 | UInt16(second + 0x40)
  }

  /// `"IN"`.
  package var description: String {
    String(decoding: [UInt8(truncatingIfNeeded: packed >> 8), UInt8(truncatingIfNeeded: packed)], as: UTF8.self)
  }

  /// How numbers are dialled in this country, when the table knows it.
  package var dialing: CountryDialing? { CountryDialing.table(packed) }
}
