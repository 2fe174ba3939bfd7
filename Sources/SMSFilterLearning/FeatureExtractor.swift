import SMSFilterModel

/// Turns a normalised message into hashed features: word unigrams and bigrams (digits folded to
/// `0`), character n-grams inside words (so inflections, misspellings, leetspeak and scripts
/// without spaces share features), and structural tokens: a link and its top-level and
/// registrable domain, a URL shortener, a phone number, a money amount, long digit runs, the
/// share of capitals, the sender's kind and the message's length.
///
/// One pass over the text; each feature goes to a sink as it is found: a ``FeatureBuffer``
/// (rows, and names for `--explain`) or, when scoring, straight into the model's sums
/// (``LinearModel/probabilities(normalized:original:senderKind:)``), so scoring keeps no rows
/// and allocates nothing.
///
/// ```swift
/// var buffer = FeatureBuffer()
/// FeatureExtractor(settings: .standard).extract(
///   normalized: bytes, original: originalBytes, senderKind: .phone, into: &buffer)
/// ```
public struct FeatureExtractor: Sendable {
  /// The settings features are extracted with.
  public let settings: FeatureSettings
  let mask: UInt32
  /// Whether the settings take character 3-grams only (the built-in model's): an unrolled path.
  let onlyTrigrams: Bool
  /// Whether to add character bigrams between scalars of scripts without spaces (when the
  /// settings ask for them and their gram lengths do not already include 2).
  let unspacedBigrams: Bool
  /// Whether to add the sender-kind crosses (``FeatureSettings/senderCrosses``).
  let senderCrosses: Bool

  /// An extractor for these settings.
  public init(settings: FeatureSettings) {
    precondition(
      settings.characterGrams.lowerBound >= 1 && settings.characterGrams.upperBound <= GramWindow.capacity,
      "character grams must be within 1–\(GramWindow.capacity)")
    self.settings = settings
    self.mask = UInt32(settings.rows - 1)
    self.onlyTrigrams = settings.characterGrams == 3...3
    self.unspacedBigrams = settings.unspacedBigrams && !settings.characterGrams.contains(2)
    self.senderCrosses = settings.senderCrosses
  }

  /// Feature kinds, the first byte of every feature's hash.
  enum Kind: UInt8 {
    case word = 1
    case bigram, gram, link, tld, domain, shortener, phone, number, money, capitals, sender, length, cross
  }

  /// Extracts the features of one message into `buffer`, replacing what it held.
  ///
  /// - Parameters:
  ///   - normalized: the body after `TextNormalizer` (lower-case, accents and invisible
  ///     characters removed, white space collapsed).
  ///   - original: the body as received (for the share of capitals).
  ///   - senderKind: the sender's kind.
  ///   - buffer: where the features go.
  public func extract(
    normalized: UnsafeBufferPointer<UInt8>, original: UnsafeBufferPointer<UInt8>,
    senderKind: SenderKind, into buffer: inout FeatureBuffer
  ) {
    buffer.removeAll()
    extract(normalized: normalized, original: original, senderKind: senderKind, sink: &buffer)
  }

  /// Extracts the features of one message into a sink.
  @inline(__always)
  func extract<Sink: FeatureSink>(
    normalized fullText: UnsafeBufferPointer<UInt8>, original fullOriginal: UnsafeBufferPointer<UInt8>,
    senderKind: SenderKind, sink: inout Sink
  ) {
    // The first ``maximumBytes`` of a long body (cut at a character boundary): an SMS is short,
    // and a hostile body must not cost more, nor grow the buffer or the sums without bound.
    let normalized = Self.prefix(fullText, Self.maximumBytes)
    let original = Self.prefix(fullOriginal, Self.maximumBytes)
    let shape = words(normalized, &sink)
    var link = false
    if let firstHostDot = shape.firstHostDot { link = links(normalized, from: firstHostDot, &sink) }
    capitals(original, &sink)
    let kind = UInt8(truncatingIfNeeded: senderKind.hashValueSeed)
    add(FeatureHash(kind: Kind.sender.rawValue), extra: kind, "sender:\(senderKind.rawValue)", &sink)
    let count = normalized.count
    let length: UInt8 = count < 40 ? 0 : count < 80 ? 1 : count < 160 ? 2 : count < 320 ? 3 : 4
    add(FeatureHash(kind: Kind.length.rawValue), extra: length, "length:\(length)", &sink)
    if senderCrosses {
      crosses(senderKind, kind, link: link, shape: shape, length: length, &sink)
    }
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

  @inline(__always)
  private func words<Sink: FeatureSink>(_ text: UnsafeBufferPointer<UInt8>, _ sink: inout Sink) -> WordShape {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: GramWindow.slots) { scratch in
      var window = GramWindow(storage: scratch.baseAddress.unsafelyUnwrapped)
      return words(text, &window, &sink)
    }
  }

