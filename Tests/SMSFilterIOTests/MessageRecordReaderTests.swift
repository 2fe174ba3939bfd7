import Testing

@testable import SMSFilterIO

@Suite struct MessageRecordReaderTests {
  func parse(_ line: String, labels: Bool = false) -> Result<MessageRecord, MessageRecordError> {
    MessageRecordReader.parse(Array(line.utf8), readingLabels: labels)
  }

  @Test func classifyFieldsAndTheirAliasesAreRead() throws {
    let record = try parse(#"{"id": [1, {"a": 2}], "sender":"VM-HDFCBK","messageBody":"hi","country":"IN","x":null}"#)
      .get()
    #expect(record.sender == "VM-HDFCBK" && record.body == "hi" && record.country == "IN")
    #expect(record.rawID.map { String(decoding: $0, as: UTF8.self) } == #"[1, {"a": 2}]"#)
    // Without labels, corpus fields and unknown keys are skipped and not noted.
    let plain = try parse(#"{"body":"b","action":"junk","lang":"en","mystery":1}"#).get()
    #expect(plain.action == nil && plain.language == nil && plain.unknownKey == nil)
  }

  @Test func labelsAndTheFirstUnknownKeyAreReadWhenAsked() throws {
    let record = try parse(
      #"{"body":"b","action":"transaction","subAction":"transactionalOthers","lang":"sw","market":"KE","note":"n","zz":1,"yy":2}"#,
      labels: true
    ).get()
    #expect(record.action == "transaction" && record.subAction == "transactionalOthers" && record.language == "sw")
    #expect(record.unknownKey == "zz")
  }

  @Test func badLinesNameTheProblemAndItsOffset() {
    guard case .failure(let error) = parse(#"{"body": 5}"#) else {
      Issue.record("a number body parsed")
      return
    }
    #expect(error.message.contains("body") && error.offset > 0)
    if case .success = parse("[1]") { Issue.record("a list parsed as a record") }
    if case .success = parse(#"{"body":"x"} trailing"#) { Issue.record("trailing text accepted") }
  }
}

@Suite struct MessageRecordReaderEdgeTests {
  func parse(_ line: String) -> Result<MessageRecord, MessageRecordError> {
    MessageRecordReader.parse(Array(line.utf8))
  }

  @Test func numbersWithALeadingZeroAreRefused() throws {
    for bad in ["01", "-01", "00", "00.5"] {
      guard case .failure(let error) = parse(#"{"id":\#(bad),"body":"x"}"#) else {
        Issue.record("\(bad) accepted")
        continue
      }
      #expect(error.message == "invalid number: a leading zero")
    }
    for good in ["0", "-0", "0.5", "10", "0e5", "-0.0E-1"] {
      let record = try parse(#"{"id":\#(good),"body":"x"}"#).get()
      #expect(record.rawID.map { String(decoding: $0, as: UTF8.self) } == good)
    }
  }

  @Test func aLoneSurrogateIsReplacedWithoutEatingTheNextEscape() throws {
    #expect(try parse(#"{"body":"\ud800\u0077in"}"#).get().body == "\u{FFFD}win")
    #expect(try parse(#"{"body":"\ud800\ud800\udc00"}"#).get().body == "\u{FFFD}\u{10000}")
    #expect(try parse(#"{"body":"\udc00x"}"#).get().body == "\u{FFFD}x")
    #expect(try parse(#"{"body":"\ud83d\ude00"}"#).get().body == "😀")
  }
}

/// Bodies left in the line for classification read as the decoded body would.
@Suite struct MessageRecordReaderBodyInPlaceTests {
  /// The body as the in-place reader gives it (from the line or decoded), or its error.
  func body(_ line: String) -> Result<String?, MessageRecordError> {
    let bytes = Array(line.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      MessageRecordReader.parse(buffer, bodyInPlace: true).map { record in
        if let range = record.bodyRange {
          #expect(record.body == nil)
          return String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
        }
        return record.body
      }
    }
  }

  @Test(arguments: [
    #"{"sender":"AX-HDFCBK","body":"Rs 500 debited","id":7}"#, #"{"body":"नमस्ते 인증번호"}"#,
    #"{"body":"tab\there \"quoted\""}"#, #"{"body":"first","body":"second"}"#,
    #"{"body":"a\u00e9","messageBody":"plain"}"#, #"{"body":"plain","messageBody":"esc\n"}"#,
    #"{"body":null}"#, #"{"body":"x","body":null}"#, #"{"sender":"x"}"#, #"{"body":""}"#,
  ])
  func theBodyIsTheOneTheStringReaderDecodes(line: String) throws {
    let decoded = try MessageRecordReader.parse(Array(line.utf8)).get()
    #expect(try body(line).get() == decoded.body, "\(line)")
  }

  @Test func anInPlaceRecordKeepsItsOtherFieldsAndErrorsAreTheSame() throws {
    let line = Array(#"{"id":[1],"sender":"VM-X","body":"hi","receiverISOCountryCode":"IN"}"#.utf8)
    let record = try line.withUnsafeBufferPointer { MessageRecordReader.parse($0, bodyInPlace: true) }.get()
    #expect(record.sender == "VM-X" && record.country == "IN" && record.rawID == Array("[1]".utf8))
    #expect(record.bodyRange.map { Array(line[$0]) } == Array("hi".utf8))
    for bad in [
      [0x7B, 0x22, 0x62, 0x6F, 0x64, 0x79, 0x22, 0x3A, 0x22, 0xC3, 0x28, 0x22, 0x7D], Array(#"{"body":5}"#.utf8),
    ] {
      let plain = MessageRecordReader.parse(bad)
      let inPlace = bad.withUnsafeBufferPointer { MessageRecordReader.parse($0, bodyInPlace: true) }
      guard case .failure(let expected) = plain, case .failure(let error) = inPlace else {
        Issue.record("\(bad) parsed")
        continue
      }
      #expect(error == expected)
    }
  }
}

/// The word-at-a-time skip never passes a byte that ends a plain string.
@Suite struct PlainRunTests {
  @Test func theSkipStopsAtOrBeforeEveryStoppingByte() {
    for stop: UInt8 in [0x22, 0x5C, 0x00, 0x0A, 0x1F] {
      for position in 0..<24 {
        var bytes = [UInt8](repeating: 0x61, count: 24)
        bytes[position] = stop
        if position > 0 { bytes[position - 1] = 0xE0 }  // a lead byte before it: no false end
        let end = bytes.withUnsafeBufferPointer { MessageRecordReader.endOfPlainRun(in: $0, from: 0) }
        // The start of the word that holds it: never past it, and no word early.
        #expect(end == position / 8 * 8, "byte \(stop) at \(position): stopped at \(end)")
      }
    }
    // Plain bytes (ASCII above the controls, and UTF-8) are skipped whole words at a time.
    let plain = Array("héllo wörld, 인증 — plain text!".utf8)
    let end = plain.withUnsafeBufferPointer { MessageRecordReader.endOfPlainRun(in: $0, from: 0) }
    #expect(end == plain.count / 8 * 8)
  }
}
