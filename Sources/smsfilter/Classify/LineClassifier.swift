import SMSFilter
import SMSFilterIO

/// Classifies the lines of a batch into decision records: the per-line half of `classify`,
/// given to an ``OrderedBatchPipeline``.
struct LineClassifier: Sendable {
  let encoder: DecisionRecordEncoder
  let explain: Bool

  /// Classifies every line of a batch with one session.
  func classify(
    _ batch: LineBatch, format: (format: MessageInputFormat, leadingTextLines: Int), firstLine: Int,
    session: ClassificationSession
  ) -> BatchOutput {
    var result = BatchOutput()
    result.bytes.reserveCapacity(batch.lines.count * 48)
    batch.bytes.withUnsafeBufferPointer { all in
      for (offset, range) in batch.lines.enumerated() {
        let line = UnsafeBufferPointer(rebasing: all[range])
        let lineFormat = offset < format.leadingTextLines ? MessageInputFormat.text : format.format
        if let error = classify(line, format: lineFormat, session: session, into: &result.bytes) {
          result.errors.append((firstLine + offset, error))
        }
      }
    }
    return result
  }

  /// Classifies one line and appends its record; returns an error message for an unreadable
  /// line (whose error record is appended instead).
  func classify(
    _ line: UnsafeBufferPointer<UInt8>, format: MessageInputFormat, session: ClassificationSession,
    into buffer: inout [UInt8]
  ) -> String? {
    if (format == .text || format == .tsv) && !explain {
      // The streaming fast path: classify straight from the line's bytes (after the sender, in
      // TSV); only a TSV sender becomes a string.
      var body = line
      var sender: String?
      if format == .tsv {
        guard let tab = line.firstIndex(of: 0x09) else { return missingTab(into: &buffer) }
        guard let text = String(validating: UnsafeBufferPointer(rebasing: line[..<tab]), as: UTF8.self) else {
          return invalidUTF8(into: &buffer)
        }
        sender = text.isEmpty ? nil : text
        body = UnsafeBufferPointer(rebasing: line[(tab + 1)...])
      }
      guard let decision = session.classify(utf8Body: body, sender: sender) else { return invalidUTF8(into: &buffer) }
      encoder.append(decision, into: &buffer)
      return nil
    }
    let query: MessageQuery
    var rawID: [UInt8]?
    if format == .jsonl {
      // Without explain, a body without escapes is classified where it is in the line.
      switch MessageRecordReader.parse(line, bodyInPlace: !explain) {
      case .failure(let error):
        encoder.appendError(code: "bad-json", message: error.message, into: &buffer)
        return "bad JSON at byte \(error.offset + 1): \(error.message)"
      case .success(let record):
        rawID = record.rawID
        if let range = record.bodyRange {
          let decision = session.classify(
            validUTF8Body: UnsafeBufferPointer(rebasing: line[range]), sender: record.sender,
            receiverISOCountryCode: record.country)
          encoder.append(decision, rawID: rawID, into: &buffer)
          return nil
        }
        guard let body = record.body else {
          encoder.appendError(code: "missing-body", message: "no \"body\" field", rawID: rawID, into: &buffer)
          return "no \"body\" field"
        }
        query = MessageQuery(sender: record.sender, messageBody: body, receiverISOCountryCode: record.country)
      }
    } else if format == .tsv {
      guard let tab = line.firstIndex(of: 0x09) else { return missingTab(into: &buffer) }
      guard let sender = String(validating: UnsafeBufferPointer(rebasing: line[..<tab]), as: UTF8.self),
        let body = String(validating: UnsafeBufferPointer(rebasing: line[(tab + 1)...]), as: UTF8.self)
      else { return invalidUTF8(into: &buffer) }
      query = MessageQuery(sender: sender.isEmpty ? nil : sender, messageBody: body)
    } else {
      guard let body = String(validating: line, as: UTF8.self) else { return invalidUTF8(into: &buffer) }
      query = MessageQuery(messageBody: body)
    }
    if explain {
      let explanation = session.explain(query)
      encoder.append(explanation.decision, rawID: rawID, explanation: explanation, into: &buffer)
    } else {
      encoder.append(session.classify(query), rawID: rawID, into: &buffer)
    }
    return nil
  }

  /// Appends the error record of a line that is not valid UTF-8; returns the message.
  private func invalidUTF8(into buffer: inout [UInt8]) -> String {
    encoder.appendError(code: "invalid-utf8", message: "invalid UTF-8", into: &buffer)
    return "invalid UTF-8"
  }

  /// Appends the error record of a TSV line without a TAB; returns the message.
  private func missingTab(into buffer: inout [UInt8]) -> String {
    encoder.appendError(code: "missing-tab", message: "no TAB between sender and body", into: &buffer)
    return "no TAB between sender and body (--input tsv reads sender<TAB>body)"
  }
}
