/// Why a Call Directory stream could not be read or applied.
public struct CallDirectoryStreamError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Equatable, Sendable {
    /// The file cannot be opened or read.
    case unreadable
    /// The file does not start with the stream's magic number.
    case notAStream
    /// A version this library does not read.
    case unsupportedVersion(UInt32)
    /// The bytes break the format: a bad header or section, a number out of order or out of
    /// range, a bad label, a truncated stream or bytes after its end.
    case malformed
    /// The FNV-1a 64 trailer does not match the bytes.
    case checksumMismatch
    /// A diff does not fit the export it is applied to (it removes a number the export does
    /// not have, or adds one it has).
    case diffDoesNotApply
  }

  /// What went wrong.
  public let kind: Kind
  /// A sentence saying what and where (the byte offset, the number).
  public let message: String

  /// Creates an error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
