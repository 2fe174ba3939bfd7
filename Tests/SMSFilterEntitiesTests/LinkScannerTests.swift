import Testing

@testable import SMSFilterEntities

/// Links as a reader sees them, however they were written.
@Suite struct LinkScannerTests {
  func links(_ text: String) -> [Link] {
    var scanner = LinkScanner()
    var text = text
    return text.withUTF8 { scanner.links(in: $0) }
  }

  func hosts(_ text: String) -> [String] { links(text).map(\.host) }

  @Test func schemesWwwAndBareDomains() {
    #expect(hosts("Pay now: https://secure-pay.example.com/x?id=1") == ["secure-pay.example.com"])
    #expect(hosts("visit www.example.org today") == ["www.example.org"])
    #expect(hosts("Track at example.co.uk/track.") == ["example.co.uk"])
    #expect(hosts("see amazon.com for details") == ["amazon.com"])
    let link = links("Tap https://is.gd/AppVerify now").first!
    #expect(link.registrableDomain == "is.gd" && link.hasScheme && !link.isObfuscated)
  }

  @Test func theSpanCoversSchemeToPathWithoutTrailingPunctuation() {
    let text = "Go to (https://a.example.com/p/q)."
    let link = links(text).first!
    let bytes = Array(text.utf8)
    #expect(String(decoding: bytes[link.range], as: UTF8.self) == "https://a.example.com/p/q")
  }

  @Test func registrableDomainsComeFromThePublicSuffixList() {
    #expect(links("https://login.bank.example.co.uk/a").first!.registrableDomain == "example.co.uk")
    #expect(links("https://someone.github.io/a").first!.registrableDomain == "someone.github.io")
    #expect(links("https://login.bank.example.co.uk/a").first!.publicSuffix == "co.uk")
    #expect(links("https://login.bank.example.co.uk/a").first!.topLevelDomain == "uk")
  }

  @Test func obfuscationsAreSeenThrough() {
    let written = [
      "hxxp://evil.example.com/a", "hxxps://evil[.]example[.]com/a", "evil(dot)example(dot)com/a",
      "http:// evil.example.com/a", "evil . example . com/a", "ｅｖｉｌ．ｅｘａｍｐｌｅ．ｃｏｍ/a",
      "evil{.}example{.}com/a", "evil[dot]example[dot]com/a",
    ]
    for text in written {
      let found = links(text)
      #expect(found.map(\.host) == ["evil.example.com"], "\(text)")
      if text.contains("ｅ") { continue }
      #expect(found.first?.isObfuscated == true, "\(text)")
    }
  }

  @Test func internationalisedNamesAndPunycode() {
    let unicode = links("https://bücher.com/x").first!
    #expect(unicode.host == "xn--bcher-kva.com")
    #expect(unicode.unicodeHost == "bücher.com")
    #expect(unicode.isInternationalized)
    let puny = links("https://xn--bcher-kva.com/x").first!
    #expect(puny.unicodeHost == "bücher.com" && puny.isInternationalized)
    // A Cyrillic `а` inside a Latin name stays one host.
    let spoof = links("Verify at https://pаypal.com/login").first!
    #expect(spoof.unicodeHost == "pаypal.com" && spoof.host.hasPrefix("xn--"))
  }

  @Test func ipAddressesPortsAndUserInformation() {
    let ip = links("login http://192.168.10.20:8080/bank").first!
    #expect(ip.isIPAddress && ip.port == 8080 && ip.host == "192.168.10.20")
    let hidden = links("https://www.bank.example.com@evil.example.net/login").first!
    #expect(hidden.host == "evil.example.net" && hidden.hasUserInfo)
    #expect(links("http://example.com:443/").first?.port == 443)
  }

  @Test func proseIsNotALink() {
    for text in [
      "e.g. this", "Rs.500 credited", "at 10.30am", "Ok.So we meet", "U.S. market", "see report.pdf",
      "mail me at someone@example.com", "v1.2.3.4 released", "1.000.000 rupiah", "No.1 shop", "Mr.Smith called",
    ] {
      #expect(links(text).isEmpty, "\(text)")
    }
  }

  @Test func hostsStopAtSpacelessScripts() {
    #expect(hosts("请访问example.com了解详情") == ["example.com"])
    #expect(hosts("คลิกexample.comเลย") == ["example.com"])
  }

  @Test func aBodyWithoutDotsIsNotScanned() {
    for text in [
      "no links here at all", "A sentence. Another one.", "Ends with a dot.", "Rs 2,500.00 at 10.30", "您好。请回复",
      "ข้อความ.ถัดไป",
    ] {
      var text = text
      #expect(text.withUTF8 { !LinkScanner.mayHoldLink($0) }, "\(text)")
    }
    for text in ["a。b", "bücher.de", "http://10.0.0.1/x", "x.com", "x . com", "x[.]com", "x(dot)com", "ｘ．ｃｏｍ"] {
      var text = text
      #expect(text.withUTF8 { LinkScanner.mayHoldLink($0) }, "\(text)")
    }
  }
}

/// The scanner's remembered character classes are the definitions' answers.
@Suite struct HostCharacterTableTests {
  @Test func everyRememberedClassIsTheDefinitions() {
    var table = HostCharacterTable()
    var hosts = 0
    for pass in 0..<2 {
      // All of the first two planes (remembered; the second pass reads what the first stored)
      // and a stretch beyond them (answered directly).
      for value in UInt32(0)..<0x2_0400 where Unicode.Scalar(value) != nil {
        let flags = table.flags(of: value)
        if flags != HostCharacterTable.flags(of: value) {
          Issue.record("U+\(String(value, radix: 16)), pass \(pass)")
        }
        if flags & HostCharacterTable.host != 0 { hosts += 1 }
      }
    }
    #expect(hosts > 100_000)
    #expect(table.flags(of: 0x928) == HostCharacterTable.host)  // न
    #expect(table.flags(of: 0xC778) == HostCharacterTable.host | HostCharacterTable.spaceless)  // 인
    #expect(table.flags(of: 0x2E) == 0 && table.flags(of: 0x61) == HostCharacterTable.host)
  }
}
