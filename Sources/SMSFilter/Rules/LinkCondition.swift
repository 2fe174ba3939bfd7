/// A `link:` condition: at least ``count`` links in the body each satisfy every test given.
///
/// ```yaml
/// when:
///   link: {shortener: true}            # a link through a URL shortener
///   link: {tld: [xyz, top, icu]}        # a link under one of these top-level domains
///   link: {lookalike: true}            # a host that imitates a listed brand's domain
///   link: {offBrand: true}             # the body names a brand, the link is not the brand's
///   link: {count: 2}                   # two links or more
/// ```
public struct LinkCondition: Sendable, Hashable {
  /// Registrable domains (or hosts) the link is within, lower-case.
  public var domains: [String]?
  /// Top-level domains or public suffixes (`xyz`, `co.uk`) the link ends with.
  public var topLevelDomains: [String]?
  /// The link goes (or not) through a shortener the rule set lists under `shorteners:`.
  public var shortener: Bool?
  /// The host is (or not) an IP address.
  public var ipAddress: Bool?
  /// The host is (or not) internationalised (punycode or another script).
  public var punycode: Bool?
  /// The host mixes scripts (UTS #39, highly restrictive) or not.
  public var mixedScript: Bool?
  /// The host imitates a listed brand's domain without being it (or not).
  public var lookalike: Bool?
  /// The body names a listed brand and the link is outside that brand's domains (or not).
  public var offBrand: Bool?
  /// The link was obfuscated (`hxxp`, `[.]`, `(dot)`, spaces) or not.
  public var obfuscated: Bool?
  /// User information hides the host (`https://bank.example@evil.example`) or not.
  public var userInfo: Bool?
  /// How many links must satisfy the tests (at least 1).
  public var count = 1

  /// A condition that holds for any link.
  public init() {}

  /// The sub-keys a `link:` mapping may have.
  public static let keys: Set<String> = [
    "domain", "tld", "shortener", "ip", "punycode", "mixedScript", "lookalike", "offBrand", "obfuscated",
    "userInfo", "count",
  ]

  /// How the condition reads in `--explain`: its tests, as written.
  public var summary: String {
    var parts: [String] = []
    if let domains { parts.append("domain: \(domains.joined(separator: ","))") }
    if let topLevelDomains { parts.append("tld: \(topLevelDomains.joined(separator: ","))") }
    for (name, value) in [
      ("shortener", shortener), ("ip", ipAddress), ("punycode", punycode), ("mixedScript", mixedScript),
      ("lookalike", lookalike), ("offBrand", offBrand), ("obfuscated", obfuscated), ("userInfo", userInfo),
    ] {
      if let value { parts.append("\(name): \(value)") }
    }
    if count != 1 { parts.append("count: \(count)") }
    return "link" + (parts.isEmpty ? "" : " {\(parts.joined(separator: ", "))}")
  }
}
