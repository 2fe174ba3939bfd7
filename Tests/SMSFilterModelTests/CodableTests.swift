import Foundation
import Testing

@testable import SMSFilterModel

/// The model encodes as the command line prints it: IdentityLookup's case names.
@Suite struct CodableTests {
  @Test func decisionsEncodeWithTheIdentityLookupNames() throws {
    let decision = Decision(
      action: .transaction, subAction: .transactionalFinance, ruleID: "FIN", capabilities: .unrestricted)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(decision), as: UTF8.self)
    #expect(json == #"{"action":"transaction","rule":"FIN","subAction":"transactionalFinance"}"#)
    #expect(try JSONDecoder().decode(Decision.self, from: Data(json.utf8)) == decision)
  }

  @Test func aDroppedSubActionAndFlagsAreRecordedAndRoundTrip() throws {
    let decision = Decision(
      action: .junk, subAction: .promotionalOffers, ruleID: nil, capabilities: .unrestricted, budgetExhausted: true,
      label: "Spam Likely")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(decision), as: UTF8.self)
    #expect(
      json
        == #"{"action":"junk","budgetExhausted":true,"dropReason":"invalidCombination","droppedSubAction":"promotionalOffers","label":"Spam Likely","rule":null,"subAction":"none"}"#
    )
    #expect(try JSONDecoder().decode(Decision.self, from: Data(json.utf8)) == decision)
  }

  @Test(arguments: Action.allCases)
  func everyActionRoundTripsByName(_ action: Action) throws {
    let data = try JSONEncoder().encode([action])
    #expect(String(decoding: data, as: UTF8.self) == "[\"\(action.name)\"]")
    #expect(try JSONDecoder().decode([Action].self, from: data) == [action])
  }

  @Test func subActionsAndCapabilitiesUseNamesAndValidate() throws {
    for subAction in SubAction.allCases {
      let data = try JSONEncoder().encode([subAction])
      #expect(String(decoding: data, as: UTF8.self) == "[\"\(subAction.name)\"]")
    }
    let capabilities = try Capabilities(transactional: [.transactionalFinance], promotional: [.promotionalCoupons])
    let data = try JSONEncoder().encode(capabilities)
    #expect(try JSONDecoder().decode(Capabilities.self, from: data) == capabilities)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Capabilities.self, from: Data(#"{"transactional":["promotionalOffers"]}"#.utf8))
    }
    #expect(throws: DecodingError.self) { try JSONDecoder().decode([Action].self, from: Data("[4]".utf8)) }
    #expect(try JSONDecoder().decode([Action].self, from: Data(#"["filter"]"#.utf8)) == [.junk])
  }
}
