/// The 64-bit identity of a normalised sender: a kind tag in the top four bits, and below it the
/// E.164 number, the short code (digits, length and scope country), or the FNV-1a 64 hash of a
/// text sender's normalised bytes. ``SenderID`` computes it; the directory file stores and
/// sorts by it (see `DirectoryFormat` in `SMSFilterDirectory`).
package enum SenderKey {
  /// FNV-1a 64's offset basis.
  package static let fnvOffsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
  /// FNV-1a 64's prime.
  package static let fnvPrime: UInt64 = 0x0000_0100_0000_01B3

  /// One FNV-1a 64 step.
  @inline(__always)
  package static func fnv1a(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
    (hash ^ UInt64(byte)) &* fnvPrime
  }

  /// FNV-1a 64 of some bytes.
  package static func fnv1a<C: Sequence>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
    var hash = fnvOffsetBasis
    for byte in bytes { hash = fnv1a(hash, byte) }
    return hash
  }

  /// Bits the kind tag is shifted by.
  package static let tagShift: UInt64 = 60
  /// The bits below the tag.
  package static let valueMask: UInt64 = (1 << 60) - 1
  /// Kind tags.
  package static let phoneTag: UInt64 = 1
  package static let shortCodeTag: UInt64 = 2
  package static let alphanumericTag: UInt64 = 3
  package static let emailTag: UInt64 = 4

  /// The key of an E.164 number.
  @inline(__always)
  package static func phoneKey(_ number: UInt64) -> UInt64 { phoneTag << tagShift | number }

  /// The key of a short code of `digits` digits, scoped by a country's key bits (0: none).
  @inline(__always)
  package static func shortCodeKey(value: UInt64, digits: Int, country: UInt64) -> UInt64 {
    shortCodeTag << tagShift | country << 27 | UInt64(digits) << 24 | value
  }

  /// A short-code key without its country.
  package static func unscopedShortCodeKey(_ key: UInt64) -> UInt64 { key & ~(UInt64(0x3FF) << 27) }

  /// The key of a text sender from the FNV-1a 64 hash of its normalised text.
  @inline(__always)
  package static func textKey(kind: SenderID.Kind, hash: UInt64) -> UInt64 {
    (kind == .email ? emailTag : alphanumericTag) << tagShift | (hash & valueMask)
  }

  /// The kind a key stands for.
  package static func kind(ofKey key: UInt64) -> SenderID.Kind {
    switch key >> tagShift {
    case phoneTag: .phone
    case shortCodeTag: .shortCode
    case emailTag: .email
    default: .alphanumeric
    }
  }

  /// Whether a key belongs to a text sender (alphanumeric or e-mail).
  @inline(__always)
  package static func isTextKey(_ key: UInt64) -> Bool { key >> tagShift >= alphanumericTag }

  /// The normalised text of a phone or short-code key: `+919876543210`, `IN:56161`, `56161`.
  ///
  /// Written into a stack buffer, so that texts of up to 15 bytes (every short code and every
  /// E.164 number of up to 14 digits) become small strings without a heap allocation.
  package static func normalizedText(ofNumericKey key: UInt64) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
      var count = 0
      var value: UInt64
      var digits: Int
      if key >> tagShift == shortCodeTag {
        value = key & 0xFF_FFFF
        digits = Int(key >> 24 & 0x7)
        if let country = CountryCode(keyBits: key >> 27 & 0x3FF) {
          buffer[0] = UInt8(truncatingIfNeeded: country.packed >> 8)
          buffer[1] = UInt8(truncatingIfNeeded: country.packed)
          buffer[2] = 0x3A
          count = 3
        }
      } else {
        value = key & valueMask
        digits = 1
        while digits < 20, value >= SenderParser.pow10(digits) { digits += 1 }
        buffer[0] = 0x2B
        count = 1
      }
      var index = count + digits - 1
      let pairs = digitPairs.utf8Start
      while index > count {
        let pair = Int(truncatingIfNeeded: value % 100) &* 2
        value /= 100
        buffer[index] = pairs[pair + 1]
        buffer[index - 1] = pairs[pair]
        index -= 2
      }
      if index == count { buffer[index] = UInt8(truncatingIfNeeded: value % 10) &+ 0x30 }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<(count + digits)]), as: UTF8.self)
    }
  }

  /// "00", "01", … "99": two digits at a time.
  private static let digitPairs: StaticString = """
    0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
    5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
    """

}
