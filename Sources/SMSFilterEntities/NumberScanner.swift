/// Finds phone numbers, USSD codes and money amounts in a message body, reading digits of any
/// script (`٠١٢`, `०१२`, full-width `０１２`) as ASCII.
///
/// A body with no digit of any kind costs one pass over its bytes. The decoding buffers are kept
/// between messages; the numbers and amounts found (and the strings they carry) are allocated,
/// which only messages that hold a number and reach a `phone:` or `amount:` condition pay.
public struct NumberScanner: Sendable {
  /// The body's characters, and each one's byte offset in the body (one more at the end).
  var scalars: [Unicode.Scalar] = []
  var offsets: [Int] = []

  /// A scanner with empty buffers.
  public init() {}

  /// The phone numbers and USSD codes in `body` (valid UTF-8), in order; `country` (the
  /// receiver's ISO code) decides which national numbers are premium-rate.
  public mutating func phoneNumbers(in body: UnsafeBufferPointer<UInt8>, country: String? = nil) -> [PhoneNumber] {
    guard load(body) else { return [] }
    var found: [PhoneNumber] = []
    var index = 0
    while index < scalars.count {
      if let (number, end) = ussd(at: index) ?? phone(at: index, country: country) {
        found.append(number)
        index = end
      } else {
        index += 1
      }
    }
    return found
  }

  /// Loads the body's scalars; `false` when it holds no digit (nothing to find).
  mutating func load(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
    guard body.contains(where: { (0x30...0x39).contains($0) || $0 >= 0x80 }) else { return false }
    scalars.removeAll(keepingCapacity: true)
    offsets.removeAll(keepingCapacity: true)
    var iterator = body.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while case .scalarValue(let scalar) = decoder.decode(&iterator) {
      scalars.append(scalar)
      offsets.append(offset)
      offset += UTF8.width(scalar)
    }
    offsets.append(offset)
    return scalars.contains { Self.digit($0) != nil }
  }

  /// The value of a decimal digit of any script (general category Nd), or `nil`.
  public static func digit(_ scalar: Unicode.Scalar) -> UInt8? {
    let value = scalar.value
    if value &- 0x30 < 10 { return UInt8(value &- 0x30) }
    // Cheap exact pre-tests before the property look-up (checked against it over every scalar
    // by the tests): no decimal digit lies between ASCII and U+0660, and from there to U+0900
    // only the Arabic, Extended Arabic-Indic and N'Ko ones; in the blocks of the
    // Indic scripts from Devanagari to Sinhala (U+0900..<U+0E00, 128 code points each) the
    // digits are exactly the ten code points from offset 0x66, and in Thai and Lao (U+0E00..<
    // U+0F00) from offset 0x50; the full-width digits are U+FF10...U+FF19. The wide stretches
    // with no decimal digit that messages use most are answered without the tables: Latin
    // and Greek extensions, punctuation, symbols, kana and CJK (U+1C5A..<U+A620), Hangul
    // syllables and compatibility forms (U+ABFA..<U+FF10), and the emoji planes' pictographs
    // (U+1E95A..<U+1FBF0).
    if value < 0x660 { return nil }
    if value < 0xF00 {
      guard value >= 0x900 else {
        // Arabic, Extended Arabic-Indic and N'Ko digits; nothing else up to Devanagari.
        if value &- 0x660 < 10 { return UInt8(value &- 0x660) }
        if value &- 0x6F0 < 10 { return UInt8(value &- 0x6F0) }
        return value &- 0x7C0 < 10 ? UInt8(value &- 0x7C0) : nil
      }
      let offset = value & 0x7F
      let zero: UInt32 = value < 0xE00 ? 0x66 : 0x50
      return offset &- zero < 10 ? UInt8(offset &- zero) : nil
    }
    if value < 0x1C5A {
      // From Tibetan to Ol Chiki (Myanmar, Georgian, Ethiopic, Khmer, Mongolian, …): the digits
      // are the ten code points from each of these zeros. Messages in these scripts would
      // otherwise look up the properties of nearly every scalar they hold.
      for zero in Self.tibetanToOlChikiZeros where value &- zero < 10 { return UInt8(value &- zero) }
      return nil
    }
    if value &- 0xABFA < 0xFF10 - 0xABFA || value < 0xA620 { return nil }
    if value &- 0xFF10 < 10 { return UInt8(value &- 0xFF10) }
    if value &- 0x1E95A < 0x1FBF0 - 0x1E95A { return nil }
    return digitByProperty(scalar)
  }

  /// The zero of every decimal digit run from U+0F00 to U+1C5A (Tibetan, Myanmar and its
  /// Shan digits, Khmer, Mongolian, Limbu, New Tai Lue, Tai Tham's two, Balinese, Sundanese,
  /// Lepcha, Ol Chiki), checked against the property look-up over every scalar by the tests.
  static let tibetanToOlChikiZeros: [UInt32] = [
    0xF20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50,
  ]

