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
