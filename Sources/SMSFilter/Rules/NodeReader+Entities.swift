import SMSFilterEntities
import Yams

// `link:`, `phone:` and `amount:` conditions, and the `brands:` and `shorteners:` data they use.
extension NodeReader {
  /// `link: true`, or a mapping of tests (``LinkCondition/keys``).
  func linkCondition(_ node: Node) throws(RuleLoadError) -> LinkCondition {
    var condition = LinkCondition()
    if try isPlainTrue(node, key: "link") { return condition }
    let pairs = try mapping(node, what: "link")
    try checkKeys(pairs, allowed: LinkCondition.keys, context: "link")
    for (key, value) in pairs.pairs {
      switch key.string ?? "" {
      case "domain": condition.domains = try domainList(value, what: "link domain")
      case "tld": condition.topLevelDomains = try domainList(value, what: "link tld")
      case "shortener": condition.shortener = try bool(value, what: "shortener")
      case "ip": condition.ipAddress = try bool(value, what: "ip")
      case "punycode": condition.punycode = try bool(value, what: "punycode")
      case "mixedScript": condition.mixedScript = try bool(value, what: "mixedScript")
      case "lookalike": condition.lookalike = try bool(value, what: "lookalike")
      case "offBrand": condition.offBrand = try bool(value, what: "offBrand")
      case "obfuscated": condition.obfuscated = try bool(value, what: "obfuscated")
      case "userInfo": condition.userInfo = try bool(value, what: "userInfo")
      case "count":
        condition.count = try int(value, what: "link count")
        guard (1...100).contains(condition.count) else {
          throw error(.invalidValue, value, "link count must be between 1 and 100")
        }
      default: break
      }
    }
    return condition
  }

  /// `phone: true`, or `phone: {kind: [..]}`.
  func phoneCondition(_ node: Node) throws(RuleLoadError) -> PhoneCondition {
    if try isPlainTrue(node, key: "phone") { return PhoneCondition() }
    let pairs = try mapping(node, what: "phone")
    try checkKeys(pairs, allowed: ["kind"], context: "phone")
    guard let kindNode = pairs.value(for: "kind") else { return PhoneCondition() }
    let kinds = try strings(kindNode, what: "phone kind")
    for kind in kinds where PhoneNumber.Kind.byName[kind] == nil {
      throw error(
        .invalidValue, kindNode,
        "phone kind '\(kind)' is not one of: \(PhoneNumber.Kind.byName.keys.sorted().joined(separator: ", "))")
    }
    return PhoneCondition(kinds: kinds)
  }

  /// `amount: true`, or `amount: {currency: [..], atLeast: N}`.
  func amountCondition(_ node: Node) throws(RuleLoadError) -> AmountCondition {
    if try isPlainTrue(node, key: "amount") { return AmountCondition() }
    let pairs = try mapping(node, what: "amount")
    try checkKeys(pairs, allowed: ["currency", "atLeast"], context: "amount")
    var condition = AmountCondition()
    if let currencyNode = pairs.value(for: "currency") {
      condition.currencies = try strings(currencyNode, what: "currency").map { $0.uppercased() }
      let known = Set(MoneyAmount.currencyCodes)
      for code in condition.currencies where !known.contains(code) {
        throw error(.invalidValue, currencyNode, "currency '\(code)' is not an ISO code the amount scanner knows")
      }
    }
    if let minimumNode = pairs.value(for: "atLeast") {
      guard case .scalar(let scalar) = minimumNode, let minimum = Double(scalar.string), minimum >= 0 else {
        throw error(.invalidValue, minimumNode, "amount atLeast needs a number, not \(describe(minimumNode))")
      }
      condition.minimum = minimum
    }
    return condition
  }

  /// Whether an entity condition is written `KEY: true` (any entity of the kind); `KEY: false`
  /// is refused (a negation is written with `none`), and a mapping is read by the caller.
  func isPlainTrue(_ node: Node, key: String) throws(RuleLoadError) -> Bool {
    guard case .scalar = node else { return false }
    guard try bool(node, what: key) else {
      throw error(.invalidValue, node, "'\(key): false' is not a test; write 'none: [{\(key): true}]'")
    }
    return true
  }

  /// A list of lower-case domain names.
  func domainList(_ node: Node, what: String) throws(RuleLoadError) -> [String] {
    let list = try strings(node, what: what).map { $0.lowercased() }
    for domain in list
    where domain.isEmpty || domain.hasPrefix(".") || domain.hasSuffix(".") || domain.contains(" ")
      || domain.contains("/")
    {
      throw error(.invalidValue, node, "'\(domain)' is not a domain name (write it as 'example.com')")
    }
    return list
  }

  /// `brands:`: a list of `{name, keywords, domains, senders, markets}`.
  func brands(_ node: Node) throws(RuleLoadError) -> [Brand] {
    var brands: [Brand] = []
    for item in try sequence(node, what: "brands") {
      let pairs = try mapping(item, what: "a brand")
      try checkKeys(pairs, allowed: ["name", "keywords", "domains", "senders", "markets"], context: "a brand")
      guard let nameNode = pairs.value(for: "name") else {
        throw error(.missingKey("name"), item, "a brand needs 'name'")
      }
      guard let keywordNode = pairs.value(for: "keywords"), let domainNode = pairs.value(for: "domains") else {
        throw error(.missingKey("keywords"), item, "a brand needs 'keywords' and 'domains'")
      }
      brands.append(
        Brand(
          name: try string(nameNode, what: "brand name"),
          markets: try pairs.value(for: "markets").map { node throws(RuleLoadError) in
            try strings(node, what: "markets")
          } ?? [],
          keywords: try keywords(keywordNode, what: "brand keywords"),
          domains: try domainList(domainNode, what: "brand domains"),
          senders: try pairs.value(for: "senders").map { node throws(RuleLoadError) in
            try strings(node, what: "senders")
          } ?? []))
    }
    return brands
  }
}
