/// UTF-8 validation without allocating: what `classify` needs to accept or refuse an input line
/// before normalising it in place.
package enum UTF8Validation {
  /// Whether `bytes` is well-formed UTF-8 (no overlong forms, surrogates or values past
  /// U+10FFFF), as the Unicode standard defines it.
  package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        // ASCII: skip it eight bytes at a time while no byte of the eight has its top bit set
        // (one pass for an ASCII text; in other texts, the runs of spaces, digits and Latin).
        index &+= 1
        while index &+ 8 <= count,
          raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
          index &+= 8
        }
        continue
      }
      // The common forms first: two bytes (Latin, Greek, Cyrillic, Arabic, Hebrew) and three
      // bytes led by E1...EC (Indic scripts, CJK), whose continuation bytes take any value
      // from 80 to BF.
      if lead &- 0xC2 < 0xDF - 0xC2 + 1, index &+ 1 < count, bytes[index &+ 1] & 0xC0 == 0x80 {
        index &+= 2
        continue
      }
      if lead &- 0xE1 < 0xEC - 0xE1 + 1, index &+ 2 < count, bytes[index &+ 1] & 0xC0 == 0x80,
        bytes[index &+ 2] & 0xC0 == 0x80
      {
        index &+= 3
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default: return false
      }
      guard index + length <= count else { return false }
      let second = bytes[index + 1]
      guard second >= low && second <= high else { return false }
      for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { return false }
      index += length
    }
    return true
  }
}
