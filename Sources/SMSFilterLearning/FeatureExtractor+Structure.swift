/// The structural features: links (host, top-level and registrable domain, shortener, IP), money
/// amounts and the share of capitals.
extension FeatureExtractor {
  /// Links: a host (`letters.letters`, with or without a scheme or `www.`), its top-level
  /// domain, its last two labels, and whether it is a known URL shortener or a bare IP address.
  @inline(__always)
  func links<Sink: FeatureSink>(_ text: UnsafeBufferPointer<UInt8>, _ sink: inout Sink) {
    let naming = sink.naming
    var index = 1
    var found = false
    // Where the last host ended: a host's start is never searched for before it, so the scan
    // is linear whatever the dots (`a.b..a.b..`).
    var lastEnd = 0
    while index + 1 < text.count {
      defer { index += 1 }
      guard text[index] == 0x2E, Self.isHostByte(text[index - 1]), Self.isHostByte(text[index + 1]) else { continue }
      var start = index
      while start > lastEnd, Self.isHostByte(text[start - 1]) || text[start - 1] == 0x2E { start -= 1 }
      var end = index + 1
      while end < text.count,
        Self.isHostByte(text[end]) || (text[end] == 0x2E && end + 1 < text.count && Self.isHostByte(text[end + 1]))
      {
        end += 1
      }
      let host = start..<end
      index = end
      lastEnd = end
      guard let lastDot = host.last(where: { text[$0] == 0x2E }) else { continue }
      let tld = (lastDot + 1)..<end
      let letters = tld.allSatisfy { (text[$0] | 0x20) &- 0x61 < 26 }
      let numericHost = host.allSatisfy { text[$0] == 0x2E || text[$0] &- 0x30 < 10 }
      var dots = 0
      for position in host where text[position] == 0x2E { dots += 1 }
      guard (letters && (2...12).contains(tld.count)) || (numericHost && dots == 3)
      else { continue }
      if !found {
        add(FeatureHash(kind: Kind.link.rawValue), "link", &sink)
        found = true
      }
      if numericHost {
        add(FeatureHash(kind: Kind.link.rawValue), extra: 1, "link:ip", &sink)
        continue
      }
      var tldHash = FeatureHash(kind: Kind.tld.rawValue)
      tldHash.add(folding: text, tld)
      add(tldHash, naming ? "tld:\(Self.string(text, tld))" : "", &sink)
      // The last two labels (a registrable domain for most hosts).
      let secondDot = host[..<lastDot].last(where: { text[$0] == 0x2E }).map { $0 + 1 } ?? host.lowerBound
      let domain = secondDot..<end
      var domainHash = FeatureHash(kind: Kind.domain.rawValue)
      domainHash.add(folding: text, domain)
      add(domainHash, naming ? "domain:\(Self.string(text, domain))" : "", &sink)
      if Self.shorteners.contains(where: { Self.equals(text, domain, $0) }) {
        add(FeatureHash(kind: Kind.shortener.rawValue), "shortener", &sink)
      }
    }
  }

  /// URL shorteners scammers use to hide where a link goes.
  static let shorteners: [[UInt8]] = [
    "bit.ly", "tinyurl.com", "t.co", "goo.gl", "is.gd", "cutt.ly", "rb.gy", "shorturl.at", "tiny.cc", "ow.ly",
    "s.id", "bit.do", "rebrand.ly", "t.ly", "v.gd", "shorte.st", "bl.ink", "short.gy", "tiny.one", "u.to",
  ].map { Array($0.utf8) }

