extension MessageRecordReader {
  /// Parses the body of a `serve` classify request: a message record
  /// (`{"sender","body","receiverISOCountryCode","id"}`) or a batch (`{"messages": [record, …]}`),
  /// with the same strictness as JSON Lines records. Every message must have a body; an error
  /// names the message (`messages[3]: no "body" field`) and the byte it was found at.
  ///
  /// With `bodyInPlace`, a body without escapes (nearly every body) is not copied: its record's
  /// ``MessageRecord/bodyRange`` says where its bytes (checked to be UTF-8) are in `body`, as
  /// ``parse(_:bodyInPlace:)`` does for a line. A batch of more than `maximumMessages` is
  /// refused as soon as its next message begins, with an error of kind
  /// ``MessageRecordError/Kind/tooManyMessages``, so an oversized batch is not read to its end.
  ///
  /// - Parameters:
  ///   - body: the request body; with `bodyInPlace`, the records' body ranges index it.
  ///   - bodyInPlace: leave bodies without escapes in place.
  ///   - maximumMessages: the most messages a batch may hold.
  public static func parseRequest(
    _ body: UnsafeBufferPointer<UInt8>, bodyInPlace: Bool = false, maximumMessages: Int = .max
  ) -> Result<MessageRequest, MessageRecordError> {
    var parser = MessageRecordReader(body, readingLabels: false)
    parser.acceptsMessages = true
    parser.bodyInPlace = bodyInPlace
    parser.maximumMessages = maximumMessages
    do {
      parser.skipSpace()
      guard parser.peek() != nil else { throw MessageRecordError(message: "the request body is empty", offset: 0) }
      let record = try parser.parseObject()
      parser.skipSpace()
      guard parser.index == body.count else { throw parser.fail("unexpected text after the object") }
      guard let messages = parser.messages else {
        guard record.hasBody else { throw MessageRecordError(message: "no \"body\" field", offset: 0) }
        return .success(.single(record))
      }
      guard !record.hasBody && record.sender == nil && record.country == nil && record.rawID == nil else {
        throw MessageRecordError(
          message: "a request has either \"messages\" or one message's fields, not both", offset: 0)
      }
      return .success(.batch(messages))
    } catch let error as MessageRecordError {
      return .failure(error)
    } catch {
      return .failure(MessageRecordError(message: "\(error)", offset: 0))
    }
  }

  /// Parses the request body `bytes`, decoding every body; see
  /// ``parseRequest(_:bodyInPlace:maximumMessages:)``.
  ///
  /// - Parameters:
  ///   - body: the request body.
  ///   - maximumMessages: the most messages a batch may hold.
  public static func parseRequest(
    _ body: [UInt8], maximumMessages: Int = .max
  ) -> Result<MessageRequest, MessageRecordError> {
    body.withUnsafeBufferPointer { parseRequest($0, maximumMessages: maximumMessages) }
  }

  /// Reads the `messages` array (at its value), each element a record with a body.
  mutating func parseMessages() throws {
    guard messages == nil else { throw fail("\"messages\" given twice") }
    guard peek() == UInt8(ascii: "[") else { throw fail("\"messages\" must be an array of message objects") }
    index += 1
    acceptsMessages = false
    defer { acceptsMessages = true }
    var records: [MessageRecord] = []
    skipSpace()
    if peek() == UInt8(ascii: "]") {
      index += 1
    } else {
      repeat {
        skipSpace()
        let start = index
        guard records.count < maximumMessages else {
          throw MessageRecordError(
            message: "a batch holds at most \(maximumMessages) \(maximumMessages == 1 ? "message" : "messages")",
            offset: start, kind: .tooManyMessages)
        }
        do {
          let record = try parseObject()
          guard record.hasBody else {
            throw MessageRecordError(message: "no \"body\" field", offset: start)
          }
          records.append(record)
        } catch let error as MessageRecordError {
          throw MessageRecordError(
            message: "messages[\(records.count)]: \(error.message)", offset: error.offset, kind: error.kind)
        }
      } while try !endOfItem(closing: UInt8(ascii: "]"))
    }
    messages = records
  }
}
