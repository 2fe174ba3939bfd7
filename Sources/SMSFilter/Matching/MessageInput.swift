/// A message as the matcher reads it: the body as valid UTF-8 bytes (borrowed for the call),
/// the sender and the receiver's country. Every way into the matcher — a ``MessageQuery``, the
/// bytes of a streamed line — becomes one of these, so there is one decision path.
struct MessageInput {
  /// The body, valid UTF-8.
  let body: UnsafeBufferPointer<UInt8>
  /// The sender as given.
  let sender: String?
  /// The receiver's ISO country code as given.
  let receiverISOCountryCode: String?
}

extension MessageQuery {
  /// Runs `body` with this query as matcher input (the body's UTF-8 borrowed in place).
  func withInput<Result>(_ body: (MessageInput) -> Result) -> Result {
    var text = messageBody
    return text.withUTF8 { utf8 in
      body(MessageInput(body: utf8, sender: sender, receiverISOCountryCode: receiverISOCountryCode))
    }
  }
}
