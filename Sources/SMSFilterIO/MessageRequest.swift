/// What a `smsfilter serve` classify request holds: one message record, or a batch of them in
/// order (`{"messages": [...]}`), as read by ``MessageRecordReader/parseRequest(_:maximumMessages:)``.
///
/// ```swift
/// let request = try MessageRecordReader.parseRequest(Array(#"{"messages":[{"body":"hi"}]}"#.utf8)).get()
/// // .batch([MessageRecord(body: "hi")])
/// ```
public enum MessageRequest: Sendable {
  /// One message: the request body is a message record.
  case single(MessageRecord)
  /// A batch: the records of the `messages` array, in order.
  case batch([MessageRecord])

  /// The messages, in order.
  public var records: [MessageRecord] {
    switch self {
    case .single(let record): [record]
    case .batch(let records): records
    }
  }
}
