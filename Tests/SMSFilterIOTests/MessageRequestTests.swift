import Testing

@testable import SMSFilterIO

/// The `serve` request bodies: one record, or a batch, and the errors that name the problem.
@Suite struct MessageRequestTests {
  func parse(_ body: String) -> Result<MessageRequest, MessageRecordError> {
    MessageRecordReader.parseRequest(Array(body.utf8))
  }

  func failure(_ body: String) -> String? {
    if case .failure(let error) = parse(body) { return error.message }
    return nil
  }

  @Test func oneMessageIsARecord() throws {
    guard case .single(let record) = try parse(#"{"sender":"VM-HDFCBK","body":"hi","id":[1]}"#).get() else {
      Issue.record("not a single message")
      return
    }
    #expect(record.sender == "VM-HDFCBK" && record.body == "hi" && record.rawID == Array("[1]".utf8))
  }

  @Test func aBatchKeepsItsOrderAndIds() throws {
    let request = try parse(#" {"messages": [{"body":"a","id":1}, {"body":"b"}, {"sender":"X","body":"c"}]} "#).get()
    guard case .batch(let records) = request else {
      Issue.record("not a batch")
      return
    }
    #expect(records.map(\.body) == ["a", "b", "c"])
    #expect(records[0].rawID == Array("1".utf8) && records[1].rawID == nil && records[2].sender == "X")
    #expect(request.records.count == 3)
    guard case .batch(let none) = try parse(#"{"messages":[]}"#).get() else {
      Issue.record("an empty batch is not a batch")
      return
    }
    #expect(none.isEmpty)
  }

  @Test func aNestedMessagesFieldIsJustAField() throws {
    guard case .batch(let records) = try parse(#"{"messages":[{"body":"a","messages":[1]}]}"#).get() else {
      Issue.record("not a batch")
      return
    }
    #expect(records.count == 1)
  }

  @Test func badRequestsNameTheProblem() {
    #expect(failure("") == "the request body is empty")
    #expect(failure("[]") == "expected a JSON object")
    #expect(failure(#"{"sender":"x"}"#) == #"no "body" field"#)
    #expect(failure(#"{"messages":[{"body":"a"},{"sender":"b"}]}"#) == #"messages[1]: no "body" field"#)
    #expect(failure(#"{"messages":[{"body":"a"},{"body":2}]}"#) == "messages[1]: field 'body' must be a string")
    #expect(failure(#"{"messages":{"body":"a"}}"#) == #""messages" must be an array of message objects"#)
    #expect(failure(#"{"messages":[],"messages":[]}"#) == #""messages" given twice"#)
    #expect(
      failure(#"{"body":"x","messages":[]}"#) == #"a request has either "messages" or one message's fields, not both"#)
    #expect(failure(#"{"body":"x"} x"#) == "unexpected text after the object")
    #expect(failure(#"{"messages":[{"body":"a"}"#)?.hasPrefix("expected ',' or ']'") == true)
  }

  @Test func bodiesWithoutEscapesStayInPlace() throws {
    let body = Array(#"{"messages":[{"sender":"X","body":"plain text"},{"body":"two\nlines"}]}"#.utf8)
    let request = body.withUnsafeBufferPointer { MessageRecordReader.parseRequest($0, bodyInPlace: true) }
    guard case .batch(let records) = try request.get() else {
      Issue.record("not a batch")
      return
    }
    let range = try #require(records[0].bodyRange)
    #expect(records[0].body == nil && String(decoding: body[range], as: UTF8.self) == "plain text")
    #expect(records[0].sender == "X" && records[0].hasBody)
    #expect(records[1].bodyRange == nil && records[1].body == "two\nlines")
    let invalid: [UInt8] = Array(#"{"body":""#.utf8) + [0xFF] + Array(#""}"#.utf8)
    let refused = invalid.withUnsafeBufferPointer { MessageRecordReader.parseRequest($0, bodyInPlace: true) }
    #expect(throws: MessageRecordError(message: "invalid UTF-8 in a string", offset: 9)) { try refused.get() }
  }

  @Test func anOversizedBatchIsRefusedAtTheMessagePastTheLimit() {
    let three = #"{"messages":[{"body":"a"},{"body":"b"},{"body":"c"}]}"#
    #expect((try? MessageRecordReader.parseRequest(Array(three.utf8), maximumMessages: 3).get()) != nil)
    // The third message is not even JSON: the reader stops before it.
    let garbage = #"{"messages":[{"body":"a"},{"body":"b"},garbage"#
    let refused = MessageRecordReader.parseRequest(Array(garbage.utf8), maximumMessages: 2)
    #expect(
      throws: MessageRecordError(message: "a batch holds at most 2 messages", offset: 39, kind: .tooManyMessages)
    ) { try refused.get() }
    let one = MessageRecordReader.parseRequest(Array(three.utf8), maximumMessages: 1)
    #expect(
      throws: MessageRecordError(message: "a batch holds at most 1 message", offset: 26, kind: .tooManyMessages)
    ) { try one.get() }
    // Within the limit, the same garbage is a malformed request.
    if case .failure(let error) = MessageRecordReader.parseRequest(Array(garbage.utf8), maximumMessages: 3) {
      #expect(error.kind == .malformed)
    } else {
      Issue.record("garbage was accepted")
    }
  }
}
