import CPCRE2

/// An error from PCRE2, with PCRE2's own message.
///
/// Compile errors carry the offset in the pattern (in bytes of its UTF-8 encoding) where PCRE2
/// stopped; match errors carry no offset.
public struct PatternError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Equatable, Sendable {
    /// The pattern does not compile; `offset` says where.
    case compile
    /// The pattern compiled, but PCRE2's JIT compiler refused it.
    case jit
    /// A match failed for a reason other than "no match" (other than a limit, which is reported
    /// through ``MatchOutcome/limitExceeded``).
    case match
  }

  /// What went wrong.
  public let kind: Kind
  /// PCRE2's error code (negative for match errors, positive for compile errors).
  public let code: Int32
  /// PCRE2's message for `code`.
  public let message: String
  /// For compile errors, the byte offset in the pattern where the error was detected.
  public let offset: Int?

  /// Creates an error from a PCRE2 error code, looking up PCRE2's message for it.
  public init(kind: Kind, code: Int32, offset: Int? = nil) {
    self.kind = kind
    self.code = code
    self.offset = offset
    self.message = PatternError.message(for: code)
  }

  /// PCRE2's message for an error code.
  static func message(for code: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 256)
    let length = buffer.withUnsafeMutableBufferPointer {
      pcre2_get_error_message_8(code, $0.baseAddress, $0.count)
    }
    guard length > 0 else { return "PCRE2 error \(code)" }
    return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
  }

  /// `"missing closing parenthesis at offset 14"`, or the message alone when there is no offset.
  public var description: String {
    if let offset { return "\(message) at offset \(offset)" }
    return message
  }
}
