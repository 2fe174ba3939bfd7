import PCRE2

/// Lower-casing of sender IDs (ASCII letters only: sender IDs are ASCII in practice, and anything
/// else is compared as written).
enum SenderText {
  static func lowercased(_ bytes: [UInt8]) -> [UInt8] {
    bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
  }
}
