import SMSFilterEntities
import SMSFilterModel
import Testing

@testable import SMSFilter

/// `link:`, `phone:` and `amount:` conditions: loading, obfuscations, compiled and plain
/// evaluation alike, explain spans, and the brand data they read.
@Suite struct EntityConditionTests: LoadsRuleText {
  let yaml = """
    brands:
      - name: PayPal
        keywords: [paypal]
        domains: [paypal.com, paypal.me]
      - name: Parcel Post
        keywords: [usps]
        domains: [usps.com]
      - name: PayPay
        keywords: [paypay]
        domains: [paypay.ne.jp]
      - name: SAT
        keywords: [servicio de administracion tributaria]
        domains: [sat.gob.mx]
    shorteners: [bit.ly, is.gd]
    rules:
      - id: LOOKALIKE
        action: junk
        priority: 9
        when: {link: {lookalike: true}}
      - id: OFF_BRAND
        action: junk
        priority: 8
        when: {link: {offBrand: true}}
      - id: SHORT_VERIFY
        action: junk
        priority: 7
        when: {all: [{link: {shortener: true}}, {keywords: [verify]}]}
      - id: RAW_IP
        action: junk
        priority: 6
        when: {link: {ip: true}}
      - id: HIDDEN_HOST
        action: junk
        priority: 6
        when: {link: {userInfo: true}}
      - id: ODD_TLD
        action: junk
        priority: 5
        when: {link: {tld: [xyz, top], obfuscated: true}}
      - id: TWO_LINKS
        action: promotion
        priority: 4
        when: {link: {count: 2}}
      - id: PREMIUM
        action: junk
        priority: 3
        when: {phone: {kind: [premium]}}
      - id: USSD
        action: junk
        priority: 3
        when: {all: [{phone: {kind: [ussd]}}, {keywords: [send]}]}
      - id: BIG_PRIZE
        action: junk
        priority: 2
        when: {all: [{amount: {currency: [INR], atLeast: 100000}}, {keywords: [won]}]}
      - id: SOME_LINK
        action: transaction
        when: {link: {domain: [example.com]}}
    """

  let cases: [(String, String?)] = [
    ("Verify your account at https://paypa1.com/login", "LOOKALIKE"),
    ("Verify at https://xn--pypal-4ve.com/login", "LOOKALIKE"),
    ("The USPS package is held, confirm https://usps.trcking-info.com/a", "LOOKALIKE"),
    // Under a government's own suffix a host imitates no one; under a look-alike of one it does.
    ("Your exam entry document is at https://paypa1.sinav.gov.tr/belge", nil),
    ("Your exam entry document is at https://paypa1.sinav-gov-tr.com/belge", "LOOKALIKE"),
    ("PayPal: confirm at https://secure-login.net/pp", "OFF_BRAND"),
    // A bare name of one three-letter label is two words of prose joined by a full stop; the
    // same word with a scheme, `www.`, a path or a hyphen still imitates the brand.
    ("SEE U SAT.LOVE J", nil),
    ("Pay your tax now at sat.love/pago", "LOOKALIKE"),
    ("Pay your tax now at www.sat.love", "LOOKALIKE"),
    ("Pay your tax now at sat-mx.love", "LOOKALIKE"),
    // A listed brand's own domain imitates no other listed brand one edit away (paypal, paypay).
    ("PayPal receipt: see https://www.paypal.com/activity", nil),
    ("PayPay: pay your share at https://qr.paypay.ne.jp/p2p01", nil),
    ("Your Apple ID expires, verify https://is.gd/AppVerify", "SHORT_VERIFY"),
    ("Login now http://192.168.10.20:8080/bank", "RAW_IP"),
    ("Open https://www.bank.example.com@evil-site.net/login", "HIDDEN_HOST"),
    ("Claim at hxxps://prize[.]xyz/now", "ODD_TLD"),
    ("Claim at https://prize.xyz/now", nil),
    ("Deals at shop.example.com and more at sale.example.net/x", "TWO_LINKS"),
    ("Call 09061701461 to claim", nil),
    ("Send 500 to agent, dial *334*1# now", "USSD"),
    ("Congrats you won Rs 5 lakh, reply now", "BIG_PRIZE"),
    ("you won Rs 500", nil),
    ("Receipt at https://mail.example.com/r", "SOME_LINK"),
    ("no link here. ok.", nil),
  ]

  @Test func eachConditionDecidesAndCompiledEqualsPlainEvaluation() throws {
    let classifier = try Classifier(yaml: yaml)
    let session = classifier.makeSession()
    for (body, expected) in cases {
      let query = MessageQuery(messageBody: body)
      let decision = session.classify(query)
      #expect(decision.ruleID == expected, "\(body)")
      #expect(decision == session.classifyNaively(query), "\(body)")
    }
  }

  /// A host's look-alike verdict is remembered for every sender: the brand's own sender ID
  /// linking to a host named after it is no imitation, a stranger's is, in either order and
  /// however often the host repeats in one session.
  @Test func lookalikeVerdictsRememberedByHostStillDependOnTheSender() throws {
    let session = try Classifier(yaml: yaml).makeSession()
    let body = "Your parcel is held, confirm https://usps-track.com/a"
    for sender in [nil, "USPS", nil, "USPS", "USPS", nil] as [String?] {
      let query = MessageQuery(sender: sender, messageBody: body)
      let decision = session.classify(query)
      #expect(decision.ruleID == (sender == nil ? "LOOKALIKE" : nil), "\(sender ?? "no sender")")
      #expect(decision == session.classifyNaively(query))
    }
  }

