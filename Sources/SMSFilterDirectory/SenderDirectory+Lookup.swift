import CMemoryHints
import SMSFilterModel

extension SenderDirectory {
  // MARK: Lookup

  /// Looks a sender up.
  ///
  /// - Parameters:
  ///   - sender: the sender as the network gives it, normalised as `SenderID` does.
  ///   - receiverCountry: the receiver's ISO 3166-1 alpha-2 code, for national numbers and
  ///     short codes (a scoped short code is tried first, then the unscoped one). A value that is
  ///     not two letters is ignored.
  /// - Returns: the entry, or `nil` when the sender is not in the directory or is malformed.
  public func lookup(_ sender: String, receiverCountry: String? = nil) -> DirectoryEntry? {
    if let entry = sender.utf8.withContiguousStorageIfAvailable({ lookup(utf8: $0, country: receiverCountry) }) {
      return entry
    }
    return Array(sender.utf8).withUnsafeBufferPointer { lookup(utf8: $0, country: receiverCountry) }
  }

  /// The lookup: an international number, the common case, needs no country and takes the
  /// fast path; everything else goes through the full parser, kept out of line so that the
  /// fast path stays short.
  @inline(__always)
  private func lookup(utf8 bytes: UnsafeBufferPointer<UInt8>, country: String?) -> DirectoryEntry? {
    if let number = SenderParser.internationalNumber(bytes) {
      guard let match = locate(SenderKey.phoneKey(number)) else { return nil }
      return entry(at: match.index, payload: match.payload)
    }
    return slowLookup(bytes, country: country)
  }

  @inline(never)
  private func slowLookup(_ bytes: UnsafeBufferPointer<UInt8>, country: String?) -> DirectoryEntry? {
    lookup(bytes: bytes, country: country.flatMap(CountryCode.init))
  }

  /// Looks a sender up by its UTF-8 bytes (see ``lookup(_:receiverCountry:)->DirectoryEntry?``).
  public func lookup(utf8 sender: UnsafeBufferPointer<UInt8>, receiverCountry: String? = nil) -> DirectoryEntry? {
    lookup(utf8: sender, country: receiverCountry)
  }

  /// Looks up a sender already normalised (a short code scoped by a country falls back to the
  /// unscoped one).
  public func lookup(_ sender: SenderID) -> DirectoryEntry? {
    if SenderKey.isTextKey(sender.key) {
      var normalized = sender.normalized
      return normalized.withUTF8 { bytes in
        var index = firstIndex(sender.key)
        while index < count, keys[index] == sender.key {
          if let stored = text(at: index), stored.elementsEqual(bytes) { return entry(at: index) }
          index += 1
        }
        return nil
      }
    }
    if let match = locate(sender.key) { return entry(at: match.index, payload: match.payload) }
    if sender.kind == .shortCode, sender.country != nil, let match = locate(sender.unscoped.key) {
      return entry(at: match.index, payload: match.payload)
    }
    return nil
  }

  @inline(__always)
  func lookup(bytes: UnsafeBufferPointer<UInt8>, country: CountryCode?) -> DirectoryEntry? {
    guard let match = match(bytes, country: country) else { return nil }
    return entry(at: match.index, payload: match.payload)
  }

  /// A found entry: its index and payload.
  struct Match {
    let index: Int
    let payload: UInt64
  }

  /// A sender's entry, without building it.
  @inline(__always)
  func match(_ bytes: UnsafeBufferPointer<UInt8>, country: CountryCode?) -> Match? {
    if let number = SenderParser.internationalNumber(bytes) {
      return locate(SenderKey.phoneKey(number))
    }
    switch SenderParser.parse(bytes, country: country) {
    case .failure:
      return nil
    case .success(.phone(let number)):
      return locate(SenderKey.phoneKey(number))
    case .success(.shortCode(let value, let digits, let scope)):
      if scope != 0, let match = locate(SenderKey.shortCodeKey(value: value, digits: digits, country: scope)) {
        return match
      }
      return locate(SenderKey.shortCodeKey(value: value, digits: digits, country: 0))
    case .success(.text(let text)):
      var hash = SenderKey.fnvOffsetBasis
      SenderParser.forEachNormalizedByte(bytes, text) { hash = SenderKey.fnv1a(hash, $0) }
      let key = SenderKey.textKey(kind: text.kind, hash: hash)
      var index = firstIndex(key)
      while index < count, keys[index] == key {
        if textMatches(index, bytes, text) { return Match(index: index, payload: payloads[index]) }
        index += 1
      }
      return nil
    }
  }

  /// The entry with `key` (the last, if texts' keys collide), with its payload.
  @inline(__always)
  func locate(_ key: UInt64) -> Match? {
    resolve(probe(key))
  }

  /// Where a key can be, found without touching the keys: the line of keys to read, or that
  /// the key is absent, or that the hinted search does not apply.
  enum Probe {
    /// Keys from line `start` (an entry index), and `ties` more lines, can hold `key`.
    case line(key: UInt64, start: Int, ties: Int)
    /// Search the keys without hints (a small or corrupt directory).
    case unhinted(UInt64)
    /// Already resolved (a sender that took the full parser).
    case resolved(Match?)
  }

