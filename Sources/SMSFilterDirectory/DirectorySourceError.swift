import SMSFilterModel

/// Why a line of a directory source was refused. A build with any such error writes nothing.
///
/// The description reads `file:line:column: reason`:
///
/// ```text
/// spam.tsv:12:1: '+0123456789': an international number's country code cannot start with 0
/// spam.tsv:14:15: unknown action 'block'; expected none, allow, junk, promotion or transaction
/// more.tsv:3:1: +919876543210 conflicts with spam.tsv:7:1: junk here, allow 'Acme' there
/// ```
public struct DirectorySourceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public enum Kind: Equatable, Sendable {
    /// The source file could not be read.
    case unreadable
    /// A label that is not valid UTF-8.
    case invalidUTF8
    /// A line with a sender but no action field.
    case missingAction
    /// A sender that does not normalise.
    case malformedSender(SenderIDError.Kind)
    /// An action name that is not one of IdentityLookup's.
    case unknownAction(String)
    /// A sub-action name that is not one of IdentityLookup's.
    case unknownSubAction(String)
    /// A sub-action that does not belong to the action (`junk/promotionalOffers`).
    case subActionNotValid(action: Action, subAction: SubAction)
    /// A label longer than ``DirectoryBuilder/labelLimit`` bytes.
    case labelTooLong(bytes: Int)
    /// A label with a TAB in it (it would break `lookup`'s columns).
    case labelHasTab
    /// A source line longer than ``DirectoryBuilder/maxLineBytes`` bytes (or a source that is
    /// no text file at all, like `/dev/zero`).
    case lineTooLong
    /// The same normalised sender with a different action, sub-action or label elsewhere.
    case conflict(with: DirectoryEntryOrigin)
    /// The directory would exceed a limit of the format (4 GiB of labels or sender texts).
    case tooLarge
  }

  /// What is wrong.
  public let kind: Kind
  /// Where: file, line and the column (in bytes, from 1) of the offending field.
  public let location: SourceLocation
  /// The reason, for a person.
  public let message: String

  /// Creates an error.
  public init(_ kind: Kind, at location: SourceLocation, message: String) {
    self.kind = kind
    self.location = location
    self.message = message
  }

  /// `file:line:column: reason`.
  public var description: String { "\(location): \(message)" }
}
