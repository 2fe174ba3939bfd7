// Skipping a JSON string's plain bytes (no quote, backslash or control character) a word at a
// time: a message body is most of its line.
extension MessageRecordReader {
  /// The first offset from `start` of the eight-byte word that may hold a `"`, a `\` or a
  /// control character (or of the last bytes, fewer than eight): the string's plain bytes are
  /// skipped a word at a time, and the caller finds the exact end byte by byte from there.
  /// (The zero-byte test may flag a word it need not, never miss one.)
  static func endOfPlainRun(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = bytes.baseAddress else { return start }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var offset = start
    while offset &+ 8 <= bytes.count {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      let hasQuote = (quote &- ones) & ~quote & highs
      let hasBackslash = (backslash &- ones) & ~backslash & highs
      let hasControl = (word &- ones &* 0x20) & ~word & highs
      if hasQuote | hasBackslash | hasControl != 0 { break }
      offset &+= 8
    }
    return offset
  }
}
