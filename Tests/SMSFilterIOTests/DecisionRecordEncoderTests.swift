import Foundation
import Testing

@testable import SMSFilter
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

  /// A decision a limit cut short says so in TSV too: a fourth column naming the limit, before
  /// the explain column.
  @Test func tsvMarksADecisionCutShort() {
    func tsv(_ decision: Decision, explain: Bool = false) -> String {
      var buffer: [UInt8] = []
      let explanation = explain ? Explanation(decision: decision, matches: [], model: nil) : nil
      DecisionRecordEncoder(format: .tsv).append(decision, explanation: explanation, into: &buffer)
      return String(decoding: buffer, as: UTF8.self)
    }
    let limited = Decision(
      action: .none, subAction: .none, ruleID: nil, capabilities: .unrestricted, limitExceeded: true)
    let both = Decision(
      action: .none, subAction: .none, ruleID: nil, capabilities: .unrestricted, limitExceeded: true,
      budgetExhausted: true)
    let spent = Decision(
      action: .none, subAction: .none, ruleID: nil, capabilities: .unrestricted, budgetExhausted: true)
    #expect(tsv(limited) == "none\tnone\t-\tlimitExceeded\n")
    #expect(tsv(spent) == "none\tnone\t-\tbudgetExhausted\n")
    #expect(tsv(both) == "none\tnone\t-\tlimitExceeded,budgetExhausted\n")
    #expect(tsv(spent, explain: true) == "none\tnone\t-\tbudgetExhausted\t\n")
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
