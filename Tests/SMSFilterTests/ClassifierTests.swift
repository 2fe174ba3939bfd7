import Foundation
import Testing

@testable import SMSFilter

@Suite struct ClassifierTests {
  let rules = """
    ruleset: test
    capabilities:
      transactional: [transactionalOthers, transactionalFinance]
      promotional: [promotionalOffers]
    guards:
      personal:
        keywords: [mom, bro]
    rules:
      - id: LOW_FIRST
        action: promotion
        subAction: promotionalOffers
        priority: 1
        when: {keywords: [sale]}
      - id: TIE_A
        action: transaction
        subAction: transactionalFinance
        priority: 10
        when: {keywords: [debited]}
      - id: TIE_B
        action: junk
        priority: 10
        when: {keywords: [debited]}
      - id: HIGH
        action: junk
        priority: 90
        when:
          atLeast: 2
          of:
            - keywords: [prize, winner]
            - regex: 'call \\d{5}'
            - keywords: [urgent]
        unless: {guard: personal}
      - id: OTP
        action: transaction
        subAction: transactionalOthers
        priority: 20
        when:
          - keywords: [otp, code]
          - regex: '\\b\\d{6}\\b'
      - id: BANK_SENDER
        action: transaction
        subAction: transactionalFinance
        priority: 5
        when:
          senderKind: dlt
          senderPrefix: [vm-]
      - id: ORDERS_NOT_DECLARED
        action: transaction
        subAction: transactionalOrders
        priority: 3
        when: {keywords: [shipped]}
      - id: ANYWHERE
        action: promotion
        subAction: promotionalCoupons
        priority: 2
        when: {keywords: [coupon], wordBoundary: false}
    """

  func classifier(_ caps: Capabilities? = nil) throws -> Classifier {
    try Classifier(yaml: rules, name: "test.yaml", capabilities: caps)
  }

  @Test func highestPriorityWins() throws {
    let c = try classifier()
    let d = c.classify(MessageQuery(messageBody: "URGENT winner! call 09061 now, big sale"))
    #expect(d.action == .junk && d.ruleID == "HIGH")
  }

  @Test func equalPriorityGoesToTheEarlierRule() throws {
    let d = try classifier().classify(MessageQuery(messageBody: "Rs 100 debited"))
    #expect(d.ruleID == "TIE_A" && d.action == .transaction && d.subAction == .transactionalFinance)
  }

  @Test func atLeastNeedsEnoughConditions() throws {
    let c = try classifier()
    #expect(c.classify(MessageQuery(messageBody: "you are a winner")).ruleID == nil)
    #expect(c.classify(MessageQuery(messageBody: "winner, urgent")).ruleID == "HIGH")
  }

  @Test func guardsVetoRules() throws {
    #expect(try classifier().classify(MessageQuery(messageBody: "urgent, mom won the prize")).ruleID == nil)
  }

  @Test func keywordsRespectWordBoundariesUnlessToldOtherwise() throws {
    let c = try classifier()
    #expect(c.classify(MessageQuery(messageBody: "wholesale prices")).ruleID == nil)  // "sale" inside a word
    #expect(c.classify(MessageQuery(messageBody: "SALE today")).ruleID == "LOW_FIRST")
    #expect(c.classify(MessageQuery(messageBody: "mycoupons inside")).ruleID == "ANYWHERE")
  }

  @Test func senderConditions() throws {
    let c = try classifier()
    #expect(c.classify(MessageQuery(sender: "VM-HDFCBK", messageBody: "hello")).ruleID == "BANK_SENDER")
    #expect(c.classify(MessageQuery(sender: "+919876543210", messageBody: "hello")).ruleID == nil)
  }

  @Test func countryConditionIgnoresCase() throws {
    let c = try Classifier(yaml: "rules:\n  - id: IN_ONLY\n    action: junk\n    when: {country: [in]}\n")
    #expect(c.classify(MessageQuery(messageBody: "x", receiverISOCountryCode: "in")).ruleID == "IN_ONLY")
    #expect(c.classify(MessageQuery(messageBody: "x", receiverISOCountryCode: "IN")).ruleID == "IN_ONLY")
    #expect(c.classify(MessageQuery(messageBody: "x", receiverISOCountryCode: "IT")).ruleID == nil)
    #expect(c.classify(MessageQuery(messageBody: "x")).ruleID == nil)
  }

  @Test func capabilitiesDropUndeclaredSubActions() throws {
    let d = try classifier().classify(MessageQuery(messageBody: "your order has shipped"))
    #expect(d.action == .transaction && d.subAction == .none && d.dropReason == .notInCapabilities)
    let override = try classifier(Capabilities(parsing: "transactionalOrders"))
    #expect(override.classify(MessageQuery(messageBody: "your order has shipped")).subAction == .transactionalOrders)
    #expect(override.classify(MessageQuery(messageBody: "Rs 100 debited")).subAction == .none)
  }

  @Test func noMatchGivesTheFallback() throws {
    let d = try classifier().classify(MessageQuery(messageBody: "see you at 6"))
    #expect(d.action == .none && d.subAction == .none && d.ruleID == nil)
  }

  @Test func explainListsEveryMatchingRuleWithSpans() throws {
    let e = try classifier().explain(MessageQuery(messageBody: "Your OTP code is 123456. Rs 5 debited"))
    #expect(e.matches.map(\.rule.id) == ["OTP", "TIE_A", "TIE_B"])
    #expect(e.decision.ruleID == "OTP")
    let otpSpans = e.matches[0].spans
    #expect(otpSpans.contains { $0.kind == .keyword && $0.text == "OTP" })
    #expect(otpSpans.contains { $0.kind == .regex && $0.text == "123456" })
  }

  @Test func spansMapBackToTheOriginalText() throws {
    let e = try classifier().explain(MessageQuery(messageBody: "ＢＩＧ ＳＡＬＥ now"))
    let span = try #require(e.matches.first?.spans.first)
    #expect(span.text == "ＳＡＬＥ")
  }

  @Test func manyThreadsShareOneClassifier() async throws {
    let c = try classifier()
    let bodies = ["URGENT winner! call 09061", "Rs 100 debited", "OTP 123456", "hello", "SALE today"]
    let expected = bodies.map { c.classify(MessageQuery(messageBody: $0)) }
    let ok = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<8 {
        group.addTask {
          (0..<300).allSatisfy { index in
            c.classify(MessageQuery(messageBody: bodies[index % bodies.count])) == expected[index % bodies.count]
          }
        }
      }
      return await group.allSatisfy { $0 }
    }
    #expect(ok)
  }
}