  @inline(__always)
  private func words<Sink: FeatureSink>(
    _ text: UnsafeBufferPointer<UInt8>, _ window: inout GramWindow, _ sink: inout Sink
  ) -> WordShape {
    var shape = WordShape()
    let naming = sink.naming
    var index = 0
    var previous = 0..<0
    var previousHash: UInt32 = 0
    var previousNumber = false
    let count = text.count
    while index < count {
      let byte = text[index]
      guard Self.isWordByte(byte) else {
        // A full stop inside a host (`a.b`): the links are looked for from the first one, so a
        // message without one is not scanned again.
        // (``isHostDot(_:_:)``'s test, written out: called here, the model measured 2-3% slower,
        // alternating binaries, 2026-11-25.)
        if byte == 0x2E, shape.firstHostDot == nil, index > 0, index &+ 1 < count,
          Self.isHostByte(text[index &- 1]), Self.isHostByte(text[index &+ 1])
        {
          shape.firstHostDot = index
        }
        index &+= 1
        continue
      }
      let (end, hash, number) =
        onlyTrigrams && !naming
        ? wordTrigramFeatures(text, from: index, &sink) : wordFeatures(text, from: index, &window, &sink)
      let word = index..<end
      if number, UInt(bitPattern: word.count &- 9) <= 6 { shape.phone = true }
      if Self.hasCurrencyPrefix(text, word) {
        money(&sink)
        shape.money = true
      }
      if !previous.isEmpty {
        // A bigram from its two words' hashes, without reading their bytes again.
        var bigram = FeatureHash(kind: Kind.bigram.rawValue)
        bigram.mix(previousHash)
        bigram.mix(hash)
        add(bigram, naming ? "bigram:\(Self.string(text, previous)) \(Self.string(text, word))" : "", &sink)
        if number, Self.isCurrencyWord(text, previous) {
          money(&sink)
          shape.money = true
        }
        if previousNumber, Self.isCurrencyWord(text, word) {
          money(&sink)
          shape.money = true
        }
      } else {
        shape.firstWord = hash
      }
      previous = word
      previousHash = hash
      previousNumber = number
      index = end
    }
    return shape
  }

  /// A word's own features (the word, its number shape, its character grams), the word being
  /// the run of word bytes from `start`; returns where it ends, its hash (for the bigrams) and
  /// whether it is all digits. One pass over its bytes finds its end and makes the word's hash
  /// and each scalar's code, and each gram is hashed from the codes as its last scalar is read.
  @inline(__always)
  private func wordFeatures<Sink: FeatureSink>(
    _ text: UnsafeBufferPointer<UInt8>, from start: Int, _ window: inout GramWindow, _ sink: inout Sink
  ) -> (end: Int, hash: UInt32, number: Bool) {
    let naming = sink.naming
    var wordHash = FeatureHash(kind: Kind.word.rawValue)
    var digits = true
    window.reset()
    window.push(Self.startMark, start: start)
    grams(window, text, scalarEnd: start, atEndMark: false, &sink)
    var index = start
    let count = text.count
    var previousUnspaced = false
    while index < count, Self.isWordByte(text[index]) {
      let scalarStart = index
      var code = FeatureHash(kind: 0)
      repeat {
        let byte = text[index]
        let isDigit = byte &- 0x30 < 10
        digits = digits && isDigit
        let folded = isDigit ? 0x30 : byte
        code.add(folded)
        wordHash.add(folded)
        index &+= 1
      } while index < count && text[index] & 0xC0 == 0x80
      window.push(code.value, start: scalarStart)
      grams(window, text, scalarEnd: index, atEndMark: false, &sink)
      if unspacedBigrams {
        let unspaced = Self.isUnspacedScalar(text, scalarStart, index)
        if unspaced && previousUnspaced {
          add(
            window.gram(length: 2, kind: Kind.gram.rawValue),
            naming ? gramName(window, text, index, false, 2) : "", &sink)
        }
        previousUnspaced = unspaced
      }
    }
    let word = start..<index
    window.push(Self.endMark, start: index)
    grams(window, text, scalarEnd: index, atEndMark: true, &sink)
    add(wordHash, naming ? "word:\(Self.string(text, word))" : "", &sink)
    if digits {
      // Phone numbers, codes and amounts by length: 4–8 digits (codes), 9–15 (phones), more.
      let count = word.count
      let shape: UInt8 = count < 4 ? 0 : count <= 8 ? 1 : count <= 15 ? 2 : 3
      if shape == 2 { add(FeatureHash(kind: Kind.phone.rawValue), "phone", &sink) }
      add(FeatureHash(kind: Kind.number.rawValue), extra: shape, "number:\(shape)", &sink)
    }
    return (index, wordHash.value, digits)
  }

