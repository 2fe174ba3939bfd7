/// A phone number or USSD code found in a message body.
public struct PhoneNumber: Sendable, Hashable {
  /// What kind of number it is; a number may be several (international and premium).
  public struct Kind: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates a kind set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Written with a country code (`+44 …`, `00 44 …`).
    public static let international = Kind(rawValue: 1 << 0)
    /// A premium-rate number: international (`+44 9…`, `+1 900…`, `+882`/`+883`, …), or
    /// national for the receiver's country (`09…` in the UK, `1-900` in North America, `0900`
    /// in Germany and the Netherlands, `089…` in France, …; ``PhoneNumber/nationalPremium``).
    public static let premium = Kind(rawValue: 1 << 1)
    /// A USSD code (`*126#`, `*334*1#`): how mobile-money menus and SIM services are dialled.
    public static let ussd = Kind(rawValue: 1 << 2)
    /// Written without a country code.
    public static let national = Kind(rawValue: 1 << 3)

    /// Kinds by the names rule files use.
    public static let byName: [String: Kind] = [
      "international": .international, "premium": .premium, "ussd": .ussd, "national": .national,
    ]
  }

  /// The UTF-8 byte range in the original body.
  public let range: Range<Int>
  /// The digits (any script's digits as ASCII), with a leading `+` for an international
  /// number; a USSD code as written (`*126#`).
  public let digits: String
  /// What kind of number it is.
  public let kind: Kind

  /// Creates a phone number (the scanner makes these).
  public init(range: Range<Int>, digits: String, kind: Kind) {
    self.range = range
    self.digits = digits
    self.kind = kind
  }

  /// National premium-rate prefixes by receiver country (ISO code). The same digits are
  /// ordinary mobile numbers elsewhere (`09…` is premium in the UK and a mobile prefix in the
  /// Philippines, Nigeria and Vietnam), so a national number is premium only for its country;
  /// with no country, only prefixes no market uses otherwise count.
  static let nationalPremium: [String: [String]] = [
    "GB": ["09", "0871", "0872", "0873"], "US": ["1900", "900", "1976", "976"], "CA": ["1900", "900", "1976", "976"],
    "DE": ["0900", "0137"], "NL": ["0900", "0906", "0909"], "FR": ["089", "0899"], "ES": ["803", "806", "807", "905"],
    "IT": ["899", "892"], "AU": ["1900", "190"], "IE": ["1550", "1560", "1570", "1580", "1590"],
  ]
  static let unambiguousNationalPremium = ["0871", "0872", "0873", "0900", "1900"]

  /// Whether national digits start with a premium-rate prefix of the receiver's country.
  static func isPremium(national digits: Substring, country: String?) -> Bool {
    let prefixes = country.flatMap { nationalPremium[$0.uppercased()] } ?? unambiguousNationalPremium
    return prefixes.contains { digits.hasPrefix($0) }
  }

  /// Whether international digits (after `+`) are a premium-rate number.
  static func isPremium(international digits: Substring) -> Bool {
    let prefixes = [
      "449", "44871", "44872", "44873", "1900", "1976", "49900", "49137", "31900", "3389", "34803", "34806",
      "34807", "34905", "39899", "611900", "882", "883",
    ]
    return prefixes.contains { digits.hasPrefix($0) }
  }
}
