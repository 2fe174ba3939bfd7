/// A link found in a message body: where it is, its host in ASCII and Unicode forms, its
/// registrable domain from the Public Suffix List, and the tricks used to write it.
public struct Link: Sendable, Hashable {
  /// The UTF-8 byte range of the whole link (scheme to path) in the original body.
  public let range: Range<Int>
  /// The host, lower-case ASCII: internationalised names in punycode (`xn--…`), or an IP
  /// address.
  public let host: String
  /// The host in Unicode (`xn--` labels decoded); equal to ``host`` for ASCII names.
  public let unicodeHost: String
  /// The registrable domain (`example.co.uk` for `login.example.co.uk`); the host itself for
  /// an IP address or a host that is a public suffix.
  public let registrableDomain: String
  /// The public suffix (`co.uk`, `com`, `github.io`); empty for an IP address.
  public let publicSuffix: String
  /// Whether a scheme (`http://`, `https://`, or an obfuscated `hxxp://`) preceded the host.
  public let hasScheme: Bool
  /// Whether it was written to dodge link detection: `hxxp`, `[.]`, `(dot)`, spaces around
  /// dots or after the scheme.
  public let isObfuscated: Bool
  /// Whether the host is an IPv4 address.
  public let isIPAddress: Bool
  /// The port, when one was written.
  public let port: Int?
  /// Whether user information preceded the host (`https://bank.example@evil.example/`): the
  /// name the reader sees is not the host the link opens.
  public let hasUserInfo: Bool

  /// Creates a link (the scanner makes these; public for tests and library users).
  public init(
    range: Range<Int>, host: String, unicodeHost: String, registrableDomain: String, publicSuffix: String,
    hasScheme: Bool, isObfuscated: Bool, isIPAddress: Bool, port: Int?, hasUserInfo: Bool
  ) {
    self.range = range
    self.host = host
    self.unicodeHost = unicodeHost
    self.registrableDomain = registrableDomain
    self.publicSuffix = publicSuffix
    self.hasScheme = hasScheme
    self.isObfuscated = isObfuscated
    self.isIPAddress = isIPAddress
    self.port = port
    self.hasUserInfo = hasUserInfo
  }

  /// The last label of the host (`uk` for `example.co.uk`); empty for an IP address.
  public var topLevelDomain: String {
    if isIPAddress { return "" }
    // The scanner's hosts are ASCII: their last label is found in their bytes, without the
    // array `split` builds. Any other host is split as characters.
    guard Self.isASCII(host) else { return String(host.split(separator: ".").last ?? "") }
    return LinkScanner.lastLabel(of: host) ?? ""
  }

  /// Whether the host is internationalised: written in another script, or in punycode.
  public var isInternationalized: Bool {
    punycode || unicodeHost != host
  }

  /// Whether a label of the host starts with `xn--`: a label as characters (`xn--` at the start
  /// or after a `.`), searched in the bytes; a byte match in a host that is not ASCII is
  /// confirmed as characters, since a combining mark can join a byte of it to the next one.
  private var punycode: Bool {
    guard LinkScanner.hasPunycodeLabel(host) else { return false }
    return Self.isASCII(host) || host.hasPrefix("xn--") || host.contains(".xn--")
  }

  /// Whether every byte of `text` is ASCII.
  static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

  /// Whether the host is `domain` or one of its subdomains (`domain` lower-case ASCII).
  public func isWithin(_ domain: String) -> Bool {
    host == domain || (host.hasSuffix(domain) && host.utf8.dropLast(domain.utf8.count).last == UInt8(ascii: "."))
  }
}
