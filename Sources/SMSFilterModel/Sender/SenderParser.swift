/// The byte-level sender grammar. See ``SenderID`` for the rules it implements.
package enum SenderParser {
  /// The most characters an alphanumeric sender ID may have (3GPP TS 23.040).
  package static let alphanumericLimit = 11

  /// Parses a sender's UTF-8 bytes.
  ///
  /// - Parameter country: the receiver's country, for national numbers and short-code scope.
  package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, country: CountryCode?) -> SenderParseResult {
    switch form(of: bytes) {
    case .empty: return .failure(.empty)
    case .email(let start, let end): return parseEmail(bytes, start, end)
    case .scopedShortCode(let parsed): return .success(parsed)
    case .number(let start, let end, _, _): return parseNumber(bytes, start, end, country)
    case .dlt(let entityStart, let entityEnd):
      return .success(.text(TextSender(kind: .alphanumeric, start: entityStart, end: entityEnd)))
    case .text(let start, let end): return parseAlphanumeric(bytes, start, end)
    }
  }

  /// The lexical form of a sender: which grammar its bytes follow, decided once, before any
  /// normalisation. ``parse(_:country:)`` continues from it, and ``SenderKind`` is read off it,
  /// so a `senderKind` condition and a directory lookup always agree on what a sender is.
  package enum Form {
    /// Nothing but white space.
    case empty
    /// It has an `@` (the bytes between the trimmed ends).
    case email(start: Int, end: Int)
    /// `IN:56161`: a short code in its scoped normalised form.
    case scopedShortCode(ParsedSender)
    /// Digits, with only number punctuation (`+`, spaces, `-`, `.`, parentheses) around them
    /// (`clean`), or after a leading `+` with other characters too (not `clean`).
    case number(start: Int, end: Int, digits: Int, clean: Bool)
    /// An Indian DLT header; the range is its entity.
    case dlt(entityStart: Int, entityEnd: Int)
    /// Anything else: an alphanumeric sender ID to be checked.
    case text(start: Int, end: Int)
  }

  /// The lexical form of a sender's UTF-8 bytes (see ``Form``).
  package static func form(of bytes: UnsafeBufferPointer<UInt8>) -> Form {
    var start = 0
    var end = bytes.count
    while start < end, isSpace(bytes[start]) { start += 1 }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    if start == end { return .empty }

    var digits = 0
    var hasAt = false
    var hasOther = false
    for index in start..<end {
      let byte = bytes[index]
      if byte &- 0x30 < 10 {
        digits += 1
      } else if byte == 0x40 {
        hasAt = true
      } else if !isNumberPunctuation(byte) && byte != 0x2B {
        hasOther = true
      }
    }
    if hasAt { return .email(start: start, end: end) }
    if let scoped = scopedShortCode(bytes, start, end) { return .scopedShortCode(scoped) }
    if digits > 0, !hasOther || bytes[start] == 0x2B {
      return .number(start: start, end: end, digits: digits, clean: !hasOther)
    }
    if let entity = dltEntity(bytes, start, end) { return .dlt(entityStart: entity.start, entityEnd: entity.end) }
    return .text(start: start, end: end)
  }

  // MARK: Numbers

  /// The fast path of the lookup: a number in international form (`+` then digits, with
  /// spaces, dashes and dots), parsed in one pass. `nil` means "use ``parse(_:country:)``",
  /// which gives the same answer for everything this accepts.
  @inline(__always)
  package static func internationalNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
    let count = bytes.count
    guard count >= 8, count <= 16, bytes[0] == 0x2B else {
      return internationalNumberWithPunctuation(bytes)
    }
    // `+` and 7 to 15 digits, eight at a time: the first eight and the last eight (which may
    // overlap), or, for seven digits, the last eight bytes with the `+` read as a `0`.
    //
    // The bytes are gathered into two words in registers, one byte load each: a small
    // string's bytes were just stored to the stack in two 8-byte halves, and a wider load
    // straddling them could not be forwarded from those stores; it would wait for them to
    // retire, and so for every earlier lookup's memory access, serialising lookups.
    var low: UInt64 = 0
    for index in 0..<8 { low |= UInt64(bytes[index]) << UInt64(index &* 8) }
    var high: UInt64 = 0
    for index in 8..<count { high |= UInt64(bytes[index]) << UInt64((index &- 8) &* 8) }
    let digits = count &- 1
    let shift = UInt64((count &- 8) &* 8)  // where the last eight bytes start, in bits
    var last = shift == 0 ? low : (shift == 64 ? high : low >> shift | high << (64 &- shift))
    if digits == 7 { last = last & ~0xFF | 0x30 }
    let first = low >> 8 | high << 56
    guard allDigits(last), digits <= 8 || allDigits(first) else { return internationalNumberWithPunctuation(bytes) }
    guard bytes[1] != 0x30 else { return nil }  // no country code starts with 0
    if digits <= 8 { return eightDigits(last) }
    let tail = pow10(digits &- 8)
    return eightDigits(first) &* tail &+ eightDigits(last) % tail
  }

  /// Whether all eight bytes of a little-endian word are ASCII digits.
  @inline(__always)
  package static func allDigits(_ word: UInt64) -> Bool {
    (word & 0xF0F0_F0F0_F0F0_F0F0) | ((word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4
      == 0x3333_3333_3333_3333
  }

  /// The number eight ASCII digits stand for, the first in the lowest byte.
  @inline(__always)
  package static func eightDigits(_ word: UInt64) -> UInt64 {
    var value = word & 0x0F0F_0F0F_0F0F_0F0F
    value = (value &* 2561) >> 8
    value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
    return ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
  }

  /// ``internationalNumber(_:)`` for numbers written with spaces, dashes or dots.
  @inline(never)
  package static func internationalNumberWithPunctuation(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
    guard bytes.count > 7, bytes[0] == 0x2B else { return nil }
    var value: UInt64 = 0
    var count = 0
    for index in 1..<bytes.count {
      let byte = bytes[index]
      let digit = byte &- 0x30
      if digit < 10 {
        value = value &* 10 &+ UInt64(digit)
        count &+= 1
      } else if byte != 0x20 && byte != 0x2D && byte != 0x2E {
        return nil
      }
    }
    guard count >= 7, count <= 15, value >= pow10(count - 1) else { return nil }
    return value
  }

  /// Phone numbers and short codes: digits, an optional leading `+`, and spaces, dashes, dots and
  /// parentheses, which are ignored (`+44 (0)20 …`'s `(0)` is dropped).
  package static func parseNumber(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ country: CountryCode?
  ) -> SenderParseResult {
    var value: UInt64 = 0
    var count = 0
    var index = start
    let international = bytes[start] == 0x2B
    if international { index += 1 }
    while index < end {
      let byte = bytes[index]
      let digit = byte &- 0x30
      if digit < 10 {
        if count < 19 { value = value &* 10 &+ UInt64(digit) }
        count += 1
      } else if byte == 0x2B {
        return .failure(.misplacedPlus)
      } else if byte == 0x28, international, count > 0, index + 2 < end, bytes[index + 1] == 0x30,
        bytes[index + 2] == 0x29
      {
        index += 3
        continue
      } else if !isNumberPunctuation(byte) {
        return .failure(.invalidCharacter(character(bytes, index, end)))
      }
      index += 1
    }
    if count > 19 { return .failure(.tooLong(digits: count)) }
    if international { return e164(value, count) }
    if count < 3 { return .failure(.tooShort(digits: count)) }
    if count <= 7 { return .success(.shortCode(value: value, digits: count, country: country?.keyBits ?? 0)) }

    // Eight digits or more without '+': an international prefix, or a national number.
    let dialing = country?.dialing
    if let prefix = dialing?.internationalPrefix, count > prefix.digits,
      value / pow10(count - prefix.digits) == prefix.value
    {
      return e164(value % pow10(count - prefix.digits), count - prefix.digits)
    }
    if value < pow10(count - 2) {  // starts with "00"
      return e164(value, count - 2)
    }
    guard let country else { return .failure(.nationalNumberWithoutCountry) }
    guard let dialing else { return .failure(.unsupportedCountry(country.description)) }
    let lengths = dialing.nationalLengths
    let leadingDigit = UInt8(truncatingIfNeeded: value / pow10(count - 1))
    var national = value
    var nationalCount = count
    if let trunk = dialing.trunkPrefix, leadingDigit == trunk, lengths.contains(count - 1) {
      national = value % pow10(count - 1)
      nationalCount = count - 1
    } else if lengths.contains(count), leadingDigit != 0 || dialing.trunkPrefix == nil {
      // Already the national significant number.
    } else if leadingDigit != 0, count > dialing.callingCodeDigits,
      value / pow10(count - dialing.callingCodeDigits) == dialing.callingCode,
      lengths.contains(count - dialing.callingCodeDigits)
    {
      return e164(value, count)  // the country code written without '+'
    } else {
      return .failure(.invalidNationalNumber(country: country.description, digits: count))
    }
    let total = dialing.callingCodeDigits + nationalCount
    if total > 15 { return .failure(.tooLong(digits: total)) }
    return .success(.phone(dialing.callingCode &* pow10(nationalCount) &+ national))
  }

  /// An international number of `count` digits (country code first).
  @inline(__always)
  package static func e164(_ value: UInt64, _ count: Int) -> SenderParseResult {
    if count < 7 { return .failure(.internationalTooShort(digits: count)) }
    if count > 15 { return .failure(.tooLong(digits: count)) }
    if value < pow10(count - 1) { return .failure(.countryCodeStartsWithZero) }
    return .success(.phone(value))
  }

  /// 10 to the power `exponent` (0…19).
  @inline(__always)
  package static func pow10(_ exponent: Int) -> UInt64 {
    switch exponent {
    case ...0: 1
    case 1: 10
    case 2: 100
    case 3: 1000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    case 8: 100_000_000
    case 9: 1_000_000_000
    case 10: 10_000_000_000
    case 11: 100_000_000_000
    case 12: 1_000_000_000_000
    case 13: 10_000_000_000_000
    case 14: 100_000_000_000_000
    case 15: 1_000_000_000_000_000
    case 16: 10_000_000_000_000_000
    case 17: 100_000_000_000_000_000
    case 18: 1_000_000_000_000_000_000
    default: 10_000_000_000_000_000_000
    }
  }

  /// `IN:56161`: a short code in its scoped normalised form, two letters, a colon and 3…7 digits.
  package static func scopedShortCode(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> ParsedSender? {
    let digits = end - start - 3
    guard (3...7).contains(digits), bytes[start + 2] == 0x3A,
      let country = CountryCode(bytes: UnsafeBufferPointer(rebasing: bytes[start..<(start + 2)]))
    else { return nil }
    var value: UInt64 = 0
    for index in (start + 3)..<end {
      let digit = bytes[index] &- 0x30
      guard digit < 10 else { return nil }
      value = value * 10 + UInt64(digit)
    }
    return .shortCode(value: value, digits: digits, country: country.keyBits)
  }

  // MARK: Text senders

  /// `XY-ENTITY` or `XY-ENTITY-S`: two letters, a dash, 3…9 letters or digits, and an optional
  /// dash and letter. Returns the entity's range.
  package static func dltEntity(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (
    start: Int, end: Int
  )? {
    let length = end - start
    guard length >= 6, isLetter(bytes[start]), isLetter(bytes[start + 1]), bytes[start + 2] == 0x2D else {
      return nil
    }
    var entityEnd = start + 3
    while entityEnd < end, isLetter(bytes[entityEnd]) || bytes[entityEnd] &- 0x30 < 10 { entityEnd += 1 }
    let entityLength = entityEnd - start - 3
    guard (3...9).contains(entityLength) else { return nil }
    if entityEnd == end { return (start + 3, entityEnd) }
    guard entityEnd + 2 == end, bytes[entityEnd] == 0x2D, isLetter(bytes[entityEnd + 1]) else { return nil }
    return (start + 3, entityEnd)
  }

  /// Letters, digits, spaces and `- . _ & '`, with at least one letter and at most 11
  /// characters once runs of spaces are collapsed.
  package static func parseAlphanumeric(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> SenderParseResult
  {
    var hasLetter = false
    for index in start..<end {
      let byte = bytes[index]
      if isLetter(byte) {
        hasLetter = true
      } else if byte &- 0x30 < 10 || byte == 0x20 || byte == 0x2D || byte == 0x2E || byte == 0x5F
        || byte == 0x26 || byte == 0x27
      {
        continue
      } else {
        return .failure(.invalidCharacter(character(bytes, index, end)))
      }
    }
    if !hasLetter { return .failure(.alphanumericWithoutLetter) }
    let text = TextSender(kind: .alphanumeric, start: start, end: end)
    var length = 0
    forEachNormalizedByte(bytes, text) { _ in length += 1 }
    if length > alphanumericLimit { return .failure(.alphanumericTooLong(characters: length)) }
    return .success(.text(text))
  }

  /// `local@domain.tld`: one `@`, a non-empty local part, a domain with an inner dot, no white
  /// space, control characters or `<>()[],;:\"`.
  package static func parseEmail(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> SenderParseResult {
    var at = -1
    for index in start..<end {
      let byte = bytes[index]
      if byte == 0x40 {
        if at >= 0 { return .failure(.invalidEmail) }
        at = index
      } else if byte <= 0x20 || byte == 0x7F {
        return .failure(.invalidEmail)
      } else {
        switch byte {
        case 0x3C, 0x3E, 0x28, 0x29, 0x5B, 0x5D, 0x2C, 0x3B, 0x3A, 0x5C, 0x22:
          return .failure(.invalidCharacter(character(bytes, index, end)))
        default: continue
        }
      }
    }
    guard at > start, at + 1 < end else { return .failure(.invalidEmail) }
    guard bytes[at + 1] != 0x2E, bytes[end - 1] != 0x2E else { return .failure(.invalidEmail) }
    var dot = false
    for index in (at + 1)..<end where bytes[index] == 0x2E { dot = true }
    guard dot else { return .failure(.invalidEmail) }
    return .success(.text(TextSender(kind: .email, start: start, end: end)))
  }

  /// Calls `body` with each byte of a text sender's normalised form: alphanumerics upper-cased
  /// with runs of spaces collapsed to one, e-mail addresses lower-cased (ASCII only).
  @inline(__always)
  package static func forEachNormalizedByte(
    _ bytes: UnsafeBufferPointer<UInt8>, _ text: TextSender, _ body: (UInt8) -> Void
  ) {
    if text.kind == .email {
      for index in text.start..<text.end {
        let byte = bytes[index]
        body(byte &- 0x41 < 26 ? byte | 0x20 : byte)
      }
    } else {
      var previousSpace = false
      for index in text.start..<text.end {
        let byte = bytes[index]
        if byte == 0x20 {
          if previousSpace { continue }
          previousSpace = true
          body(byte)
        } else {
          previousSpace = false
          body(byte &- 0x61 < 26 ? byte & 0xDF : byte)
        }
      }
    }
  }

  // MARK: Bytes

  @inline(__always)
  package static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  @inline(__always)
  package static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- 0x61 < 26
  }

  /// Space, `-`, `.`, `(` and `)`: ignored in numbers.
  @inline(__always)
  package static func isNumberPunctuation(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x2D || byte == 0x2E || byte == 0x28 || byte == 0x29
  }

  /// The character starting at `index`, for error messages.
  package static func character(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ end: Int) -> String {
    let slice = UnsafeBufferPointer(rebasing: bytes[index..<min(end, index + 4)])
    let decoded = String(decoding: slice, as: UTF8.self)
    return decoded.first.map(String.init) ?? "?"
  }
}
