import Testing

@testable import SMSFilterEntities

/// A scanner kept from message to message (its folding buffers, its character table) finds
/// exactly what a new scanner finds in each message.
@Suite struct LinkScannerReuseTests {
  static func links(_ text: String, with scanner: inout LinkScanner) -> [Link] {
    var text = text
    return text.withUTF8 { scanner.links(in: $0) }
  }

  @Test func aReusedScannerFindsWhatANewOneFinds() {
    let shapes = [
      "Pay now: https://secure-pay.HOST/x?id=1", "visit www.HOST today", "HOST", "see HOST. Next",
      "ｗｗｗ．HOST", "hxxps://HOST [.] now", "mail me@HOST", "中文 HOST 短信", "Ok.So HOST:8080/p",
      "bare.invalidtld and HOST", "काम HOST/पथ 😀", "http://192.168.1.1/x and HOST",
    ]
    var hosts = (0..<700).map { "site\($0).example.com" }
    hosts += ["bit.ly", "example.co.uk", "xn--80ak6aa92e.com", "пример.рф", "login.bank.example.co.uk", "com"]
    var reused = LinkScanner()
    var found = 0
    for index in 0..<3000 {
      let host = hosts[(index &* 7919) % hosts.count]
      let shape = shapes[index % shapes.count]
      let text = String(repeating: "long text ", count: index % 5 * 20) + shape.replacing("HOST", with: host)
      var fresh = LinkScanner()
      let expected = Self.links(text, with: &fresh)
      #expect(Self.links(text, with: &reused) == expected, "\(text)")
      found += expected.count
    }
    #expect(found > 2000)
  }
}
