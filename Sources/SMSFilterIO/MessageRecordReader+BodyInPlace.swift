// Reading a record for classification without copying its body: the body's bytes stay in the
// line (``MessageRecord/bodyRange``), and the classifier reads them there.
extension MessageRecordReader {
  /// Parses one line for classification, leaving a body without escapes (nearly every body) in
  /// the line: the record's ``MessageRecord/bodyRange`` says where it is, checked to be UTF-8,
  /// and no `String` is built for it. A body with escapes is decoded into
  /// ``MessageRecord/body`` as ``parse(_:readingLabels:)-(UnsafeBufferPointer<UInt8>,_)`` does;
  /// errors are the same.
  ///
  /// - Parameters:
  ///   - line: the line's bytes, without its newline; the body range indexes them.
  ///   - bodyInPlace: leave a body without escapes in place (`false`: parse as usual).
  public static func parse(
    _ line: UnsafeBufferPointer<UInt8>, bodyInPlace: Bool
  ) -> Result<MessageRecord, MessageRecordError> {
    var parser = MessageRecordReader(line, readingLabels: false)
    parser.bodyInPlace = bodyInPlace
    return parse(with: parser)
  }
}
