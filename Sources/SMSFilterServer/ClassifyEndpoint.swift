import SMSFilter
import SMSFilterIO

/// `POST /v1/classify` without the HTTP: a request body in, an answer out. One message gets its
/// decision record, byte for byte what `classify --output jsonl` writes for the same record; a
/// batch gets `{"results":[…]}`, those records in order. A body that is not a request (bad
/// JSON, a message without a body, a batch too large) gets a 400 or 413 naming the problem.
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
    switch MessageRecordReader.parseRequest(body) {
    case .failure(let error):
      let message = "\(error.message) (at byte \(error.offset + 1))"
      return .error(400, code: "bad-request", message: message)
    case .success(let parsed):
      request = parsed
    }
    if case .batch(let records) = request, records.count > maximumBatchMessages {
      return .error(
        413, code: "batch-too-large",
        message: "a batch holds at most \(maximumBatchMessages) messages, not \(records.count)")
    }
    let records = request.records
    var decisions: [Decision] = []
    decisions.reserveCapacity(records.count)
    var output: [UInt8] = []
    output.reserveCapacity(16 + records.count * 96)
    if case .batch = request { output.append(contentsOf: #"{"results":["#.utf8) }
    generation.sessions.withSession { session in
      for (index, record) in records.enumerated() {
        // Every record has a body: parseRequest refuses one without.
        let query = MessageQuery(
          sender: record.sender, messageBody: record.body ?? "", receiverISOCountryCode: record.country)
        if case .batch = request, index > 0 { output.append(0x2C) }
        if explain {
          let explanation = session.explain(query)
          decisions.append(explanation.decision)
          encoder.append(explanation.decision, rawID: record.rawID, explanation: explanation, into: &output)
        } else {
          let decision = session.classify(query)
          decisions.append(decision)
          encoder.append(decision, rawID: record.rawID, into: &output)
        }
        if case .batch = request { output.removeLast() }  // the record's newline
      }
    }
    if case .batch = request { output.append(contentsOf: "]}\n".utf8) }
    metrics.count(decisions)
    return ServerAnswer(status: 200, body: output)
  }
}
