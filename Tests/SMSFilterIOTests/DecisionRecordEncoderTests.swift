import Foundation
import SMSFilter
import Testing

@testable import SMSFilterIO

@Suite struct DecisionRecordEncoderTests {
  let decision = Decision(
    action: .transaction, subAction: .promotionalCoupons, ruleID: "R\"1", capabilities: .unrestricted,
    label: "Tab\there")

  func encoded(_ format: DecisionRecordFormat, id: String? = nil) -> String {
    var buffer: [UInt8] = []
    DecisionRecordEncoder(format: format).append(decision, rawID: id.map { Array($0.utf8) }, into: &buffer)
    return String(decoding: buffer, as: UTF8.self)
  }

  @Test func tsvIsActionSubActionRule() {
    #expect(encoded(.tsv) == "transaction\tnone\tR\"1\n")
  }

  @Test func jsonLinesEscapeStringsAndEchoTheID() {
    #expect(
      encoded(.jsonl, id: "07")
        == #"{"action":"transaction","subAction":"none","rule":"R\"1","droppedSubAction":"promotionalCoupons","label":"Tab\there","id":07}"#
        + "\n")
  }

  /// The encoder's JSON and a library client's `JSONEncoder` say the same thing.
  @Test func jsonLinesAgreeWithTheModelsCodableForm() throws {
    let line = encoded(.jsonl)
    let viaEncoder = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary
    let viaCodable = try JSONSerialization.jsonObject(with: JSONEncoder().encode(decision)) as? NSDictionary
    let withoutReason = viaCodable?.mutableCopy() as? NSMutableDictionary
    withoutReason?.removeObject(forKey: "dropReason")
    #expect(viaEncoder == withoutReason)
  }

  @Test func errorRecordsInBothFormats() {
    var buffer: [UInt8] = []
    DecisionRecordEncoder(format: .tsv).appendError(code: "bad-json", message: "m", into: &buffer)
    DecisionRecordEncoder(format: .jsonl).appendError(
      code: "bad-json", message: "a\"b", rawID: Array("1".utf8), into: &buffer)
    #expect(
      String(decoding: buffer, as: UTF8.self)
        == "error\tnone\tbad-json\n{\"error\":\"bad-json\",\"message\":\"a\\\"b\",\"id\":1}\n")
  }
}