  /// The share of capitals among the ASCII letters of the original text, in four steps (only
  /// for messages with eight letters or more). A table look-up a byte, no branch.
  @inline(__always)
  func capitals<Sink: FeatureSink>(_ original: UnsafeBufferPointer<UInt8>, _ sink: inout Sink) {
    var upper = 0
    var letters = 0
    Self.letterClasses.withUnsafeBufferPointer { classes in
      for byte in original {
        let letterClass = Int(classes[Int(byte)])
        letters &+= letterClass & 1
        upper &+= letterClass >> 1
      }
    }
    guard letters >= 8 else { return }
    let share = upper * 10 / letters
    let step: UInt8 = share < 1 ? 0 : share < 3 ? 1 : share < 6 ? 2 : 3
    add(FeatureHash(kind: Kind.capitals.rawValue), extra: step, "capitals:\(step)", &sink)
  }

  /// Each byte's class for the share of capitals: 1 for an ASCII lower-case letter, 3 for an
  /// upper-case one, 0 for anything else.
  static let letterClasses: [UInt8] = (0..<256).map { byte in
    byte >= 0x41 && byte <= 0x5A ? 3 : byte >= 0x61 && byte <= 0x7A ? 1 : 0
  }

  @inline(__always)
  func money<Sink: FeatureSink>(_ sink: inout Sink) {
    add(FeatureHash(kind: Kind.money.rawValue), "money", &sink)
  }

  /// Currency words written before or after an amount.
  static let currencyWords: [[UInt8]] = [
    "rs", "inr", "usd", "eur", "gbp", "ksh", "kes", "tsh", "tzs", "ngn", "ghs", "zar", "php", "rp", "idr", "vnd",
    "baht", "thb", "rm", "myr", "sar", "aed", "egp", "mad", "fcfa", "cfa", "xof", "brl", "mxn", "pkr", "bdt", "tk",
    "taka", "dong", "rupees", "naira", "shillings", "dollars", "euros", "pesos", "reais", "won", "yuan", "rmb",
  ].map { Array($0.utf8) }

  /// Currency symbols written against an amount.
  static let currencySymbols: [[UInt8]] = ["₹", "₦", "₱", "₫", "฿", "৳", "₨", "₩", "¥", "€", "£", "$", "₵", "元"]
    .map { Array($0.utf8) }

  /// Whether a word is an amount written after a currency symbol (`$50`, `₹500`).
  @inline(__always)
  static func hasCurrencyPrefix(_ text: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Bool {
    let first = text[word.lowerBound]
    if first < 0x80 {
      return word.lowerBound > 0 && text[word.lowerBound - 1] == 0x24 && first &- 0x30 < 10
    }
    // The lead bytes of the non-ASCII symbols (E2 ₹ ₦ ₱ ₫ ₨ ₩ € ₵, E0 ฿ ৳, C2 ¥ £, E5 元).
    guard first == 0xE2 || first == 0xE0 || first == 0xC2 || first == 0xE5 else { return false }
    for symbol in currencySymbols where symbol.count < word.count {
      if equals(text, word.lowerBound..<(word.lowerBound + symbol.count), symbol),
        text[word.lowerBound + symbol.count] &- 0x30 < 10
      {
        return true
      }
    }
    return false
  }

  /// Whether a word is a currency word or symbol: its bytes packed into a number and looked for
  /// among theirs (a bigram next to every number asks).
  static func isCurrencyWord(_ text: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Bool {
    guard word.count <= 8 else { return equals(text, word, shillings) }
    var key: UInt64 = 0
    for index in word.reversed() { key = key << 8 | UInt64(text[index]) }
    return currencyKeys.contains(key)
  }

  /// The currency words and symbols of eight bytes or fewer, packed little-endian (no word holds
  /// a zero byte, so different lengths never collide).
  static let currencyKeys: [UInt64] = (currencyWords + currencySymbols).filter { $0.count <= 8 }.map { bytes in
    bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
  }

  /// The one currency word longer than eight bytes.
  static let shillings = Array("shillings".utf8)

  @inline(__always)
  static func isHostByte(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == 0x2D
  }

  static func equals(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ other: [UInt8]) -> Bool {
    range.count == other.count && zip(range, other).allSatisfy { text[$0] == $1 }
  }
}
