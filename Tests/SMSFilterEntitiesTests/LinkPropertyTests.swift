import Testing

@testable import SMSFilterEntities

/// ``Link``'s derived properties, read from the host's bytes, give what the character-based
/// definitions (`split`, `contains`) give, for hosts the scanner makes and hand-made ones.
@Suite struct LinkPropertyTests {
  static func link(_ host: String, unicode: String? = nil, ip: Bool = false) -> Link {
    Link(
      range: 0..<1, host: host, unicodeHost: unicode ?? host, registrableDomain: host, publicSuffix: "",
      hasScheme: false, isObfuscated: false, isIPAddress: ip, port: nil, hasUserInfo: false)
  }

  static let hosts = [
    "example.com", "login.bank.example.co.uk", "xn--80ak6aa92e.com", "a.xn--p1ai", "shop.xn--", "xn--.com",
    "a.b.c.", "..", "", "com", "a..b", "x.xn-", ".xn--a", "bücher.xn--com", "bücher.de", "a.\u{301}xn--b",
    "a.x\u{301}n--b", "a.xn--\u{301}b", "e\u{301}.com", "a.com.\u{301}", "é.xn--p1ai", "1.2.3.4",
    "xn--bcher-kva.com", "shop.xn--p1ai", "a.b.xn--c", "..xn--x", "xn--", "xn-", "axn--b.com", "a.axn--b", "x.n--a",
    ".", "xn", "a.xn-", "bit.ly", "xn--\u{301}a.com",
  ]

  @Test func topLevelDomainIsTheLastLabel() {
    for host in Self.hosts {
      #expect(Self.link(host).topLevelDomain == String(host.split(separator: ".").last ?? ""), "\(host)")
    }
    #expect(Self.link("1.2.3.4", ip: true).topLevelDomain == "")
  }

  @Test func internationalizedIsPunycodeOrAnotherScript() {
    for host in Self.hosts {
      let expected = host.hasPrefix("xn--") || host.contains(".xn--")
      #expect(Self.link(host).isInternationalized == expected, "\(host)")
      // On an ASCII host the scanner's byte search is the character definition.
      if host.utf8.allSatisfy({ $0 < 0x80 }) { #expect(LinkScanner.hasPunycodeLabel(host) == expected, "\(host)") }
    }
    #expect(Self.link("example.com", unicode: "ëxample.com").isInternationalized)
  }
}
