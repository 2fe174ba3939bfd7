/// The byte-run prefilters of a rule set's regexes (``RegexFactors``), flattened for the hot
/// path: a regex whose factor finds none of its alternatives' runs in a message is not run.
///
/// The guarantee is the factor's: when ``mayMatch(_:text:traits:)`` says no, PCRE2 would find no
/// match either; it may say yes to a text the regex then rejects.
struct ByteRunFilter: Sendable {
  /// Regex `i`'s alternatives are `alternatives[regexAlternatives[i]]` (empty: no filter); an
  /// alternative's runs are `runs[alternatives[j]]`; a run's positions are
  /// `positions[runs[k]]`, position `p`'s byte set the four words `sets[4p..<4p+4]`.
  private var regexAlternatives: [Range<Int>] = []
  private var alternatives: [Range<Int>] = []
  private var runs: [Range<Int>] = []
  private var sets: [UInt64] = []
  /// Each run's anchors: the offsets of its two positions with the fewest bytes (the same one
  /// twice for a run of one), which the scan looks for together before checking the others.
  private var anchors: [Int] = []
  private var secondAnchors: [Int] = []
  /// What each regex's factor assumes of the text (``RegexFactors/Flags``).
  private var flags: [UInt8] = []
  /// Regex `i`'s alternatives on a text with a decimal digit outside ASCII, where its factor's
  /// `[0-9]` does not hold (``RegexFactors/Factor/otherDigits``; empty: no filter there).
  private var otherDigitAlternatives: [Range<Int>] = []

  /// The filters of regexes with these factors (`nil`: that regex has none), in regex order.
  init(_ factors: [RegexFactors.Factor?]) {
    var position = 0
    func add(_ list: [[[RegexFactors.ByteSet]]]) -> Range<Int> {
      let alternativeStart = alternatives.count
      for alternative in list {
        let runStart = runs.count
        for run in alternative {
          for set in run { sets += set.words }
          let sizes = run.map { $0.words.reduce(0) { $0 + $1.nonzeroBitCount } }
          let anchor = sizes.indices.min { sizes[$0] < sizes[$1] } ?? 0
          anchors.append(anchor)
          secondAnchors.append(sizes.indices.filter { $0 != anchor }.min { sizes[$0] < sizes[$1] } ?? anchor)
          runs.append(position..<(position + run.count))
          position += run.count
        }
        alternatives.append(runStart..<runs.count)
      }
      return alternativeStart..<alternatives.count
    }
    for factor in factors {
      regexAlternatives.append(add(factor?.alternatives ?? []))
      otherDigitAlternatives.append(add(factor?.otherDigits ?? []))
      flags.append(factor?.flags.rawValue ?? 0)
    }
  }

  /// Whether regex `index` may match `text`, whose ``TextProfile`` is `profile`: `false` only
  /// when, for every alternative, some run does not occur (or the regex has no filter, or its
  /// assumptions do not hold of this text: then `true`). `nonASCIIDigit` says whether the text
  /// has a decimal digit outside ASCII (asked only when a factor reads `\d` as `[0-9]`; then the
  /// factor's ``RegexFactors/Factor/otherDigits`` decide).
  @inline(__always)
  func mayMatch(
    _ index: Int, text: UnsafeBufferPointer<UInt8>, profile: () -> TextProfile, nonASCIIDigit: () -> Bool
  ) -> Bool {
    var list = regexAlternatives[index]
    if list.isEmpty { return true }
    let profile = profile()
    let assumed = RegexFactors.Flags(rawValue: flags[index])
    if !assumed.isEmpty {
      if assumed.contains(.asciiText) && profile.hasNonASCII { return true }
      if assumed.contains(.asciiDigits) && profile.hasNonASCII && nonASCIIDigit() {
        list = otherDigitAlternatives[index]
        if list.isEmpty { return true }
      }
    }
    return sets.withUnsafeBufferPointer { sets in
      for alternative in list {
        var all = true
        for run in alternatives[alternative]
        where !Self.occurs(
          positions: runs[run], anchors: (anchors[run], secondAnchors[run]), sets: sets, in: text,
          present: profile.present)
        {
          all = false
          break
        }
        if all { return true }
      }
      return false
    }
  }

