// From a run of labels to a link: the scheme and user information before it, the port and path
// after it, and whether the whole is a link at all.
extension LinkScanner {
  /// Scheme words a link may start with, obfuscated ones included.
  static let schemes: [String: Bool] = ["http": false, "https": false, "hxxp": true, "hxxps": true, "ftp": false]

  /// The link a run of labels belongs to, or `nil` when it is not one (an e-mail address, a
  /// number, an abbreviation, a file name).
  mutating func link(for run: HostRun, body: UnsafeBufferPointer<UInt8>) -> Link? {
    // An e-mail address or the user part of one: not a link, unless a scheme makes it user
    // information (handled when the host after the `@` is read).
    if run.end < length, scalars[run.end] == 0x40 { return nil }
    let labels = run.labels.map { string(in: $0) }
    var start = run.labels[0].lowerBound
    var hasScheme = false
    var obfuscated = run.obfuscated
    var hasUserInfo = false
    if start > 0, scalars[start - 1] == 0x40 {
      // `scheme://user@host`: the user part may itself look like a domain.
      guard let (schemeStart, schemeObfuscated) = schemeBefore(userInfoStart(before: start - 1)) else { return nil }
      start = schemeStart
      hasScheme = true
      hasUserInfo = true
      obfuscated = obfuscated || schemeObfuscated
    } else if let (schemeStart, schemeObfuscated) = schemeBefore(start) {
      start = schemeStart
      hasScheme = true
      obfuscated = obfuscated || schemeObfuscated
    }
    var end = run.end
    var port: Int?
    if end + 1 < length, scalars[end] == 0x3A, (0x30...0x39).contains(scalars[end + 1]) {
      var value = 0
      var index = end + 1
      while index < length, (0x30...0x39).contains(scalars[index]), value < 100_000 {
        value = value * 10 + Int(scalars[index] - 0x30)
        index += 1
      }
      if value <= 65535, index == length || !isHostCharacter(at: index) {
        port = value
        end = index
      }
    }
    var hasPath = false
    if end < length, [0x2F, 0x3F, 0x23].contains(scalars[end]) {
      hasPath = true
      while end < length, !Self.isSpace(scalars[end]) { end += 1 }
      while end > run.end, Self.isTrailingPunctuation(scalars[end - 1]) { end -= 1 }
    }
    let isIP = labels.count == 4 && labels.allSatisfy(Self.isIPv4Octet)
    let explicit = hasScheme || hasPath || port != nil
    if isIP {
      guard explicit else { return nil }
      let host = labels.joined(separator: ".")
      return Link(
        range: Int(offsets[start])..<Int(offsets[end]), host: host, unicodeHost: host, registrableDomain: host,
        publicSuffix: "", hasScheme: hasScheme, isObfuscated: obfuscated, isIPAddress: true, port: port,
        hasUserInfo: hasUserInfo)
    }
    guard labels.allSatisfy(Self.isValidLabel) else { return nil }
    guard let host = resolvedHost(written: labels.joined(separator: ".")) else { return nil }
    if !explicit, labels[0] != "www" {
      // A bare name in prose: its last label must be written in one case (`ok.So` is two
      // sentences) and must not be digits.
      guard Self.isOneCase(bodyBytes: body, from: offsets[run.labels.last!.lowerBound], to: offsets[run.end]) else {
        return nil
      }
    }
    return Link(
      range: Int(offsets[start])..<Int(offsets[end]), host: host.ascii, unicodeHost: host.unicode,
      registrableDomain: host.registrableDomain, publicSuffix: host.suffix,
      hasScheme: hasScheme, isObfuscated: obfuscated, isIPAddress: false, port: port, hasUserInfo: hasUserInfo)
  }

  /// What the host names of a run of labels joined by dots (`written`) are, or `nil` when it
  /// has no ASCII form or does not end in a public suffix; remembered for the last
  /// ``ResolvedHost/remembered`` distinct names, since a sender repeats its own.
  mutating func resolvedHost(written: String) -> ResolvedHost? {
    if let known = resolvedHosts[written] { return known }
    let resolved = Self.resolve(written: written)
    if resolvedHosts.count >= ResolvedHost.remembered { resolvedHosts.removeAll(keepingCapacity: true) }
    resolvedHosts[written] = resolved
    return resolved
  }

  /// ``resolvedHost(written:)`` without the memory: IDNA, then libpsl.
  static func resolve(written: String) -> ResolvedHost? {
    let ascii: String
    if written.utf8.allSatisfy({ $0 < 0x80 }) {
      ascii = written
    } else {
      guard let converted = HostNames.asciiForm(of: written) else { return nil }
      ascii = converted
    }
    guard let suffix = HostNames.publicSuffix(ofASCII: ascii), suffix != ascii,
      let last = Self.lastLabel(of: ascii), HostNames.isPublicSuffix(ascii: last)
    else { return nil }
    let unicode = Self.hasPunycodeLabel(ascii) ? (HostNames.unicodeForm(of: ascii) ?? ascii) : written
    return ResolvedHost(
      ascii: ascii, unicode: unicode, suffix: suffix,
      registrableDomain: Self.registrableDomain(of: ascii, suffix: suffix))
  }

