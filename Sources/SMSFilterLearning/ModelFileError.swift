/// A model file that cannot be used, with the file and the reason.
public struct ModelFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public enum Kind: Equatable, Sendable {
    /// The file cannot be opened or read.
    case unreadable
    /// It does not start with the model file's magic bytes.
    case notAModel
    /// A version of the format this build does not read.
    case unsupportedVersion(UInt32)
    /// Shorter than its header says.
    case truncated
    /// Its checksum does not match its bytes: the file is corrupt.
    case checksumMismatch
    /// The header holds values this build cannot use (feature settings, classes).
    case mismatch
  }

  /// What is wrong.
  public let kind: Kind
  /// The file, or a label such as `<built-in>`.
  public let path: String
  /// The reason, for a person.
  public let message: String

  /// An error.
  public init(_ kind: Kind, path: String, message: String) {
    self.kind = kind
    self.path = path
    self.message = message
  }

  /// `path: model file: reason`.
  public var description: String { "\(path): model file: \(message)" }
}