  /// ``wordFeatures(_:from:_:_:)`` for the built-in settings (3-grams only) when no names are
  /// wanted: the same features in the same order, the last two codes kept in registers instead
  /// of a window in memory. Its scalar loop is ``wordFeatures(_:from:_:_:)``'s, written again on
  /// purpose: shared through a helper taking the word's hash and digit flag `inout`, the model
  /// measured 3–5% slower (`smsfilter bench corpus/ --model-only`, alternating binaries).
  @inline(__always)
  private func wordTrigramFeatures<Sink: FeatureSink>(
    _ text: UnsafeBufferPointer<UInt8>, from start: Int, _ outerSink: inout Sink
  ) -> (end: Int, hash: UInt32, number: Bool) {
    // A local copy: through `inout` the sums and counters were loaded and stored for every
    // feature, since the ring's stores might alias them; a local one stays in registers (2% of
    // the model's time, alternating binaries, 2026-11-25).
    var sink = outerSink
    defer { outerSink = sink }
    var wordHash = FeatureHash(kind: Kind.word.rawValue)
    var digits = true
    // The two codes before the next one, and whether there are two yet (the start mark is one).
    var older: UInt32 = 0
    var newer = Self.startMark
    var two = false
    var previousUnspaced = false
    var index = start
    let count = text.count
    while index < count, Self.isWordByte(text[index]) {
      let scalarStart = index
      var code = FeatureHash(kind: 0)
      repeat {
        let byte = text[index]
        let isDigit = byte &- 0x30 < 10
        digits = digits && isDigit
        let folded = isDigit ? 0x30 : byte
        code.add(folded)
        wordHash.add(folded)
        index &+= 1
      } while index < count && text[index] & 0xC0 == 0x80
      if two { add(Self.trigram(older, newer, code.value), "", &sink) }
      // A scalar of three bytes or more first (a compare of registers), so Latin text never reads the
      // setting or the script (the binary with the setting asked first measured 5-7% slower on
      // a model without bigrams, in a loaded moment).
      if index &- scalarStart >= 3, unspacedBigrams, Self.isUnspacedScalar(text, scalarStart, index) {
        if previousUnspaced { add(Self.bigram(newer, code.value), "", &sink) }
        previousUnspaced = true
      } else {
        previousUnspaced = false
      }
      older = newer
      newer = code.value
      two = true
    }
    if two { add(Self.trigram(older, newer, Self.endMark), "", &sink) }
    add(wordHash, "", &sink)
    if digits {
      let count = index - start
      let shape: UInt8 = count < 4 ? 0 : count <= 8 ? 1 : count <= 15 ? 2 : 3
      if shape == 2 { add(FeatureHash(kind: Kind.phone.rawValue), "", &sink) }
      add(FeatureHash(kind: Kind.number.rawValue), extra: shape, "", &sink)
    }
    return (index, wordHash.value, digits)
  }

  /// The hash of a character 3-gram from its codes (``GramWindow/trigram()`` calls it), by
  /// multiply-shift: the first two codes as one 64-bit word and the third, each multiplied by an
  /// odd constant, side by side rather than one after the other as in FNV, and the high half of
  /// the two products' exclusive or kept (the high half of a product depends on every bit of the
  /// low word; of the second code, placed at bit 32, its low bits reach the high bits of the
  /// half, and ``FeatureHash/row(_:)`` folds those down). The 114,099 distinct 3-grams of
  /// `corpus/`'s lower-cased words fill 92,653 rows of 2^18 (a random function: 92,510 expected;
  /// FNV: 92,545; measured by a script, 2026-11-25). Against FNV over the three
  /// codes: 3-4% less of the model's time (`smsfilter bench corpus/ --model-only`, alternating
  /// binaries, 2026-11-25) and, over five training seeds, the same figures within a seed's
  /// spread. A 32-bit product per code with the high half folded down, as fast within 1-2%,
  /// filtered more wanted messages of `uci-sms-spam` on every seed (the README's "The learned
  /// stage").
  @inline(__always)
  static func trigram(_ first: UInt32, _ second: UInt32, _ third: UInt32) -> FeatureHash {
    let mixed =
      (UInt64(first) | UInt64(second) << 32) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(third) &* 0xC2B2_AE3D_27D4_EB4F
    return FeatureHash(value: UInt32(truncatingIfNeeded: mixed >> 32))
  }

