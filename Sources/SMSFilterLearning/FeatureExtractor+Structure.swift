/// The structural features: links (host, top-level and registrable domain, shortener, IP), money
/// amounts and the share of capitals.
extension FeatureExtractor {
  /// Links: a host (`letters.letters`, with or without a scheme or `www.`), its top-level
  /// domain, its last two labels, and whether it is a known URL shortener or a bare IP address.
  /// Returns whether a link was found.
  ///
  /// `firstHostDot` is the first full stop with a host's byte on each side (the words' pass
  /// finds it, ``WordShape/firstHostDot``): nothing before it can start a host.
  @inline(__always)
  func links<Sink: FeatureSink>(_ text: UnsafeBufferPointer<UInt8>, from firstHostDot: Int, _ sink: inout Sink) -> Bool
  {
    let naming = sink.naming
    var index = firstHostDot
    var found = false
    // Where the last host ended: a host's start is never searched for before it, so the scan
    // is linear whatever the dots (`a.b..a.b..`).
    var lastEnd = 0
    while index + 1 < text.count {
      defer { index += 1 }
      guard text[index] == 0x2E, Self.isHostDot(text, index) else { continue }
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
    return found
  }

  /// URL shorteners scammers use to hide where a link goes.
  static let shorteners: [[UInt8]] = [
    "bit.ly", "tinyurl.com", "t.co", "goo.gl", "is.gd", "cutt.ly", "rb.gy", "shorturl.at", "tiny.cc", "ow.ly",
    "s.id", "bit.do", "rebrand.ly", "t.ly", "v.gd", "shorte.st", "bl.ink", "short.gy", "tiny.one", "u.to",
  ].map { Array($0.utf8) }

  /// The share of capitals among the ASCII letters of the original text, in four steps (only
  /// for messages with eight letters or more).
  @inline(__always)
  func capitals<Sink: FeatureSink>(_ original: UnsafeBufferPointer<UInt8>, _ sink: inout Sink) {
    let (upper, letters) = Self.capitalCounts(original)
    guard letters >= 8 else { return }
    let share = upper * 10 / letters
    let step: UInt8 = share < 1 ? 0 : share < 3 ? 1 : share < 6 ? 2 : 3
    add(FeatureHash(kind: Kind.capitals.rawValue), extra: step, "capitals:\(step)", &sink)
  }

  /// The ASCII capitals and the ASCII letters of a text. Eight bytes at a time (SWAR): each
  /// byte's low seven bits plus a constant set its high bit exactly when it is at least some
  /// value (no carry crosses a byte, as 0x7F + 0x7F < 0x100), a range is two such tests, the
  /// bytes at or above 0x80 are masked out, and the bits are counted. Then byte by byte: an
  /// ASCII letter of either case is one range once its case bit is set. The byte-by-byte loop
  /// over the whole text was a fifth of the model's own loop on corpus messages.
  @inline(__always)
  static func capitalCounts(_ text: UnsafeBufferPointer<UInt8>) -> (upper: Int, letters: Int) {
    var upper = 0
    var letters = 0
    var index = 0
    let count = text.count
    if let base = text.baseAddress {
      let raw = UnsafeRawPointer(base)
      let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
      let high: UInt64 = 0x8080_8080_8080_8080
      /// Each byte's high bit set when the byte's low seven bits are at least `bound`.
      @inline(__always) func atLeast(_ bits: UInt64, _ bound: UInt64) -> UInt64 {
        (bits &+ (0x80 &- bound) &* 0x0101_0101_0101_0101) & high
      }
      while index &+ 8 <= count {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let ascii = ~word & high
        let folded = (word | 0x2020_2020_2020_2020) & low
        letters &+= (atLeast(folded, 0x61) & ~atLeast(folded, 0x7B) & ascii).nonzeroBitCount
        let bits = word & low
        upper &+= (atLeast(bits, 0x41) & ~atLeast(bits, 0x5B) & ascii).nonzeroBitCount
        index &+= 8
      }
    }
    while index < count {
      let byte = text[index]
      letters &+= (byte | 0x20) &- 0x61 < 26 ? 1 : 0
      upper &+= byte &- 0x41 < 26 ? 1 : 0
      index &+= 1
    }
    return (upper, letters)
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
  @inline(__always)
  static func isCurrencyWord(_ text: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Bool {
    guard word.count <= 8 else { return equals(text, word, shillings) }
    var key: UInt64 = 0
    for index in word.reversed() { key = key << 8 | UInt64(text[index]) }
    return isCurrencyKey(key)
  }

  /// Whether a packed word is one of ``currencyKeys``: a switch over the constants (a search of
  /// the array cost a lazy global's check, a retain and up to 57 compares for every number's
  /// bigram). The tests hold it to the lists.
  @inline(__always)
  static func isCurrencyKey(_ key: UInt64) -> Bool {
    switch key {
    case 0x7372: true  // rs
    case 0x72_6E69: true  // inr
    case 0x64_7375: true  // usd
    case 0x72_7565: true  // eur
    case 0x70_6267: true  // gbp
    case 0x68_736B: true  // ksh
    case 0x73_656B: true  // kes
    case 0x68_7374: true  // tsh
    case 0x73_7A74: true  // tzs
    case 0x6E_676E: true  // ngn
    case 0x73_6867: true  // ghs
    case 0x72_617A: true  // zar
    case 0x70_6870: true  // php
    case 0x7072: true  // rp
    case 0x72_6469: true  // idr
    case 0x64_6E76: true  // vnd
    case 0x7468_6162: true  // baht
    case 0x62_6874: true  // thb
    case 0x6D72: true  // rm
    case 0x72_796D: true  // myr
    case 0x72_6173: true  // sar
    case 0x64_6561: true  // aed
    case 0x70_6765: true  // egp
    case 0x64_616D: true  // mad
    case 0x6166_6366: true  // fcfa
    case 0x61_6663: true  // cfa
    case 0x66_6F78: true  // xof
    case 0x6C_7262: true  // brl
    case 0x6E_786D: true  // mxn
    case 0x72_6B70: true  // pkr
    case 0x74_6462: true  // bdt
    case 0x6B74: true  // tk
    case 0x616B_6174: true  // taka
    case 0x676E_6F64: true  // dong
    case 0x7365_6570_7572: true  // rupees
    case 0x61_7269_616E: true  // naira
    case 0x73_7261_6C6C_6F64: true  // dollars
    case 0x73_6F72_7565: true  // euros
    case 0x73_6F73_6570: true  // pesos
    case 0x73_6961_6572: true  // reais
    case 0x6E_6F77: true  // won
    case 0x6E61_7579: true  // yuan
    case 0x62_6D72: true  // rmb
    case 0xB9_82E2: true  // ₹
    case 0xA6_82E2: true  // ₦
    case 0xB1_82E2: true  // ₱
    case 0xAB_82E2: true  // ₫
    case 0xBF_B8E0: true  // ฿
    case 0xB3_A7E0: true  // ৳
    case 0xA8_82E2: true  // ₨
    case 0xA9_82E2: true  // ₩
    case 0xA5C2: true  // ¥
    case 0xAC_82E2: true  // €
    case 0xA3C2: true  // £
    case 0x24: true  // $
    case 0xB5_82E2: true  // ₵
    case 0x83_85E5: true  // 元
    default: false
    }
  }

  /// The currency words and symbols of eight bytes or fewer, packed little-endian (no word holds
  /// a zero byte, so different lengths never collide).
  static let currencyKeys: [UInt64] = (currencyWords + currencySymbols).filter { $0.count <= 8 }.map { bytes in
    bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
  }

  /// The one currency word longer than eight bytes.
  static let shillings = Array("shillings".utf8)

  /// Whether the full stop at `index` has a host's byte on each side (`a.b`): where a host
  /// can hold a dot, so where ``links(_:from:_:)`` looks, and where the words' pass notes the
  /// first one.
  @inline(__always)
  static func isHostDot(_ text: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
    index > 0 && index &+ 1 < text.count && isHostByte(text[index &- 1]) && isHostByte(text[index &+ 1])
  }

  @inline(__always)
  static func isHostByte(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == 0x2D
  }

  static func equals(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ other: [UInt8]) -> Bool {
    range.count == other.count && zip(range, other).allSatisfy { text[$0] == $1 }
  }
}
