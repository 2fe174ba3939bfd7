import SMSFilterModel

/// Why a directory file could not be opened or written.
///
/// The description reads `path: reason`:
///
/// ```text
/// senders.smsdir: checksum mismatch (stored 0x1f2e…, computed 0x93a0…): the file is corrupt
/// ```
public struct DirectoryFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public enum Kind: Equatable, Sendable {
    /// The file could not be opened, read or mapped; the system's reason is in the message.
    case unreadable
    /// The file could not be written or renamed into place.
    case unwritable
    /// The file does not start with the directory magic number: not a directory file.
    case notADirectory
    /// A directory file of a format version this library does not read.
    case unsupportedVersion(found: UInt32, supported: UInt32)
    /// The stored checksum does not match the file's bytes.
    case checksumMismatch(stored: UInt64, computed: UInt64)
    /// The header or a section is inconsistent (truncated file, bad offsets or counts).
    case corrupt
    /// The directory would exceed a limit of the format (4 GiB of labels or sender texts).
    case tooLarge
  }

  /// What is wrong.
  public let kind: Kind
  /// The file.
  public let path: String
  /// The reason, for a person.
  public let message: String

  /// Creates an error.
  public init(_ kind: Kind, path: String, message: String) {
    self.kind = kind
    self.path = path
    self.message = message
  }

  /// `path: reason`.
  public var description: String { "\(path): \(message)" }
}
