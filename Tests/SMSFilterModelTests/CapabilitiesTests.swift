import Testing

@testable import SMSFilterModel

@Suite struct CapabilitiesTests {
  @Test func fiveAndFiveAreAccepted() throws {
    let caps = try Capabilities(
      transactional: Array(SubAction.transactional.prefix(5)), promotional: SubAction.promotional)
    #expect(caps.transactional.count == 5 && caps.promotional.count == 3)
  }

  @Test func aSixthTransactionalIsRefusedNamingTheLimit() {
    #expect(throws: CapabilitiesError.tooMany(.transactional, count: 6, limit: 5)) {
      try Capabilities(Array(SubAction.transactional.prefix(6)))
    }
    let message = CapabilitiesError.tooMany(.transactional, count: 6, limit: 5).description
    #expect(message.contains("limit is 5"))
  }

  @Test func theLimitIsASetting() throws {
    #expect(throws: CapabilitiesError.tooMany(.transactional, count: 3, limit: 2)) {
      try Capabilities(Array(SubAction.transactional.prefix(3)), limitPerGroup: 2)
    }
    let caps = try Capabilities(SubAction.transactional, limitPerGroup: 9)
    #expect(caps.transactional.count == 9)
  }

  @Test func duplicatesNoneAndWrongGroupsAreRefused() {
    #expect(throws: CapabilitiesError.duplicate(.transactionalFinance)) {
      try Capabilities([.transactionalFinance, .transactionalFinance])
    }
    #expect(throws: CapabilitiesError.noneNotAllowed) { try Capabilities([.none]) }
    #expect(throws: CapabilitiesError.wrongGroup(.promotionalOffers, expected: .transactional)) {
      try Capabilities(transactional: [.promotionalOffers], promotional: [])
    }
    #expect(throws: CapabilitiesError.wrongGroup(.transactionalOrders, expected: .promotional)) {
      try Capabilities(transactional: [], promotional: [.transactionalOrders])
    }
  }

  @Test func parsingACommaSeparatedList() throws {
    let caps = try Capabilities(parsing: "transactionalOrders, promotionalCoupons")
    #expect(caps.transactional == [.transactionalOrders] && caps.promotional == [.promotionalCoupons])
    #expect(throws: CapabilitiesError.unknownName("transactionalBanking")) {
      try Capabilities(parsing: "transactionalBanking")
    }
    #expect(try Capabilities(parsing: "") == .empty)
  }
}
