import SMSFilter

/// The one reader of JSON Lines message records in the package (`classify`, `serve`, corpora,
/// benchmarks, tests): strict, allocation-light, one line at a time. A record is a top-level
/// object whose fields `sender`, `body` (or `messageBody`), `receiverISOCountryCode` (or
/// `country`) and `id` are read; with `readingLabels`, also a labeled corpus's `action`,
/// `subAction` and `lang`, and the first key it does not know. Other fields are checked for
/// syntax and skipped.
///
/// Nesting deeper than ``maximumDepth`` is refused rather than recursed into, so hostile input
/// cannot exhaust the stack.
///
/// ```swift
/// if case .success(let record) = MessageRecordReader.parse(Array(#"{"sender":"VM-HDFCBK","body":"hi"}"#.utf8)) {
///   record.body  // "hi"
/// }
/// ```
public struct MessageRecordReader {
  /// The deepest nesting accepted inside a record.
  public static let maximumDepth = 64

  let bytes: UnsafeBufferPointer<UInt8>
  private let readingLabels: Bool
  var index = 0
  /// Whether a body without escapes is left in place (``MessageRecord/bodyRange``).
  var bodyInPlace = false
  /// Whether a top-level `messages` array is read (a `serve` request), into ``messages``.
  var acceptsMessages = false
  /// The records of a `messages` array, once one was read.
  var messages: [MessageRecord]?
  /// The most records a `messages` array may hold.
  var maximumMessages = Int.max

  init(_ bytes: UnsafeBufferPointer<UInt8>, readingLabels: Bool) {
    self.bytes = bytes
    self.readingLabels = readingLabels
  }

  /// Parses one line.
  ///
  /// - Parameters:
  ///   - line: the line's bytes, without its newline.
  ///   - readingLabels: also read a labeled corpus's fields and note an unknown key.
  public static func parse(_ line: [UInt8], readingLabels: Bool = false) -> Result<MessageRecord, MessageRecordError> {
    line.withUnsafeBufferPointer { parse($0, readingLabels: readingLabels) }
  }

  /// Parses one line in place (valid while `line` is); see ``parse(_:readingLabels:)-([UInt8],_)``.
  ///
  /// - Parameters:
  ///   - line: the line's bytes, without its newline.
  ///   - readingLabels: also read a labeled corpus's fields and note an unknown key.
  public static func parse(
    _ line: UnsafeBufferPointer<UInt8>, readingLabels: Bool = false
  ) -> Result<MessageRecord, MessageRecordError> {
    parse(with: MessageRecordReader(line, readingLabels: readingLabels))
  }

  /// Runs `parser` over its one line.
  static func parse(with parser: MessageRecordReader) -> Result<MessageRecord, MessageRecordError> {
    var parser = parser
    do {
      return .success(try parser.parseRecord())
    } catch let error as MessageRecordError {
      return .failure(error)
    } catch {
      return .failure(MessageRecordError(message: "\(error)", offset: 0))
    }
  }

  mutating func parseRecord() throws -> MessageRecord {
    skipSpace()
    let record = try parseObject()
    skipSpace()
    guard index == bytes.count else { throw fail("unexpected text after the object") }
    return record
  }

  /// Parses one record object, from its `{` to its `}`.
  mutating func parseObject() throws -> MessageRecord {
    guard peek() == UInt8(ascii: "{") else { throw fail("expected a JSON object") }
    index += 1
    var record = MessageRecord()
    skipSpace()
    if peek() == UInt8(ascii: "}") {
      index += 1
    } else {
      repeat {
        let field = try memberName()
        skipSpace()
        let valueStart = index
        switch field {
        case .sender:
          record.sender = try parseOptionalString(field: "sender")
        case .body:
          // A later `body` replaces an earlier one, in place or not.
          record.bodyRange = nil
          if bodyInPlace, peek() == UInt8(ascii: "\""), let plain = try plainString() {
            record.body = nil
            record.bodyRange = (valueStart + 1)..<(valueStart + 1 + plain.count)
          } else {
            record.body = try parseOptionalString(field: "body")
          }
        case .country:
          record.country = try parseOptionalString(field: "receiverISOCountryCode")
        case .id:
          try skipValue(depth: 1)
          record.rawID = Array(bytes[valueStart..<index])
        case .action where readingLabels:
          record.action = try parseOptionalString(field: "action")
        case .subAction where readingLabels:
          record.subAction = try parseOptionalString(field: "subAction")
        case .lang where readingLabels:
          record.language = try parseOptionalString(field: "lang")
        case .descriptive, .action, .subAction, .lang:
          try skipValue(depth: 1)
        case .other(let name) where acceptsMessages && bytes[name].elementsEqual("messages".utf8):
          try parseMessages()
        case .other(let name):
          if readingLabels && record.unknownKey == nil {
            record.unknownKey = String(decoding: bytes[name], as: UTF8.self)
          }
          try skipValue(depth: 1)
        }
      } while try !endOfItem(closing: UInt8(ascii: "}"))
    }
    return record
  }

