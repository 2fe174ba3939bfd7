import SMSFilter

/// A message with the decision a person labeled it with.
public struct LabeledMessage: Sendable, Hashable {
  /// The message.
  public var query: MessageQuery
  /// The labeled action(s): more than one when a coarse label accepts several (`ham` →
  /// `allow|none`).
  public var acceptedActions: [Action]
  /// The labeled sub-action (``SubAction/none`` when not given).
  public var subAction: SubAction
  /// Where the message was read: file and line.
  public var source: String
  /// The message's language (`lang` in JSON Lines), when the corpus gives it.
  public var language: String?

  /// Creates a labeled message.
  public init(
    query: MessageQuery, acceptedActions: [Action], subAction: SubAction = .none, source: String = "",
    language: String? = nil
  ) {
    self.query = query
    self.language = language
    self.acceptedActions = acceptedActions
    self.subAction = subAction
    self.source = source
  }
}