  /// The own-domain test of look-alike verdicts (one set lookup a parent domain) answers as
  /// asking every brand's ``BrandTable/isOwn(_:by:)`` does.
  @Test func anyBrandsOwnEqualsAskingEachBrand() {
    let brands = [
      Brand(name: "PayPal", keywords: ["paypal"], domains: ["paypal.com", "paypal.me"]),
      Brand(name: "PayPay", keywords: ["paypay"], domains: ["paypay.ne.jp"]),
      Brand(name: "SAT", keywords: ["sat"], domains: ["sat.gob.mx"]),
    ]
    let table = BrandTable(brands: brands, keywordLiterals: [[], [], []], shorteners: [])
    let text = """
      paypal.com www.paypal.com paypal.me qr.paypay.ne.jp paypay.ne.jp.evil.net evilpaypal.com \
      paypal.com-login.net sat.gob.mx portal.sat.gob.mx gob.mx mx.paypay.jp ne.jp www.sat.gob.mx.co
      """
    var scanner = LinkScanner()
    var links: [Link] = []
    Array(text.utf8).withUnsafeBufferPointer { scanner.scan($0, into: &links) }
    #expect(links.count >= 10)
    for link in links {
      let expected = brands.indices.contains { table.isOwn(link, by: $0) }
      #expect(table.isAnyBrandsOwn(link) == expected, "\(link.host)")
    }
    #expect(links.filter { table.isAnyBrandsOwn($0) }.count >= 5)
  }

  /// The quick test on the sets of scalars rules out no name within one edit of a word.
  @Test func letterMasksNeverRuleOutANameWithinOneEdit() {
    var random = SplitMix64(seed: 7)
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-абв".unicodeScalars)
    var pairs = 0
    for _ in 0..<20_000 {
      let word = (0..<(3 + Int(random.next() % 8))).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
      var other = word
      let place = Int(random.next() % UInt64(word.count))
      switch random.next() % 3 {
      case 0: other[place] = alphabet[Int(random.next() % UInt64(alphabet.count))]
      case 1: other.remove(at: place)
      default: other.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: place)
      }
      guard BrandTable.withinOneEdit(word, other) else { continue }
      pairs += 1
      #expect((BrandTable.letterMask(word) ^ BrandTable.letterMask(other)).nonzeroBitCount <= 2)
    }
    #expect(pairs == 20_000)
  }

  @Test func premiumNumbersFollowTheReceiversCountry() throws {
    let session = try Classifier(yaml: yaml).makeSession()
    let british = MessageQuery(sender: nil, messageBody: "Call 09061701461 to claim", receiverISOCountryCode: "GB")
    #expect(session.classify(british).ruleID == "PREMIUM")
    let filipino = MessageQuery(sender: nil, messageBody: "Call 09171234567 to claim", receiverISOCountryCode: "PH")
    #expect(session.classify(filipino).ruleID == nil)
  }

  @Test func explainShowsEachEntitysSpan() throws {
    let classifier = try Classifier(yaml: yaml)
    let body = "PayPal: confirm at https://secure-login.net/pp"
    let explanation = classifier.explain(MessageQuery(messageBody: body))
    let span = try #require(explanation.matches.first { $0.rule.id == "OFF_BRAND" }?.spans.first)
    #expect(span.kind == .link && span.text == "https://secure-login.net/pp" && span.pattern == "link {offBrand: true}")
    let bytes = Array(body.utf8)
    #expect(String(decoding: bytes[span.range], as: UTF8.self) == span.text)
    let prize = classifier.explain(MessageQuery(messageBody: "Congrats you won Rs 5 lakh, reply now"))
    let amount = try #require(prize.matches.first { $0.rule.id == "BIG_PRIZE" }?.spans.first { $0.kind == .amount })
    #expect(amount.text == "Rs 5 lakh")
    let ussd = classifier.explain(MessageQuery(messageBody: "Send 500 to agent, dial *334*1# now"))
    #expect(
      ussd.matches.first { $0.rule.id == "USSD" }?.spans.contains { $0.kind == .phone && $0.text == "*334*1#" } == true)
  }

  @Test func badEntityConditionsAreRefusedWithWhereAndWhy() {
    let bad = [
      "{link: {bogus: true}}": "unknown key 'bogus'",
      "{link: false}": "'link: false' is not a test",
      "{link: {count: 0}}": "between 1 and 100",
      "{link: {domain: ['https://x.com/']}}": "is not a domain name",
      "{phone: {kind: [satellite]}}": "phone kind 'satellite'",
      "{amount: {currency: [XYZ]}}": "currency 'XYZ'",
      "{amount: {atLeast: lots}}": "needs a number",
    ]
    for (condition, message) in bad {
      let error = loadError("rules:\n  - id: R\n    action: junk\n    when: \(condition)")
      #expect(error?.description.contains(message) == true, "\(condition): \(error?.description ?? "loaded")")
      #expect(error?.description.contains("test.yaml:4") == true, "\(condition)")
    }
    let brand = loadError("brands:\n  - name: X\n    keywords: [x]\nrules: []")
    #expect(brand?.description.contains("needs 'keywords' and 'domains'") == true)
  }

  @Test func offBrandRulesAreTriggeredByTheBrandsNames() throws {
    let classifier = try Classifier(yaml: yaml)
    let compiled = classifier.compiled
    let offBrand = try #require(compiled.ruleIDs.firstIndex(of: "OFF_BRAND"))
    #expect(!compiled.alwaysCandidates.contains(offBrand))
  }
}