  /// The decimal digit value of a scalar as its Unicode properties give it (numeric type decimal):
  /// what ``digit(_:)`` answers, without its pre-tests.
  package static func digitByProperty(_ scalar: Unicode.Scalar) -> UInt8? {
    if (0x30...0x39).contains(scalar.value) { return UInt8(scalar.value - 0x30) }
    guard scalar.value >= 0x80, scalar.properties.numericType == .decimal,
      let value = scalar.properties.numericValue
    else { return nil }
    return UInt8(value)
  }

  func digit(at index: Int) -> UInt8? { index >= 0 && index < scalars.count ? Self.digit(scalars[index]) : nil }

  func isWordCharacter(at index: Int) -> Bool {
    guard index >= 0, index < scalars.count else { return false }
    return scalars[index].properties.isAlphabetic || digit(at: index) != nil
  }

  /// `*126#`, `*334*1*2#`: a star, digit groups separated by stars, a hash.
  private func ussd(at start: Int) -> (PhoneNumber, Int)? {
    guard scalars[start] == "*", digit(at: start + 1) != nil else { return nil }
    var index = start + 1
    var text = "*"
    while index < scalars.count {
      if let value = digit(at: index) {
        text.append(Character(Unicode.Scalar(value + 0x30)))
      } else if scalars[index] == "*" {
        text.append("*")
      } else {
        break
      }
      index += 1
    }
    guard index < scalars.count, scalars[index] == "#", text.count >= 3, text.count <= 40 else { return nil }
    text.append("#")
    return (PhoneNumber(range: offsets[start]..<offsets[index + 1], digits: text, kind: .ussd), index + 1)
  }

  /// A phone number: an optional `+` or `00`, then 7 to 15 digits in groups separated by
  /// single spaces, hyphens, dots or brackets. Thousands-grouped numbers (`1,500,000`,
  /// `1.500.000`) and numbers inside words are not phone numbers.
  private func phone(at start: Int, country: String?) -> (PhoneNumber, Int)? {
    var index = start
    var international = false
    if scalars[index] == "+" {
      guard digit(at: index + 1) != nil else { return nil }
      international = true
      index += 1
    } else if scalars[index] == "(" {
      guard digit(at: index + 1) != nil else { return nil }
    } else if digit(at: index) == nil {
      return nil
    }
    if isWordCharacter(at: start - 1) || (start > 0 && (scalars[start - 1] == "+" || scalars[start - 1] == "*")) {
      return nil
    }
    var digits = ""
    var groups: [Int] = [0]
    var separators = Set<Unicode.Scalar>()
    var end = index
    while index < scalars.count {
      if let value = digit(at: index) {
        digits.append(Character(Unicode.Scalar(value + 0x30)))
        groups[groups.count - 1] += 1
        index += 1
        end = index
      } else if [" ", "-", ".", "(", ")", "\u{00A0}"].contains(scalars[index]), digits.count < 15 {
        // One separator (or a bracket with a space) between groups.
        var next = index + 1
        if next < scalars.count, scalars[next] == " " || scalars[next] == "(" { next += 1 }
        guard digit(at: next) != nil else { break }
        separators.insert(scalars[index])
        if groups.last != 0 { groups.append(0) }
        index = next
      } else {
        break
      }
      if digits.count > 15 { return nil }
    }
    if isWordCharacter(at: end) || (end < scalars.count && (scalars[end] == "%" || scalars[end] == ",")) {
      return nil
    }
    guard digits.count >= 7 else { return nil }
    // `1.500.000`: groups of three after the first, joined by dots or spaces, are an amount.
    if groups.count >= 3, groups.dropFirst().allSatisfy({ $0 == 3 }), groups[0] <= 3, !international,
      separators.isSubset(of: [".", " ", "\u{00A0}"])
    {
      return nil
    }
    // Dates: `21-11-2026`, `2026.11.21`, `21/11/26`.
    if groups.count == 3, !international,
      (groups[0] <= 2 && groups[1] <= 2 && (groups[2] == 4 || groups[2] == 2))
        || (groups[0] == 4 && groups[1] <= 2 && groups[2] <= 2)
    {
      return nil
    }
    if digits.hasPrefix("00") {
      international = true
      digits.removeFirst(2)
    }
    var kind: PhoneNumber.Kind = international ? .international : .national
    if international
      ? PhoneNumber.isPremium(international: digits[...])
      : PhoneNumber.isPremium(national: digits[...], country: country)
    {
      kind.insert(.premium)
    }
    return (
      PhoneNumber(range: offsets[start]..<offsets[end], digits: (international ? "+" : "") + digits, kind: kind), end
    )
  }
}