  /// The fields of a record: those `classify` reads, a labeled corpus's, the descriptive ones
  /// a corpus may carry, and any other (its name's byte range in the line, or an empty range
  /// for an escaped name).
  private enum Field {
    case sender, body, country, id, action, subAction, lang, descriptive
    case other(Range<Int>)

    /// The field a member name (its UTF-8 bytes, unescaped) stands for.
    init(_ name: some Collection<UInt8>, at range: Range<Int>) {
      switch name.count {
      case 2 where Self.name(name, is: "id"): self = .id
      case 4 where Self.name(name, is: "body"): self = .body
      case 4 where Self.name(name, is: "lang"): self = .lang
      case 4 where Self.name(name, is: "note"): self = .descriptive
      case 6 where Self.name(name, is: "sender"): self = .sender
      case 6 where Self.name(name, is: "action"): self = .action
      case 6 where Self.name(name, is: "market"): self = .descriptive
      case 7 where Self.name(name, is: "country"): self = .country
      case 9 where Self.name(name, is: "subAction"): self = .subAction
      case 11 where Self.name(name, is: "messageBody"): self = .body
      case 22 where Self.name(name, is: "receiverISOCountryCode"): self = .country
      default: self = .other(range)
      }
    }

    /// Whether `name` is `literal`'s bytes, compared in place (not through a `String`'s view).
    private static func name(_ name: some Collection<UInt8>, is literal: StaticString) -> Bool {
      name.count == literal.utf8CodeUnitCount
        && name.enumerated().allSatisfy { $0.element == literal.utf8Start[$0.offset] }
    }
  }

  /// Reads a member's name and the `:` after it. A name without escapes (every name in
  /// practice) is matched in place, without building a `String`.
  private mutating func memberName() throws -> Field {
    skipSpace()
    guard peek() == UInt8(ascii: "\"") else { throw fail("expected a field name") }
    let field: Field
    let start = index + 1
    if let name = try plainString() {
      field = Field(name, at: start..<(start + name.count))
    } else {
      let name = try parseString()  // an escaped name
      field = Field(name.utf8, at: start..<(index - 1))
    }
    skipSpace()
    guard peek() == UInt8(ascii: ":") else { throw fail("expected ':'") }
    index += 1
    return field
  }

