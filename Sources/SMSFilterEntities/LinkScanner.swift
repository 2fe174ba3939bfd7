/// Finds the links in a message body, as a reader would see them and however they were written:
/// with or without a scheme, `www.` or a bare domain, obfuscated (`hxxp`, `[.]`, `(dot)`,
/// spaces around dots or after the scheme, full-width letters and dots), internationalised or in
/// punycode, an IP address, a port, user information hiding the real host.
///
/// A body with no dot of any kind (`.`, `。`, `．`, `｡`) and no bracketed `dot` cannot hold a
/// link and costs one pass over its bytes. The scanner keeps its buffers between messages, so
/// one per thread allocates nothing once warm.
///
/// Bare domains need care in prose: `shop.it` closes one sentence and opens the next. A bare
/// name (no scheme, no `www.`, no path or port) counts only when its last label is a public
/// suffix written all in one case, and an IP address only with a scheme, path or port.
public struct LinkScanner: Sendable {
  /// The body's characters, folded (full-width forms to ASCII, ASCII letters lower-case, the
  /// ideographic and full-width full stops to `.`), and each one's byte offset in the body.
  /// The buffers only grow: the characters of the message being scanned are the first
  /// ``length`` of each (``offsets`` holds one more), the rest is left from longer messages.
  var scalars: [UInt32] = []
  var offsets: [Int32] = []
  /// How many characters the message being scanned has.
  var length = 0
  /// Each character's ``HostCharacterTable`` flags (host character, spaceless script).
  var classes: [UInt8] = []
  /// The flags of the characters met so far, remembered across messages.
  var characterTable = HostCharacterTable()
  /// The host names of recent runs of labels, by how they were written (`nil`: not a host).
  var resolvedHosts: [String: ResolvedHost?] = [:]

  /// A scanner with empty buffers.
  public init() {}

  /// The links in `body` (valid UTF-8), in order.
  public mutating func links(in body: UnsafeBufferPointer<UInt8>) -> [Link] {
    var found: [Link] = []
    scan(body, into: &found)
    return found
  }

  /// Appends the links in `body` (valid UTF-8) to `links`, in order.
  public mutating func scan(_ body: UnsafeBufferPointer<UInt8>, into links: inout [Link]) {
    guard Self.mayHoldLink(body) else { return }
    fold(body)
    var index = 0
    let count = length
    while index < count {
      guard isHostCharacter(at: index), index == 0 || startsRun(at: index) else {
        index += 1
        continue
      }
      guard let host = hostRun(from: index) else {
        // No host starts inside the same word either (``startsRun(at:)`` is false there).
        index = max(firstLabelEnd(from: index), index + 1)
        continue
      }
      if let link = link(for: host, body: body) { links.append(link) }
      index = max(host.end, index + 1)
    }
  }

  /// Whether the bytes can hold a link: a dot between a host character and an ASCII letter
  /// (`a.com`, where a sentence's `end. Next` and a decimal `2.50` cannot), a scheme's `://`, a dot with a space on each side (`a . b`), a bracketed dot
  /// (`[.]`, `(.)`, `{.}`), the word `dot` (`(dot)`), or an ideographic or full-width dot
  /// between ASCII or full-width letters.
  /// Most messages fail this one pass over their bytes and are never scanned.
  static func mayHoldLink(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = body.baseAddress else { return false }
    // Read once: a global read inside the loop costs a lazy-initialisation check every byte.
    let stops = prescanStops
    return stops.withUnsafeBufferPointer { stops in mayHoldLink(body, base: base, stops: stops) }
  }

