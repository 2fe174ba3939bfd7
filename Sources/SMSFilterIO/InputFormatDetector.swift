/// `--input auto`: the format is decided by the first line that is not blank (`{` starts JSON
/// Lines); the blank lines before it are read as text, whichever batch they arrive in, so the
/// records never depend on where batches begin.
package struct InputFormatDetector {
  private var format: MessageInputFormat

  /// A detector for the format asked for (anything but `auto` is kept as it is).
  package init(_ format: MessageInputFormat) { self.format = format }

  /// The format to read `batch` in, and how many of its first lines are read as text whatever
  /// that format (blank lines before the format was decided).
  package mutating func format(for batch: LineBatch) -> (format: MessageInputFormat, leadingTextLines: Int) {
    guard format == .auto else { return (format, 0) }
    let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
    let bytes = batch.bytes
    guard let first = batch.lines.firstIndex(where: { !bytes[$0].allSatisfy(blank) }) else {
      return (.text, batch.lines.count)
    }
    format = bytes[batch.lines[first]].first(where: { !blank($0) }) == UInt8(ascii: "{") ? .jsonl : .text
    return (format, first)
  }
}
