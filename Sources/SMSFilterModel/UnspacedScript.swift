/// The scripts written without spaces between words: Thai, Lao, Myanmar, Khmer, kana and Han.
/// One definition for the matcher's word boundaries (a keyword in these scripts needs none)
/// and the learned model's character bigrams (taken only between two of these scalars).
package enum UnspacedScript {
  /// Whether a Unicode scalar value belongs to one of these scripts.
  ///
  /// ```swift
  /// UnspacedScript.contains(0x4E2D)  // 中: true
  /// UnspacedScript.contains(0x0061)  // a: false
  /// ```
  @inline(__always)
  package static func contains(_ value: UInt32) -> Bool {
    switch value {
    case 0x0E00...0x0EFF,  // Thai, Lao
      0x1000...0x109F,  // Myanmar
      0x1780...0x17FF,  // Khmer
      0x3040...0x30FF,  // Hiragana, Katakana
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF:  // Han
      return true
    default:
      return false
    }
  }
}
