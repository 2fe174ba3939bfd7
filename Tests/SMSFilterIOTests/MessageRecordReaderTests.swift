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
