/// A money amount found in a message body: a number with a currency written before or after it
/// (`₹5,000`, `Rs. 2,500.00`, `KSh 1,500`, `50.000 FCFA`, `Rp 10 juta`, `3万元`).
public struct MoneyAmount: Sendable, Hashable {
  /// The UTF-8 byte range in the original body, currency included.
  public let range: Range<Int>
  /// The currency's ISO 4217 code (`INR`, `KES`, `XOF`): for a symbol or word several
  /// countries share (`$`, `Rs`, `shillings`), the code of the market that writes it most.
  public let currency: String
  /// The amount, with thousands separators, decimals and multiplier words (`lakh`, `juta`,
  /// `万`) applied.
  public let value: Double

  /// Creates an amount (the scanner makes these).
  public init(range: Range<Int>, currency: String, value: Double) {
    self.range = range
    self.currency = currency
    self.value = value
  }

  /// Currency symbols, codes and words, lower-case, with their ISO codes.
  static let currencies: [String: String] = {
    var table: [String: String] = [
      "$": "USD", "us$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "₦": "NGN", "¥": "CNY", "￥": "CNY", "₩": "KRW",
      "₱": "PHP", "৳": "BDT", "₫": "VND", "฿": "THB", "₺": "TRY", "₽": "RUB", "₪": "ILS", "₴": "UAH", "₵": "GHS",
      "r$": "BRL", "a$": "AUD", "c$": "CAD", "s$": "SGD", "hk$": "HKD", "nz$": "NZD", "gh₵": "GHS",
      "rs": "INR", "rs.": "INR", "₨": "PKR", "rupees": "INR", "rupee": "INR", "रुपये": "INR", "रुपए": "INR",
      "रु": "INR", "रु.": "INR", "tk": "BDT", "tk.": "BDT", "taka": "BDT", "টাকা": "BDT", "rp": "IDR", "rp.": "IDR",
      "rupiah": "IDR", "rm": "MYR", "ringgit": "MYR", "naira": "NGN", "ksh": "KES", "kshs": "KES", "ksh.": "KES",
      "shillings": "KES", "shilingi": "TZS", "tsh": "TZS", "tshs": "TZS", "ush": "UGX", "ugshs": "UGX",
      "cedis": "GHS", "cedi": "GHS", "dollars": "USD", "dollar": "USD", "euros": "EUR", "euro": "EUR",
      "pounds": "GBP", "pesos": "MXN", "peso": "PHP", "reais": "BRL", "dong": "VND", "đồng": "VND", "đ": "VND",
      "baht": "THB", "บาท": "THB", "yuan": "CNY", "元": "CNY", "块": "CNY", "円": "JPY", "원": "KRW",
      "ريال": "SAR", "ر.س": "SAR", "درهم": "AED", "د.إ": "AED", "جنيه": "EGP", "ج.م": "EGP", "روپے": "PKR",
      "fcfa": "XOF", "cfa": "XOF", "francs": "XOF",
    ]
    for code in [
      "usd", "eur", "gbp", "inr", "ngn", "kes", "tzs", "ugx", "ghs", "zar", "bdt", "pkr", "idr", "myr", "php", "thb",
      "vnd", "cny", "rmb", "jpy", "krw", "brl", "mxn", "ars", "cop", "clp", "pen", "egp", "sar", "aed", "qar", "kwd",
      "omr", "mad", "xof", "xaf", "chf", "cad", "aud", "sgd", "hkd", "npr", "lkr", "rwf", "zmw", "etb",
    ] {
      table[code] = code == "rmb" ? "CNY" : code.uppercased()
    }
    return table
  }()

  /// Every ISO code the scanner can report.
  public static var currencyCodes: [String] { Array(Set(currencies.values)).sorted() }

  /// The longest currency token, in characters.
  static let longestCurrency = currencies.keys.map(\.count).max() ?? 1

  /// Multiplier words written after a number, lower-case, with their factors.
  static let multipliers: [String: Double] = [
    "k": 1e3, "m": 1e6, "mn": 1e6, "million": 1e6, "millions": 1e6, "bn": 1e9, "billion": 1e9, "lakh": 1e5,
    "lakhs": 1e5, "lac": 1e5, "lacs": 1e5, "crore": 1e7, "crores": 1e7, "cr": 1e7, "juta": 1e6, "ribu": 1e3,
    "rb": 1e3, "triệu": 1e6, "nghìn": 1e3, "ngàn": 1e3, "tỷ": 1e9, "mil": 1e3, "millones": 1e6, "milhões": 1e6,
    "milioni": 1e6, "万": 1e4, "亿": 1e8, "만": 1e4, "억": 1e8, "हज़ार": 1e3, "हजार": 1e3, "लाख": 1e5,
    "करोड़": 1e7, "ألف": 1e3,
  ]
}
