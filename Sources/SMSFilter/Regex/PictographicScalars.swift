/// The characters of `\p{Extended_Pictographic}` (emoji and pictographs, reserved blocks
/// included) as PCRE2 reads the property, so the matcher can answer that regex from the text's
/// scalars without running PCRE2 (``RegexShortcut/pictographic``).
///
/// The ranges were written out from the PCRE2 the package links, scalar by scalar; the test suite
/// checks them against PCRE2 over every scalar, so a PCRE2 with another Unicode version fails the
/// test instead of deciding differently.
///
/// ```swift
/// PictographicScalars.contains(0x1F44D)  // true: 👍
/// PictographicScalars.contains(0x20B9)   // false: ₹
/// ```
enum PictographicScalars {
  /// Sorted, disjoint ranges of scalar values.
  static let ranges: [ClosedRange<UInt32>] = [
    0xA9...0xA9, 0xAE...0xAE, 0x203C...0x203C, 0x2049...0x2049, 0x2122...0x2122, 0x2139...0x2139, 0x2194...0x2199,
    0x21A9...0x21AA, 0x231A...0x231B, 0x2328...0x2328, 0x2388...0x2388, 0x23CF...0x23CF, 0x23E9...0x23F3,
    0x23F8...0x23FA, 0x24C2...0x24C2, 0x25AA...0x25AB, 0x25B6...0x25B6, 0x25C0...0x25C0, 0x25FB...0x25FE,
    0x2600...0x2605, 0x2607...0x2612, 0x2614...0x2685, 0x2690...0x2705, 0x2708...0x2712, 0x2714...0x2714,
    0x2716...0x2716, 0x271D...0x271D, 0x2721...0x2721, 0x2728...0x2728, 0x2733...0x2734, 0x2744...0x2744,
    0x2747...0x2747, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2763...0x2767,
    0x2795...0x2797, 0x27A1...0x27A1, 0x27B0...0x27B0, 0x27BF...0x27BF, 0x2934...0x2935, 0x2B05...0x2B07,
    0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x3030...0x3030, 0x303D...0x303D, 0x3297...0x3297,
    0x3299...0x3299, 0x1F000...0x1F0FF, 0x1F10D...0x1F10F, 0x1F12F...0x1F12F, 0x1F16C...0x1F171, 0x1F17E...0x1F17F,
    0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F1AD...0x1F1E5, 0x1F201...0x1F20F, 0x1F21A...0x1F21A, 0x1F22F...0x1F22F,
    0x1F232...0x1F23A, 0x1F23C...0x1F23F, 0x1F249...0x1F3FA, 0x1F400...0x1F53D, 0x1F546...0x1F64F, 0x1F680...0x1F6FF,
    0x1F774...0x1F77F, 0x1F7D5...0x1F7FF, 0x1F80C...0x1F80F, 0x1F848...0x1F84F, 0x1F85A...0x1F85F, 0x1F888...0x1F88F,
    0x1F8AE...0x1F8FF, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1FAFF, 0x1FC00...0x1FFFD,
  ]

  /// Whether a scalar value has the property.
  static func contains(_ value: UInt32) -> Bool {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].upperBound < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < ranges.count && ranges[low].contains(value)
  }

  /// Whether valid UTF-8 text holds a character with the property. Every such character is
  /// non-ASCII, so only the bytes that start a multi-byte character are decoded.
  static func occurs(in text: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = text.count
    while index < count {
      let lead = text[index]
      if lead < 0xC0 {
        index += 1
        continue
      }
      var value: UInt32
      var length: Int
      if lead < 0xE0 {
        value = UInt32(lead & 0x1F)
        length = 2
      } else if lead < 0xF0 {
        value = UInt32(lead & 0x0F)
        length = 3
      } else {
        value = UInt32(lead & 0x07)
        length = 4
      }
      guard index + length <= count else { return false }
      for offset in 1..<length { value = value << 6 | UInt32(text[index + offset] & 0x3F) }
      if contains(value) { return true }
      index += length
    }
    return false
  }
}
