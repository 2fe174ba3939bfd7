import SMSFilterModel

/// Turns a normalised message into hashed features: word unigrams and bigrams (digits folded to
/// `0`), character n-grams inside words (so inflections, misspellings, leetspeak and scripts
/// without spaces share features), and structural tokens: a link and its top-level and
/// registrable domain, a URL shortener, a phone number, a money amount, long digit runs, the
/// share of capitals, the sender's kind and the message's length.
///
/// It allocates nothing once its buffer has grown: features go into a ``FeatureBuffer``.
///
/// ```swift
/// var buffer = FeatureBuffer()
/// FeatureExtractor(settings: .standard).extract(
///   normalized: bytes, original: originalBytes, senderKind: .phone, into: &buffer)
/// ```
public struct FeatureExtractor: Sendable {
  /// The settings features are extracted with.
  public let settings: FeatureSettings
  private let mask: UInt32

  /// An extractor for these settings.
  public init(settings: FeatureSettings) {
    self.settings = settings
    self.mask = UInt32(settings.rows - 1)
  }

  /// Feature kinds, the first byte of every feature's hash.
  enum Kind: UInt8 {
    case word = 1
    case bigram, gram, link, tld, domain, shortener, phone, number, money, capitals, sender, length
  }

  /// Extracts the features of one message into `buffer`, replacing what it held.
  ///
  /// - Parameters:
  ///   - normalized: the body after ``TextNormalizer`` (lower-case, accents and invisible
  ///     characters removed, white space collapsed).
  ///   - original: the body as received (for the share of capitals).
  ///   - senderKind: the sender's kind.
  ///   - buffer: where the features go.
  public func extract(
    normalized fullText: UnsafeBufferPointer<UInt8>, original fullOriginal: UnsafeBufferPointer<UInt8>,
    senderKind: SenderKind, into buffer: inout FeatureBuffer
  ) {
    buffer.removeAll()
    // The first ``maximumBytes`` of a long body (cut at a character boundary): an SMS is short,
    // and a hostile body must not cost more, nor grow the buffer or the sums without bound.
    let normalized = Self.prefix(fullText, Self.maximumBytes)
    let original = Self.prefix(fullOriginal, Self.maximumBytes)
    words(normalized, &buffer)
    links(normalized, &buffer)
    capitals(original, &buffer)
    add(
      FeatureHash(kind: Kind.sender.rawValue), extra: UInt8(truncatingIfNeeded: senderKind.hashValueSeed),
      "sender:\(senderKind.rawValue)", &buffer)
    let length =
      normalized.count < 40
      ? 0 : normalized.count < 80 ? 1 : normalized.count < 160 ? 2 : normalized.count < 320 ? 3 : 4
    add(FeatureHash(kind: Kind.length.rawValue), extra: UInt8(length), "length:\(length)", &buffer)
  }

  /// The most bytes of a body features are taken from.
  public static let maximumBytes = 4096

  /// The first `limit` bytes of UTF-8 text, cut at a character boundary.
  static func prefix(_ text: UnsafeBufferPointer<UInt8>, _ limit: Int) -> UnsafeBufferPointer<UInt8> {
    guard text.count > limit else { return text }
    var end = limit
    while end > 0, text[end] & 0xC0 == 0x80 { end -= 1 }
    return UnsafeBufferPointer(rebasing: text[0..<end])
  }

  // MARK: Words and grams