  /// A string (at its opening quote) without escapes: skipped, its bytes returned in place, and
  /// checked to be UTF-8 unless the caller validates them itself (`validating: false`). `nil`,
  /// with nothing consumed, when it has an escape (or no end): the caller then takes the general
  /// path, ``parseString()``.
  private mutating func plainString(validating: Bool = true) throws -> UnsafeBufferPointer<UInt8>? {
    var end = Self.endOfPlainRun(in: bytes, from: index + 1)
    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
      end += 1
    }
    guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
    let content = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
    guard !validating || UTF8Validation.isValid(content) else {
      throw MessageRecordError(message: "invalid UTF-8 in a string", offset: index + 1)
    }
    index = end + 1
    return content
  }

  /// After a member or an element: consumes a `,` (more follow: `false`) or `close` (`true`).
  mutating func endOfItem(closing close: UInt8) throws -> Bool {
    skipSpace()
    if peek() == UInt8(ascii: ",") {
      index += 1
      return false
    }
    guard peek() == close else { throw fail("expected ',' or '\(Character(Unicode.Scalar(close)))'") }
    index += 1
    return true
  }

  func fail(_ message: String) -> MessageRecordError {
    MessageRecordError(message: index >= bytes.count ? "\(message) (the line ends early)" : message, offset: index)
  }

  func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func parseOptionalString(field: String) throws -> String? {
    if peek() == UInt8(ascii: "n") {
      try expectWord("null")
      return nil
    }
    guard peek() == UInt8(ascii: "\"") else { throw fail("field '\(field)' must be a string") }
    return try parseString()
  }

  private mutating func expectWord(_ word: StaticString) throws {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw fail("invalid literal") }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      throw fail("invalid literal")
    }
    index += count
  }

  /// Parses a string starting at the opening quote, decoding escapes; the input must be UTF-8.
  private mutating func parseString() throws -> String {
    // Without escapes: one pass, which validates while it builds the string.
    if let plain = try plainString(validating: false) {
      guard let text = String(validating: plain, as: UTF8.self) else {
        throw MessageRecordError(message: "invalid UTF-8 in a string", offset: index - plain.count - 1)
      }
      return text
    }
    index += 1
    let start = index
    var output: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        guard let text = String(validating: output, as: UTF8.self) else {
          throw MessageRecordError(message: "invalid UTF-8 in a string", offset: start)
        }
        return text
      }
      if byte < 0x20 { throw fail("control character in a string") }
      if byte != UInt8(ascii: "\\") {
        output.append(byte)
        index += 1
        continue
      }
      index += 1
      guard let escape = peek() else { break }
      index += 1
      switch escape {
      case UInt8(ascii: "\""): output.append(0x22)
      case UInt8(ascii: "\\"): output.append(0x5C)
      case UInt8(ascii: "/"): output.append(0x2F)
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try parseHex4()
        if (0xD800...0xDBFF).contains(scalar) {
          // A surrogate pair; a lone surrogate becomes U+FFFD.
          if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
            let escapeStart = index
            index += 2
            let low = try parseHex4()
            if (0xDC00...0xDFFF).contains(low) {
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else {
              // Not a low surrogate: the high one is lone, and the escape after it is read on
              // its own (`\ud800\u0077` is U+FFFD then `w`).
              index = escapeStart
              scalar = 0xFFFD
            }
          } else {
            scalar = 0xFFFD
          }
        } else if (0xDC00...0xDFFF).contains(scalar) {
          scalar = 0xFFFD
        }
        output.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
      default:
        throw fail("invalid escape in a string")
      }
    }
    throw fail("unterminated string")
  }

  private mutating func parseHex4() throws -> UInt32 {
    guard index + 4 <= bytes.count else { throw fail("invalid \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw fail("invalid \\u escape")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  /// Skips any JSON value, checking its syntax, refusing nesting deeper than the maximum.
  mutating func skipValue(depth: Int) throws {
    guard depth <= MessageRecordReader.maximumDepth else {
      throw fail("nesting deeper than \(MessageRecordReader.maximumDepth) levels")
    }
    skipSpace()
    guard let byte = peek() else { throw fail("expected a value") }
    switch byte {
    case UInt8(ascii: "\""):
      if try plainString() == nil { _ = try parseString() }
    case UInt8(ascii: "{"):
      index += 1
      skipSpace()
      if peek() == UInt8(ascii: "}") {
        index += 1
        return
      }
      repeat {
        _ = try memberName()
        try skipValue(depth: depth + 1)
      } while try !endOfItem(closing: UInt8(ascii: "}"))
    case UInt8(ascii: "["):
      index += 1
      skipSpace()
      if peek() == UInt8(ascii: "]") {
        index += 1
        return
      }
      repeat {
        try skipValue(depth: depth + 1)
      } while try !endOfItem(closing: UInt8(ascii: "]"))
    case UInt8(ascii: "t"): try expectWord("true")
    case UInt8(ascii: "f"): try expectWord("false")
    case UInt8(ascii: "n"): try expectWord("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try skipNumber()
    default:
      throw fail("unexpected character")
    }
  }

  private mutating func skipNumber() throws {
    if peek() == UInt8(ascii: "-") { index += 1 }
    func digits(_ parser: inout MessageRecordReader) -> Int {
      var count = 0
      while let byte = parser.peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        parser.index += 1
        count += 1
      }
      return count
    }
    let integerStart = index
    let integerDigits = digits(&self)
    guard integerDigits > 0 else { throw fail("invalid number") }
    // JSON allows no leading zero (`01` is not a number; `0`, `0.5` and `-0` are).
    guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
      throw fail("invalid number: a leading zero")
    }
    if peek() == UInt8(ascii: ".") {
      index += 1
      guard digits(&self) > 0 else { throw fail("invalid number") }
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      index += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
      guard digits(&self) > 0 else { throw fail("invalid number") }
    }
  }
}