  /// ``mayHoldLink(_:)``'s loop, with the prescan's table in hand.
  private static func mayHoldLink(
    _ body: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>, stops: UnsafeBufferPointer<Bool>
  ) -> Bool {
    @inline(__always) func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
      (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20)
    }
    @inline(__always) func isHostByte(_ byte: UInt8) -> Bool {
      byte >= 0x80 || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20) || byte == 0x2D
    }
    var index = 0
    let count = body.count
    while index < count {
      // Skip, one table look-up a byte, to the next byte a link's shape can start at.
      while index < count && !stops[Int(base[index])] { index &+= 1 }
      guard index < count else { return false }
      switch body[index] {
      case UInt8(ascii: "."):
        if index > 0, index + 1 < count {
          let before = body[index - 1]
          let after = body[index + 1]
          // A top-level domain is written in ASCII (internationalised ones, `.рф`, are rare in
          // SMS and would need a scheme or `www.` before them to be scanned here).
          // (a bare IP address counts only after a scheme, found by its `://`).
          if isHostByte(before) && (0x61...0x7A).contains(after | 0x20) { return true }
          if before == 0x20 && after == 0x20 { return true }
          if (before == 0x5B || before == 0x28 || before == 0x7B) && (after == 0x5D || after == 0x29 || after == 0x7D) {
            return true
          }
        }
      case 0xE3 where index + 2 < count && body[index + 1] == 0x80 && body[index + 2] == 0x82,  // 。
        0xEF where index + 2 < count && body[index + 1] == 0xBC && body[index + 2] == 0x8E,  // ．
        0xEF where index + 2 < count && body[index + 1] == 0xBD && body[index + 2] == 0xA1:  // ｡
        // Between ASCII letters or digits (`example。com`), or full-width ones (`ｅｘ．ｃｏｍ`,
        // whose letters start with 0xEF too); in running CJK text it ends a sentence.
        let before = index > 0 ? body[index - 1] : 0
        let after = index + 3 < count ? body[index + 3] : 0
        if (isASCIIAlphanumeric(before) || (0x80...0xBF).contains(before))
          && (isASCIIAlphanumeric(after) || after == 0xEF)
        {
          if before >= 0x80 && index >= 3 && body[index - 3] != 0xEF { break }
          return true
        }
      case UInt8(ascii: ":"):
        if index + 2 < count, body[index + 1] == 0x2F || body[index + 1] == 0x20,
          body[index + 2] == 0x2F || body[index + 2] == 0x20
        {
          return true
        }
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
        // `(dot)`, `[dot]`, `{dot}`.
        if index + 4 < count, body[index + 1] | 0x20 == UInt8(ascii: "d"), body[index + 2] | 0x20 == UInt8(ascii: "o"),
          body[index + 3] | 0x20 == UInt8(ascii: "t")
        {
          return true
        }
      default: break
      }
      index += 1
    }
    return false
  }

  /// The bytes the prescan stops at: `.`, `:`, the opening brackets, and the lead bytes of the
  /// ideographic and full-width dots.
  static let prescanStops: [Bool] = (0..<256).map { [0x2E, 0x3A, 0x28, 0x5B, 0x7B, 0xE3, 0xEF].contains($0) }

  // MARK: Folding

  private mutating func fold(_ body: UnsafeBufferPointer<UInt8>) {
    // Grown (never shrunk) to the most characters the body can hold (one a byte) and written
    // through pointers: no per-character append, and no zero-filling for each message.
    let capacity = body.count
    Self.grow(&scalars, to: capacity)
    Self.grow(&classes, to: capacity)
    Self.grow(&offsets, to: capacity &+ 1)
    // Moved out and back (not copied), so that remembering a character does not copy its storage.
    var table = HostCharacterTable()
    swap(&table, &characterTable)
    let found = scalars.withUnsafeMutableBufferPointer { scalars in
      classes.withUnsafeMutableBufferPointer { classes in
        offsets.withUnsafeMutableBufferPointer { offsets in
          Self.fold(body, table: &table, scalars: scalars, classes: classes, offsets: offsets)
        }
      }
    }
    swap(&table, &characterTable)
    length = found
  }

  /// Makes `array` at least `count` long (new elements are zero); a longer one is left as it is.
  private static func grow<Element: FixedWidthInteger>(_ array: inout [Element], to count: Int) {
    if array.count < count { array.append(contentsOf: repeatElement(0, count: count &- array.count)) }
  }

  /// ``fold(_:)``'s loop: decodes, folds and classifies each character of `body` into the
  /// buffers (each at least `body.count` long, `offsets` one more), and returns how many.
  private static func fold(
    _ body: UnsafeBufferPointer<UInt8>, table: inout HostCharacterTable, scalars: UnsafeMutableBufferPointer<UInt32>,
    classes: UnsafeMutableBufferPointer<UInt8>, offsets: UnsafeMutableBufferPointer<Int32>
  ) -> Int {
    var index = 0
    var found = 0
    let count = body.count
    while index < count {
      let lead = body[index]
      var value = UInt32(lead)
      var length = 1
      if lead >= 0xF0, index + 3 < count {
        value =
          (UInt32(lead & 0x07) << 18) | (UInt32(body[index + 1] & 0x3F) << 12)
          | (UInt32(body[index + 2] & 0x3F) << 6) | UInt32(body[index + 3] & 0x3F)
        length = 4
      } else if lead >= 0xE0, index + 2 < count {
        value = (UInt32(lead & 0x0F) << 12) | (UInt32(body[index + 1] & 0x3F) << 6) | UInt32(body[index + 2] & 0x3F)
        length = 3
      } else if lead >= 0xC0, index + 1 < count {
        value = (UInt32(lead & 0x1F) << 6) | UInt32(body[index + 1] & 0x3F)
        length = 2
      }
      let folded = folded(value)
      scalars[found] = folded
      classes[found] = table.flags(of: folded)
      offsets[found] = Int32(index)
      found &+= 1
      index += length
    }
    offsets[found] = Int32(count)
    return found
  }

  /// Full-width ASCII forms to ASCII, the other full stops to `.`, ASCII upper case to lower.
  static func folded(_ value: UInt32) -> UInt32 {
    switch value {
    case 0x41...0x5A: value | 0x20
    case 0xFF21...0xFF3A: value - 0xFEE0 + 0x20
    case 0xFF01...0xFF5E: value - 0xFEE0
    case 0x3002, 0xFF61: 0x2E
    default: value
    }
  }

  // MARK: Hosts

  /// A run of labels joined by dots, as the scanner read it.
  struct HostRun {
    var labels: [Range<Int>] = []
    var end = 0
    var obfuscated = false
  }

  /// Whether the character at `index` (of the folded message) may be part of a host name.
  @inline(__always)
  func isHostCharacter(at index: Int) -> Bool {
    index < length && classes[index] & HostCharacterTable.host != 0
  }

  /// Whether the character at `index` belongs to a script written without spaces.
  @inline(__always)
  func isSpaceless(at index: Int) -> Bool {
    classes[index] & HostCharacterTable.spaceless != 0
  }

  /// Whether a character may be part of a host name: an ASCII letter, digit, `-` or `_`, or a
  /// letter, number or mark of any script. (The scanner reads the answers through its
  /// ``HostCharacterTable``.)
  static func isHostCharacter(_ value: UInt32) -> Bool {
    switch value {
    case 0x30...0x39, 0x61...0x7A, 0x2D, 0x5F: return true
    case 0..<0x80: return false
    default:
      guard let scalar = Unicode.Scalar(value) else { return false }
      let properties = scalar.properties
      return properties.isAlphabetic || properties.numericType != nil
        || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
    }
  }

  /// Scripts written without spaces between words: a host cannot run into them.
  static func isSpacelessScript(_ value: UInt32) -> Bool {
    switch value {
    case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x3040...0x30FF, 0x3400...0x9FFF, 0xAC00...0xD7AF,
      0xF900...0xFAFF, 0x20000...0x3FFFF:
      true
    default: false
    }
  }

  /// Whether a host may start here: the character before is not part of the same word.
  private func startsRun(at index: Int) -> Bool {
    guard isHostCharacter(at: index - 1) else { return true }
    return isSpaceless(at: index - 1) != isSpaceless(at: index)
  }

  /// The length of a label separator at `index` (`.`, `[.]`, `(.)`, `{.}`, `[dot]`, `(dot)`,
  /// `{dot}`, ` . `) and whether it is obfuscated, or `nil`.
  private func separator(at index: Int) -> (length: Int, obfuscated: Bool)? {
    guard index < length else { return nil }
    let value = scalars[index]
    if value == 0x2E { return (1, false) }
    if value == 0x20, matches(" . ", at: index) { return (3, true) }
    guard value == 0x5B || value == 0x28 || value == 0x7B else { return nil }
    let close: UInt32 = value == 0x5B ? 0x5D : value == 0x28 ? 0x29 : 0x7D
    if index + 2 < length, scalars[index + 1] == 0x2E, scalars[index + 2] == close { return (3, true) }
    if index + 4 < length, matches("dot", at: index + 1), scalars[index + 4] == close { return (5, true) }
    return nil
  }

  private func matches(_ ascii: StaticString, at index: Int) -> Bool {
    let count = ascii.utf8CodeUnitCount
    guard index + count <= length else { return false }
    for offset in 0..<count where scalars[index + offset] != UInt32(ascii.utf8Start[offset]) { return false }
    return true
  }

  /// Where the label starting at `start` ends: the first character that is not a host
  /// character of the same kind of script (spaceless or not) as the one at `start`.
  private func firstLabelEnd(from start: Int) -> Int {
    var end = start
    guard end < length else { return end }
    let spaceless = isSpaceless(at: start)
    while isHostCharacter(at: end), isSpaceless(at: end) == spaceless { end += 1 }
    return end
  }

  /// The labels starting at `start`: at least two, each a run of host characters in one kind
  /// of script, joined by separators.
  private func hostRun(from start: Int) -> HostRun? {
    let spaceless = isSpaceless(at: start)
    // Most runs are one word with no separator after it: refused before any allocation.
    let firstEnd = firstLabelEnd(from: start)
    guard firstEnd > start, let (length, _) = separator(at: firstEnd), isHostCharacter(at: firstEnd + length),
      isSpaceless(at: firstEnd + length) == spaceless
    else { return nil }
    var run = HostRun()
    var index = start
    while true {
      let labelStart = index
      while isHostCharacter(at: index), isSpaceless(at: index) == spaceless {
        index += 1
      }
      guard index > labelStart else { break }
      run.labels.append(labelStart..<index)
      guard let (length, obfuscated) = separator(at: index), isHostCharacter(at: index + length),
        isSpaceless(at: index + length) == spaceless
      else { break }
      run.obfuscated = run.obfuscated || obfuscated
      index += length
    }
    run.end = index
    return run.labels.count >= 2 ? run : nil
  }
}