  /// The last non-empty dot-separated label of `host` (what `split(separator: ".").last` gives),
  /// read from its UTF-8 bytes.
  static func lastLabel(of host: String) -> String? {
    let utf8 = host.utf8
    var end = utf8.endIndex
    while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: ".") { end = utf8.index(before: end) }
    guard end > utf8.startIndex else { return nil }
    var start = end
    while start > utf8.startIndex, utf8[utf8.index(before: start)] != UInt8(ascii: ".") {
      start = utf8.index(before: start)
    }
    return String(host[start..<end])
  }

  /// Whether a label of `host` starts with `xn--` (a punycode label), found in its UTF-8 bytes
  /// in place. On an ASCII host the bytes are the characters; ``Link/isInternationalized``
  /// confirms a match in any other host as characters.
  static func hasPunycodeLabel(_ host: String) -> Bool {
    func search(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      guard bytes.count >= 4 else { return false }
      for start in 0...(bytes.count - 4)
      where (start == 0 || bytes[start - 1] == 0x2E) && bytes[start] == 0x78 && bytes[start + 1] == 0x6E
        && bytes[start + 2] == 0x2D && bytes[start + 3] == 0x2D
      {
        return true
      }
      return false
    }
    return host.utf8.withContiguousStorageIfAvailable(search) ?? Array(host.utf8).withUnsafeBufferPointer(search)
  }

  /// The registrable domain: the public suffix and the label before it (what libpsl's
  /// `psl_registrable_domain` answers, without asking it again).
  static func registrableDomain(of host: String, suffix: String) -> String {
    let rest = host.utf8.dropLast(suffix.utf8.count + 1)
    guard let dot = rest.lastIndex(of: UInt8(ascii: ".")) else { return host }
    return String(host[host.utf8.index(after: dot)...])
  }

  /// Where a scheme ending just before `hostStart` begins (`http://`, `hxxps://`, with at most
  /// one space around `://`), and whether it was obfuscated.
  private func schemeBefore(_ hostStart: Int) -> (Int, Bool)? {
    var index = hostStart
    var spaced = false
    if index > 0, scalars[index - 1] == 0x20 {
      index -= 1
      spaced = true
    }
    guard index >= 3, scalars[index - 1] == 0x2F, scalars[index - 2] == 0x2F else { return nil }
    index -= 2
    if index > 0, scalars[index - 1] == 0x20 {
      index -= 1
      spaced = true
    }
    guard index >= 1, scalars[index - 1] == 0x3A else { return nil }
    index -= 1
    var wordStart = index
    while wordStart > 0, (0x61...0x7A).contains(scalars[wordStart - 1]), index - wordStart < 6 { wordStart -= 1 }
    guard let obfuscated = Self.schemes[string(in: wordStart..<index)] else { return nil }
    return (wordStart, obfuscated || spaced)
  }

  /// Where the user information ending at the `@` at `at` starts: after `://`, or after space.
  private func userInfoStart(before at: Int) -> Int {
    var index = at
    while index > 0, !Self.isSpace(scalars[index - 1]) {
      if index >= 3, scalars[index - 1] == 0x2F, scalars[index - 2] == 0x2F, scalars[index - 3] == 0x3A {
        return index
      }
      index -= 1
    }
    return index
  }

  /// The characters in `range` as a string (a value that is not a scalar left out), encoded
  /// straight into the string's storage where the platform can (appending scalars one by one to
  /// a string's scalar view cost as much as the rest of reading a link).
  func string(in range: Range<Int>) -> String {
    if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
      return scalars.withUnsafeBufferPointer { scalars in
        String(unsafeUninitializedCapacity: range.count * 4) { utf8 in
          var count = 0
          for index in range {
            guard let scalar = Unicode.Scalar(scalars[index]) else { continue }
            UTF8.encode(scalar) { unit in
              utf8[count] = unit
              count &+= 1
            }
          }
          return count
        }
      }
    }
    var text = ""
    text.unicodeScalars.reserveCapacity(range.count)
    for index in range { if let scalar = Unicode.Scalar(scalars[index]) { text.unicodeScalars.append(scalar) } }
    return text
  }

  static func isSpace(_ value: UInt32) -> Bool {
    value <= 0x20 || value == 0x85 || value == 0xA0 || value == 0x3000 || (0x2000...0x200B).contains(value)
      || value == 0x2028 || value == 0x2029
  }

  static func isTrailingPunctuation(_ value: UInt32) -> Bool {
    [0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F, 0x29, 0x5D, 0x7D, 0x27, 0x22, 0xBB, 0x201D, 0x2019, 0x3E].contains(value)
  }

  static func isIPv4Octet(_ label: String) -> Bool {
    guard !label.isEmpty, label.count <= 3, label.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      label == "0" || !label.hasPrefix("0"), let value = Int(label)
    else { return false }
    return value <= 255
  }

  static func isValidLabel(_ label: String) -> Bool {
    !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
  }

  /// Whether the ASCII letters of the original bytes in the range are all lower or all upper
  /// case, with at least one letter.
  static func isOneCase(bodyBytes body: UnsafeBufferPointer<UInt8>, from start: Int32, to end: Int32) -> Bool {
    var lower = false
    var upper = false
    var letters = 0
    for index in Int(start)..<Int(end) {
      let byte = body[index]
      if (0x61...0x7A).contains(byte) { lower = true }
      if (0x41...0x5A).contains(byte) { upper = true }
      if byte >= 0x80 || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { letters += 1 }
    }
    return letters > 0 && !(lower && upper)
  }
}