  /// The first half of ``locate(_:)``: the fence levels down to level 2 pick a group of 64
  /// keys, and its hints pick the line of 8 keys (or, when hints tie, the few adjacent lines)
  /// that can hold the key. The fence and the hints are small and stay in cache; only the key
  /// line that ``resolve(_:)`` reads is a random access to memory, so a batch probes first and
  /// resolves after, letting those accesses overlap (see the batch `lookup(_:receiverCountry:)`).
  @inline(__always)
  func probe(_ key: UInt64) -> Probe {
    let levels = fenceLevels.count
    if levels < 2 { return .unhinted(key) }
    var line = 0
    for level in 0..<(levels - 1) {
      let fence = fenceLevels[level]
      let notAfter = line + SenderDirectory.countNotAfter(fence.elements + line, key)
      if notAfter == 0 { return .resolved(nil) }
      line = min((notAfter - 1) * DirectoryFormat.fanout, fence.lastLineBelow)
    }
    // `line / 8` is the level-2 element g with level2[g] <= key < level2[g + 1].
    let group = line >> 3
    let level2 = fenceLevels[levels - 2].elements
    let low = level2[group]
    let high = group + 1 < level2Padded ? level2[group + 1] : DirectoryFormat.padding
    let hint = DirectoryFormat.quantize(key, lo: low, hi: high)
    guard group < level2Count else { return .unhinted(key) }  // only in a corrupt file
    let (before, ties) = SenderDirectory.compareHints(fenceHints[group], hint)
    guard line + before + ties < keyLines else { return .unhinted(key) }  // likewise
    return .line(key: key, start: (line + before) * DirectoryFormat.fanout, ties: ties)
  }

  /// The second half of ``locate(_:)``: reads the key line, and the same line of payloads at
  /// once, before the keys arrive, so that the two memory accesses overlap. (A payload's
  /// reserved bit must be zero and its action at most 4; a line whose first payload breaks this is corrupt and treated
  /// as absent, a check that also keeps that early read.)
  @inline(__always)
  func resolve(_ probe: Probe) -> Match? {
    switch probe {
    case .resolved(let match):
      return match
    case .unhinted(let key):
      return locateWithoutHints(key)
    case .line(let key, let start, let ties):
      let linePayload = payloads[start]
      var notAfter = start + SenderDirectory.countNotAfter(keys + start, key)
      if ties > 0 {
        for extra in 1...ties {
          notAfter += SenderDirectory.countNotAfter(keys + start + extra * DirectoryFormat.fanout, key)
        }
      }
      if DirectoryFormat.isMalformed(linePayload) { return nil }
      guard notAfter > start, notAfter <= count, keys[notAfter - 1] == key else { return nil }
      let index = notAfter - 1
      return Match(index: index, payload: index == start ? linePayload : payloads[index])
    }
  }

  /// How many of lines 1…7 of a group certainly start before the key (their hint is below the
  /// key's) and how many may (their hint equals it). Line 0 starts at level2[g] <= key.
  @inline(__always)
  static func compareHints(_ word: UInt64, _ hint: UInt8) -> (before: Int, ties: Int) {
    var before = 0
    var ties = 0
    @inline(__always) func compare(_ shift: UInt64) {
      let byte = UInt8(truncatingIfNeeded: word >> shift)
      before &+= byte < hint ? 1 : 0
      ties &+= byte == hint ? 1 : 0
    }
    compare(8)
    compare(16)
    compare(24)
    compare(32)
    compare(40)
    compare(48)
    compare(56)
    return (before, ties)
  }

  /// ``locate(_:)`` for directories of 64 entries or fewer (no level 2, so no hints), and for
  /// hints that a corrupt file makes point outside the keys.
  @inline(never)
  func locateWithoutHints(_ key: UInt64) -> Match? {
    let notAfter = upperBound(key)
    guard notAfter > 0, keys[notAfter - 1] == key else { return nil }
    return Match(index: notAfter - 1, payload: payloads[notAfter - 1])
  }

  /// The index of the first entry with `key`, or where it would be.
  @inline(__always)
  func firstIndex(_ key: UInt64) -> Int {
    var index = upperBound(key)
    while index > 0, keys[index - 1] >= key { index -= 1 }
    return index
  }

  /// The number of keys not after `key`: one cache line per fence level, then one of keys.
  @inline(__always)
  func upperBound(_ key: UInt64) -> Int {
    if count == 0 { return 0 }
    var line = 0
    for level in 0..<fenceLevels.count {
      let fence = fenceLevels[level]
      let notAfter = line + SenderDirectory.countNotAfter(fence.elements + line, key)
      if notAfter == 0 { return 0 }
      line = min((notAfter - 1) * DirectoryFormat.fanout, fence.lastLineBelow)
    }
    return min(line + SenderDirectory.countNotAfter(keys + line, key), count)
  }

  /// How many of the eight elements at `line` are not after `key`, without branches: keys and
  /// the padding (``DirectoryFormat/padding``) are below 2⁶³, so `key − element` wraps to 2⁶³ or
  /// more exactly when the element is after the key.
  @inline(__always)
  static func countNotAfter(_ line: UnsafePointer<UInt64>, _ key: UInt64) -> Int {
    let after =
      (key &- line[0]) >> 63 &+ (key &- line[1]) >> 63 &+ (key &- line[2]) >> 63 &+ (key &- line[3]) >> 63
      &+ (key &- line[4]) >> 63 &+ (key &- line[5]) >> 63 &+ (key &- line[6]) >> 63 &+ (key &- line[7]) >> 63
    return 8 &- Int(truncatingIfNeeded: after)
  }

  /// Whether entry `index`'s stored text is the normalised form of `text` in `bytes`.
  @inline(__always)
  private func textMatches(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ text: TextSender) -> Bool {
    guard let stored = self.text(at: index) else { return false }
    var position = 0
    var equal = true
    SenderParser.forEachNormalizedByte(bytes, text) { byte in
      if position < stored.count, stored[position] == byte {
        position += 1
      } else {
        equal = false
      }
    }
    return equal && position == stored.count
  }
}
