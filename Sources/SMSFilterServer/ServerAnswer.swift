import SMSFilterIO

/// A status and a JSON body: what every endpoint's logic returns, before it becomes an HTTP
/// response. Error bodies are the `classify --output jsonl` error record
/// (`{"error":"CODE","message":"…"}`), so a client reads one error shape everywhere.
struct ServerAnswer: Sendable, Equatable {
  /// The HTTP status code.
  let status: Int
  /// The body (JSON, ending in a newline).
  let body: [UInt8]

  /// An error answer: `status` with the error record for `code` and `message`.
  static func error(_ status: Int, code: String, message: String) -> ServerAnswer {
    var body: [UInt8] = []
    DecisionRecordEncoder(format: .jsonl).appendError(code: code, message: message, into: &body)
    return ServerAnswer(status: status, body: body)
  }
}
