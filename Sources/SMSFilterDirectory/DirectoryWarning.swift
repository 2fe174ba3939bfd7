import SMSFilterModel

/// Something a directory build accepted but a person should know about.
///
/// ```text
/// spam.tsv:20:1: duplicate of spam.tsv:4:1 (+919876543210, same entry): ignored
/// remove.tsv:2:1: +14155550123 is not in the existing directory: nothing to remove
/// ```
public struct DirectoryWarning: Sendable, Hashable, CustomStringConvertible {
  /// What happened.
  public enum Kind: Sendable, Hashable {
    /// The same normalised sender with the same entry as an earlier line (or as the existing
    /// directory); the later one is ignored.
    case duplicate(of: DirectoryEntryOrigin)
    /// A removal of a sender the existing directory does not have.
    case removedSenderAbsent
  }

  /// What happened.
  public let kind: Kind
  /// Where: the later line.
  public let location: SourceLocation
  /// The explanation, for a person.
  public let message: String

  /// Creates a warning.
  public init(_ kind: Kind, at location: SourceLocation, message: String) {
    self.kind = kind
    self.location = location
    self.message = message
  }

  /// `file:line:column: explanation`.
  public var description: String { "\(location): \(message)" }
}
