/// What can stop `smsfilter serve` from starting or a reload from taking effect.
public struct ServerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The kinds of failure.
  public enum Kind: Sendable, Equatable {
    /// The rules, model or directories could not be loaded; the message says why.
    case load
    /// The configuration is unusable (an empty token, a limit below 1).
    case configuration
  }

  /// What failed.
  public let kind: Kind
  /// Why, for a person: the loader's own message (file, line, rule).
  public let message: String

  /// An error of `kind` saying `message`.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