  /// The hash of a character 2-gram from its codes (``GramWindow/gram(length:kind:)``'s).
  @inline(__always)
  static func bigram(_ first: UInt32, _ second: UInt32) -> FeatureHash {
    var hash = FeatureHash(kind: Kind.gram.rawValue)
    hash.mix(first)
    hash.mix(second)
    hash.add(2)
    return hash
  }

  /// Whether the scalar in `text[start..<end]` belongs to a script written without spaces
  /// (``UnspacedScript``, the matcher's definition too). Those scripts' scalars take three or
  /// four bytes, so shorter ones are never decoded. Until 2026-11-24 the model had ranges of
  /// its own (U+3040–U+9FFF whole, Myanmar to U+10BF, no compatibility or supplementary
  /// ideographs); no message of `corpus/` or the shared corpora has a scalar on which the two
  /// differ once normalised, so the default model trained with either is the same, byte for
  /// byte, and the one definition was kept.
  @inline(__always)
  static func isUnspacedScalar(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    let length = end &- start
    if length == 3 {
      let value =
        UInt32(text[start] & 0x0F) << 12 | UInt32(text[start &+ 1] & 0x3F) << 6 | UInt32(text[start &+ 2] & 0x3F)
      return UnspacedScript.contains(value)
    }
    guard length == 4 else { return false }
    let value =
      UInt32(text[start] & 0x07) << 18 | UInt32(text[start &+ 1] & 0x3F) << 12 | UInt32(text[start &+ 2] & 0x3F) << 6
      | UInt32(text[start &+ 3] & 0x3F)
    return UnspacedScript.contains(value)
  }

  /// The character grams that end at the window's last code: every length the settings take
  /// that the codes so far allow. `scalarEnd` is where the last scalar (or the word, at its end
  /// mark) ends in the text, for names.
  @inline(__always)
  private func grams<Sink: FeatureSink>(
    _ window: GramWindow, _ text: UnsafeBufferPointer<UInt8>, scalarEnd: Int, atEndMark: Bool, _ sink: inout Sink
  ) {
    let naming = sink.naming
    if onlyTrigrams {
      // The built-in settings, unrolled: the last three codes.
      guard window.count >= 3 else { return }
      add(
        window.trigram(),
        naming ? gramName(window, text, scalarEnd, atEndMark, 3) : "", &sink)
      return
    }
    let longest = min(settings.characterGrams.upperBound, window.count)
    var length = settings.characterGrams.lowerBound
    while length <= longest {
      let hash = window.gram(length: length, kind: Kind.gram.rawValue)
      add(hash, naming ? gramName(window, text, scalarEnd, atEndMark, length) : "", &sink)
      length &+= 1
    }
  }

  /// The codes of a word's start and end marks in its character grams.
  static let startMark: UInt32 = 0x9E37_79B9
  static let endMark: UInt32 = 0x85EB_CA6B

  /// A gram's name: its scalars as text, `<` for the word's start and `>` for its end.
  private func gramName(
    _ window: GramWindow, _ text: UnsafeBufferPointer<UInt8>, _ scalarEnd: Int, _ atEndMark: Bool, _ length: Int
  ) -> String {
    let first = window.count - length  // the gram's first code; code 0 is the start mark
    let firstScalar = max(first, 1)
    let lastScalar = atEndMark ? window.count - 2 : window.count - 1
    var name = first == 0 ? "gram:<" : "gram:"
    if firstScalar <= lastScalar { name += Self.string(text, window.start(ofCode: firstScalar)..<scalarEnd) }
    return atEndMark ? name + ">" : name
  }

  /// A feature's text for its name: the bytes as hashed (digits folded to `0`).
  static func string(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: range.map { text[$0] &- 0x30 < 10 ? 0x30 : text[$0] }, as: UTF8.self)
  }

  // MARK: Recording

  @inline(__always)
  func add<Sink: FeatureSink>(
    _ hash: FeatureHash, extra: UInt8? = nil, _ name: @autoclosure () -> String, _ sink: inout Sink
  ) {
    var hash = hash
    if let extra { hash.add(extra) }
    if sink.naming {
      sink.add(hash.row(mask), name: name())
    } else {
      sink.add(hash.row(mask))
    }
  }
}

extension SenderKind {
  /// A stable small number per kind, for hashing: its place in the declaration (a switch, not
  /// a search of `allCases`, which builds an array at every call).
  var hashValueSeed: Int {
    switch self {
    case .phone: 0
    case .shortCode: 1
    case .dlt: 2
    case .alphanumeric: 3
    case .email: 4
    case .unknown: 5
    }
  }
}
