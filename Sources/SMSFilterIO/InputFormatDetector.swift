/// `--input auto`: the format is decided by the first line that is not blank (`{` starts JSON
/// Lines); until then, lines are read as text.
package struct InputFormatDetector {
  private var format: MessageInputFormat

  /// A detector for the format asked for (anything but `auto` is kept as it is).
  package init(_ format: MessageInputFormat) { self.format = format }

  /// The format to read `batch` in.
  package mutating func format(for batch: LineBatch) -> MessageInputFormat {
    if format == .auto {
      let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
      let bytes = batch.bytes
      if let first = batch.lines.first(where: { !bytes[$0].allSatisfy(blank) }) {
        format = bytes[first].first(where: { !blank($0) }) == UInt8(ascii: "{") ? .jsonl : .text
      }
    }
    return format == .auto ? .text : format
  }
}
