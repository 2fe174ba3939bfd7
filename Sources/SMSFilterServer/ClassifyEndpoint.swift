import SMSFilter
import SMSFilterIO

/// `POST /v1/classify` without the HTTP: a request body in, an answer out. One message gets its
/// decision record, byte for byte what `classify --output jsonl` writes for the same record; a
/// batch gets `{"results":[…]}`, those records in order. A body that is not a request (bad
/// JSON, a message without a body) gets a 400 naming the problem; a batch of more than
/// ``maximumBatchMessages`` gets a 413 as soon as its reader reaches the message past the limit.
///
/// Without explain, the request is read in place: a body without escapes is classified where
/// it is in the request's bytes, as `classify` does with a JSON Lines line, and the decisions
/// are counted in a ``DecisionTally`` that is published to the metrics once per request.
struct ClassifyEndpoint: Sendable {
  /// The most messages in one batch.
  let maximumBatchMessages: Int
  private let encoder = DecisionRecordEncoder(format: .jsonl)

  /// An endpoint that accepts batches of up to `maximumBatchMessages`.
  init(maximumBatchMessages: Int) { self.maximumBatchMessages = maximumBatchMessages }

  /// Answers one request with `generation`, counting its decisions in `metrics`.
  func answer(
    _ body: UnsafeBufferPointer<UInt8>, explain: Bool, generation: RuleGeneration, metrics: ServerMetrics
  ) -> ServerAnswer {
    let request: MessageRequest
    switch MessageRecordReader.parseRequest(body, bodyInPlace: !explain, maximumMessages: maximumBatchMessages) {
    case .failure(let error) where error.kind == .tooManyMessages:
      return .error(
        413, code: "batch-too-large",
        message:
          "a batch holds at most \(maximumBatchMessages) \(maximumBatchMessages == 1 ? "message" : "messages"); this one holds more"
      )
    case .failure(let error):
      return .error(400, code: "bad-request", message: "\(error.message) (at byte \(error.offset + 1))")
    case .success(let parsed):
      request = parsed
    }
    var tally = DecisionTally()
    var output: [UInt8] = []
    generation.sessions.withSession { session in
      switch request {
      case .single(let record):
        output.reserveCapacity(128)
        append(record, in: body, explain: explain, session: session, tally: &tally, into: &output)
      case .batch(let records):
        output.reserveCapacity(16 + records.count * 72)
        output.append(contentsOf: #"{"results":["#.utf8)
        for (index, record) in records.enumerated() {
          if index > 0 { output.append(0x2C) }
          append(record, in: body, explain: explain, session: session, tally: &tally, into: &output)
          output.removeLast()  // the record's newline
        }
        output.append(contentsOf: "]}\n".utf8)
      }
    }
    metrics.publish(tally)
    return ServerAnswer(status: 200, body: output)
  }

  /// Classifies one record of the request `body` (from its bytes when its body is in place)
  /// and appends its decision record and newline.
  private func append(
    _ record: MessageRecord, in body: UnsafeBufferPointer<UInt8>, explain: Bool, session: ClassificationSession,
    tally: inout DecisionTally, into output: inout [UInt8]
  ) {
    if let range = record.bodyRange {
      let decision = session.classify(
        validUTF8Body: UnsafeBufferPointer(rebasing: body[range]), sender: record.sender,
        receiverISOCountryCode: record.country)
      tally.add(decision)
      encoder.append(decision, rawID: record.rawID, into: &output)
      return
    }
    // Every record has a body (parseRequest refuses one without): decoded, since it had escapes
    // or explain asked for the body as a string.
    let query = MessageQuery(
      sender: record.sender, messageBody: record.body ?? "", receiverISOCountryCode: record.country)
    if explain {
      let explanation = session.explain(query)
      tally.add(explanation.decision)
      encoder.append(explanation.decision, rawID: record.rawID, explanation: explanation, into: &output)
    } else {
      let decision = session.classify(query)
      tally.add(decision)
      encoder.append(decision, rawID: record.rawID, into: &output)
    }
  }
}
