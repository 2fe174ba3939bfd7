/// JSON string literals as every JSON writer in the package writes them.
public enum JSONString {
  /// Appends `text` to `output` as a JSON string literal, quotes included, escaping quotes,
  /// backslashes and control characters.
  public static func append(_ text: String, to output: inout [UInt8]) {
    output.append(0x22)
    for byte in text.utf8 {
      switch byte {
      case 0x22: output.append(contentsOf: [0x5C, 0x22])
      case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: output.append(contentsOf: [0x5C, 0x6E])
      case 0x0D: output.append(contentsOf: [0x5C, 0x72])
      case 0x09: output.append(contentsOf: [0x5C, 0x74])
      case 0..<0x20, 0x7F:
        let hex = Array("0123456789abcdef".utf8)
        output.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
      default: output.append(byte)
      }
    }
    output.append(0x22)
  }
}
