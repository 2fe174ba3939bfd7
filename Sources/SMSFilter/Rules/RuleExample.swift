/// An example message attached to a rule, with where it was written.
public struct RuleExample: Sendable, Hashable {
  /// The example message.
  public let query: MessageQuery
  /// Where the example was written.
  public let location: SourceLocation

  /// Creates an example.
  public init(query: MessageQuery, location: SourceLocation = .unknown) {
    self.query = query
    self.location = location
  }
}