  /// Whether some `text[start..<start + n]` has each byte in its position's set: the bytes of
  /// the two anchor positions' sets are looked for together (one well-predicted branch where a
  /// common anchor byte such as a space alone would branch at random), and the other positions
  /// checked around each such place.
  @inline(__always)
  static func occurs(
    positions: Range<Int>, anchors: (Int, Int), sets: UnsafeBufferPointer<UInt64>,
    in text: UnsafeBufferPointer<UInt8>, present: SIMD4<UInt64>
  ) -> Bool {
    let length = positions.count
    guard length > 0, text.count >= length else { return length == 0 }
    let first = positions.lowerBound &* 4
    // A position none of whose bytes the text holds: no scan needed.
    for position in 0..<length {
      let base = first &+ position &* 4
      let set = SIMD4(sets[base], sets[base &+ 1], sets[base &+ 2], sets[base &+ 3])
      if set & present == SIMD4(repeating: 0) { return false }
    }
    let anchorSet = first &+ anchors.0 &* 4
    let secondSet = first &+ anchors.1 &* 4
    var start = 0
    let last = text.count &- length
    /// Whether the run occurs at `start`, every position checked.
    @inline(__always) func runOccurs(at start: Int) -> Bool {
      var offset = 0
      while offset < length {
        let byte = text[start &+ offset]
        if sets[first &+ offset &* 4 &+ Int(byte &>> 6)] &>> UInt64(byte & 63) & 1 == 0 { return false }
        offset &+= 1
      }
      return true
    }
    // When the first anchor's set has at most four bytes the text holds (a separator, a
    // letter), eight starts are tested at once: a byte-at-a-time scan costs two loads, four
    // shifts and a branch per start, and most messages are scanned to the end.
    if let base = text.baseAddress,
      let firstBytes = FewBytes(set: sets.baseAddress.unsafelyUnwrapped + anchorSet, present: present)
    {
      let secondBytes = FewBytes(set: sets.baseAddress.unsafelyUnwrapped + secondSet, present: present)
      let raw = UnsafeRawPointer(base)
      let far = max(anchors.0, anchors.1)
      // Both eight-byte loads stay inside the text.
      while start <= last && start &+ far &+ 8 <= text.count {
        var hits = firstBytes.lanes(
          in: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start &+ anchors.0, as: UInt64.self)))
        if let secondBytes {
          hits &= secondBytes.lanes(
            in: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start &+ anchors.1, as: UInt64.self)))
        }
        // Starts past `last` would put the run beyond the text.
        let starts = last &- start &+ 1
        if starts < 8 { hits &= (1 &<< UInt64(starts &* 8)) &- 1 }
        while hits != 0 {
          if runOccurs(at: start &+ hits.trailingZeroBitCount &>> 3) { return true }
          hits &= hits &- 1
        }
        start &+= 8
      }
    }
    while start <= last {
      defer { start &+= 1 }
      let byte = text[start &+ anchors.0]
      let other = text[start &+ anchors.1]
      let hit =
        sets[anchorSet &+ Int(byte &>> 6)] &>> UInt64(byte & 63)
        & sets[secondSet &+ Int(other &>> 6)] &>> UInt64(other & 63)
      if hit & 1 == 0 { continue }
      if runOccurs(at: start) { return true }
    }
    return false
  }
}

/// What a message's normalised text holds that the byte-run filter reads: which bytes occur, and
/// whether one is outside ASCII or an ASCII digit. Found in one pass on first use.
struct TextProfile: Sendable {
  /// Bit `b` is set when byte `b` occurs (word `b >> 6`, bit `b & 63`).
  var present = SIMD4<UInt64>(repeating: 0)
  /// An ASCII digit occurs.
  var hasASCIIDigit = false
  /// A byte outside ASCII occurs.
  var hasNonASCII = false

  /// The profile of `text`.
  init(of text: UnsafeBufferPointer<UInt8>) {
    // No branch on the byte: each one sets its bit in its word through a pointer. Four sets of
    // words, one for each byte of four in a row, so that consecutive bytes (which mostly fall
    // in the same word) do not wait on each other's store; merged at the end.
    var sets = SIMD16<UInt64>(repeating: 0)
    withUnsafeMutableBytes(of: &sets) { raw in
      let word = raw.bindMemory(to: UInt64.self)
      guard let bytes = text.baseAddress else { return }
      let count = text.count
      var index = 0
      while index &+ 4 <= count {
        let b0 = bytes[index]
        let b1 = bytes[index &+ 1]
        let b2 = bytes[index &+ 2]
        let b3 = bytes[index &+ 3]
        word[Int(b0 &>> 6)] |= 1 &<< UInt64(b0 & 63)
        word[4 &+ Int(b1 &>> 6)] |= 1 &<< UInt64(b1 & 63)
        word[8 &+ Int(b2 &>> 6)] |= 1 &<< UInt64(b2 & 63)
        word[12 &+ Int(b3 &>> 6)] |= 1 &<< UInt64(b3 & 63)
        index &+= 4
      }
      while index < count {
        let byte = bytes[index]
        word[Int(byte &>> 6)] |= 1 &<< UInt64(byte & 63)
        index &+= 1
      }
    }
    let merged = sets.lowHalf.lowHalf | sets.lowHalf.highHalf | sets.highHalf.lowHalf | sets.highHalf.highHalf
    let words = (merged[0], merged[1], merged[2], merged[3])
    present = merged
    hasASCIIDigit = words.0 & (0x3FF &<< 0x30) != 0
    hasNonASCII = words.2 | words.3 != 0
  }

  /// An empty profile.
  init() {}
}