  /// A byte that belongs to a word: an ASCII letter or digit, or any byte of a non-ASCII scalar.
  @inline(__always)
  static func isWordByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10
  }

  private func words(_ text: UnsafeBufferPointer<UInt8>, _ buffer: inout FeatureBuffer) {
    let naming = buffer.naming
    var index = 0
    var previous: (range: Range<Int>, hash: UInt32, number: Bool)?
    while index < text.count {
      guard Self.isWordByte(text[index]) else {
        index += 1
        continue
      }
      var end = index
      while end < text.count, Self.isWordByte(text[end]) { end += 1 }
      let word = index..<end
      let (hash, number) = wordFeatures(text, word, &buffer)
      if let currency = Self.currencyPrefix(text, word) { money(currency, &buffer) }
      if let previous {
        // A bigram from its two words' hashes, without reading their bytes again.
        var bigram = FeatureHash(kind: Kind.bigram.rawValue)
        bigram.mix(previous.hash)
        bigram.mix(hash)
        add(bigram, naming ? "bigram:\(Self.string(text, previous.range)) \(Self.string(text, word))" : "", &buffer)
        if number, Self.isCurrencyWord(text, previous.range) { money("", &buffer) }
        if previous.number, Self.isCurrencyWord(text, word) { money("", &buffer) }
      }
      previous = (word, hash, number)
      index = end
    }
  }

  /// A word's own features (the word, its number shape, its character grams); returns its hash
  /// (for the bigrams) and whether it is all digits. One pass over its bytes makes the word's
  /// hash and each scalar's code; the grams are hashed from the codes.
  private func wordFeatures(
    _ text: UnsafeBufferPointer<UInt8>, _ word: Range<Int>, _ buffer: inout FeatureBuffer
  ) -> (hash: UInt32, number: Bool) {
    let naming = buffer.naming
    var wordHash = FeatureHash(kind: Kind.word.rawValue)
    var digits = true
    if naming { buffer.scalarStarts.removeAll(keepingCapacity: true) }
    buffer.scalarCodes.removeAll(keepingCapacity: true)
    buffer.scalarCodes.append(Self.startMark)
    var index = word.lowerBound
    while index < word.upperBound {
      var end = index + 1
      while end < word.upperBound, text[end] & 0xC0 == 0x80 { end += 1 }
      var code = FeatureHash(kind: 0)
      for position in index..<end {
        let byte = text[position]
        let isDigit = byte &- 0x30 < 10
        digits = digits && isDigit
        let folded = isDigit ? 0x30 : byte
        code.add(folded)
        wordHash.add(folded)
      }
      if naming { buffer.scalarStarts.append(index) }
      buffer.scalarCodes.append(code.value)
      index = end
    }
    buffer.scalarCodes.append(Self.endMark)
    add(wordHash, naming ? "word:\(Self.string(text, word))" : "", &buffer)
    if digits {
      // Phone numbers, codes and amounts by length: 4–8 digits (codes), 9–15 (phones), more.
      let count = word.count
      let shape: UInt8 = count < 4 ? 0 : count <= 8 ? 1 : count <= 15 ? 2 : 3
      if shape == 2 { add(FeatureHash(kind: Kind.phone.rawValue), "phone", &buffer) }
      add(FeatureHash(kind: Kind.number.rawValue), extra: shape, "number:\(shape)", &buffer)
    }
    // Character n-grams over the word's scalars, with its start and end marked: every gram of
    // every length from one start hashed from the scalars' codes in one pass.
    let codes = buffer.scalarCodes.count
    let shortest = settings.characterGrams.lowerBound
    let longest = settings.characterGrams.upperBound
    if codes >= shortest {
      for first in 0...(codes - shortest) {
        var hash = FeatureHash(kind: Kind.gram.rawValue)
        for length in 1...min(longest, codes - first) {
          hash.mix(buffer.scalarCodes[first + length - 1])
          guard length >= shortest else { continue }
          var gram = hash
          gram.add(UInt8(truncatingIfNeeded: length))
          let name = naming ? "gram:\(gramName(text, word, buffer.scalarStarts, first - 1, length))" : ""
          add(gram, name, &buffer)
        }
      }
    }
    return (wordHash.value, digits)
  }

  /// The codes of a word's start and end marks in its character grams.
  static let startMark: UInt32 = 0x9E37_79B9
  static let endMark: UInt32 = 0x85EB_CA6B

  private func gramName(
    _ text: UnsafeBufferPointer<UInt8>, _ word: Range<Int>, _ starts: [Int], _ first: Int, _ length: Int
  ) -> String {
    var name = ""
    for position in first..<(first + length) {
      if position < 0 {
        name += "<"
      } else if position >= starts.count {
        name += ">"
      } else {
        let end = position + 1 < starts.count ? starts[position + 1] : word.upperBound
        name += Self.string(text, starts[position]..<end)
      }
    }
    return name
  }

  // MARK: Structure

  /// Links: a host (`letters.letters`, with or without a scheme or `www.`), its top-level
  /// domain, its last two labels, and whether it is a known URL shortener or a bare IP address.
  private func links(_ text: UnsafeBufferPointer<UInt8>, _ buffer: inout FeatureBuffer) {
    let naming = buffer.naming
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
        add(FeatureHash(kind: Kind.link.rawValue), "link", &buffer)
        found = true
      }
      if numericHost {
        add(FeatureHash(kind: Kind.link.rawValue), extra: 1, "link:ip", &buffer)
        continue
      }
      var tldHash = FeatureHash(kind: Kind.tld.rawValue)
      tldHash.add(folding: text, tld)
      add(tldHash, naming ? "tld:\(Self.string(text, tld))" : "", &buffer)
      // The last two labels (a registrable domain for most hosts; #14 brings the Public Suffix
      // List's answer).
      let secondDot = host[..<lastDot].last(where: { text[$0] == 0x2E }).map { $0 + 1 } ?? host.lowerBound
      let domain = secondDot..<end
      var domainHash = FeatureHash(kind: Kind.domain.rawValue)
      domainHash.add(folding: text, domain)
      add(domainHash, naming ? "domain:\(Self.string(text, domain))" : "", &buffer)
      if Self.shorteners.contains(where: { Self.equals(text, domain, $0) }) {
        add(FeatureHash(kind: Kind.shortener.rawValue), "shortener", &buffer)
      }
    }
  }

  /// URL shorteners scammers use to hide where a link goes.
  static let shorteners: [[UInt8]] = [
    "bit.ly", "tinyurl.com", "t.co", "goo.gl", "is.gd", "cutt.ly", "rb.gy", "shorturl.at", "tiny.cc", "ow.ly",
    "s.id", "bit.do", "rebrand.ly", "t.ly", "v.gd", "shorte.st", "bl.ink", "short.gy", "tiny.one", "u.to",
  ].map { Array($0.utf8) }

  /// The share of capitals among the ASCII letters of the original text, in four steps (only
  /// for messages with eight letters or more).
  private func capitals(_ original: UnsafeBufferPointer<UInt8>, _ buffer: inout FeatureBuffer) {
    var upper = 0
    var letters = 0
    for byte in original {
      let isUpper = byte &- 0x41 < 26
      upper &+= isUpper ? 1 : 0
      letters &+= isUpper || byte &- 0x61 < 26 ? 1 : 0
    }
    guard letters >= 8 else { return }
    let share = upper * 10 / letters
    let step: UInt8 = share < 1 ? 0 : share < 3 ? 1 : share < 6 ? 2 : 3
    add(FeatureHash(kind: Kind.capitals.rawValue), extra: step, "capitals:\(step)", &buffer)
  }

  private func money(_ currency: String, _ buffer: inout FeatureBuffer) {
    add(FeatureHash(kind: Kind.money.rawValue), "money", &buffer)
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

  @inline(__always)
  static func currencyPrefix(_ text: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> String? {
    guard text[word.lowerBound] >= 0x80 || (word.lowerBound > 0 && text[word.lowerBound - 1] == 0x24) else {
      return nil
    }
    if word.lowerBound > 0, text[word.lowerBound - 1] == 0x24, text[word.lowerBound] &- 0x30 < 10 { return "$" }
    for symbol in currencySymbols where symbol.count < word.count {
      if equals(text, word.lowerBound..<(word.lowerBound + symbol.count), symbol),
        text[word.lowerBound + symbol.count] &- 0x30 < 10
      {
        return ""
      }
    }
    return nil
  }

  static func isCurrencyWord(_ text: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Bool {
    currencyWords.contains { equals(text, word, $0) } || currencySymbols.contains { equals(text, word, $0) }
  }

  static func isNumber(_ text: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Bool {
    word.allSatisfy { text[$0] &- 0x30 < 10 }
  }

  @inline(__always)
  static func isHostByte(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == 0x2D
  }

  static func equals(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ other: [UInt8]) -> Bool {
    range.count == other.count && zip(range, other).allSatisfy { text[$0] == $1 }
  }

  /// A feature's text for its name: the bytes as hashed (digits folded to `0`).
  static func string(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: range.map { text[$0] &- 0x30 < 10 ? 0x30 : text[$0] }, as: UTF8.self)
  }

  // MARK: Recording

  @inline(__always)
  private func add(
    _ hash: FeatureHash, extra: UInt8? = nil, _ name: @autoclosure () -> String, _ buffer: inout FeatureBuffer
  ) {
    var hash = hash
    if let extra { hash.add(extra) }
    buffer.rows.append(hash.row(mask))
    if buffer.naming { buffer.names.append(name()) }
  }
}

extension SenderKind {
  /// A stable small number per kind, for hashing.
  var hashValueSeed: Int { SenderKind.allCases.firstIndex(of: self) ?? 0 }
}
