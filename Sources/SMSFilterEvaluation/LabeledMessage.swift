import SMSFilter

/// A message with the decision a person labeled it with.
public struct LabeledMessage: Sendable, Hashable {
  /// The message.
  public var query: MessageQuery
  /// The labeled action(s): more than one when a coarse label accepts several (`ham` →
  /// `allow|none`).
  public var acceptedActions: [Action]
  /// The labeled sub-action (`SubAction.none` when not given).
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

extension LabeledMessage {
  /// Whether the user wants this message in the inbox: none of its accepted actions filters it
  /// (`ham=allow|none|transaction` is wanted).
  public var isWanted: Bool { !acceptedActions.contains(where: \.isFiltered) }
  /// Whether `action` is right for this label: one of its accepted actions, or shown normally
  /// (`none`, `allow`) where the label accepts one that is (iOS shows both alike).
  public func accepts(_ action: Action) -> Bool {
    acceptedActions.contains(action) || (action.isShownNormally && acceptedActions.contains(where: \.isShownNormally))
  }

  /// Whether the user wants it filtered: every accepted action filters it.
  public var isUnwanted: Bool { !acceptedActions.isEmpty && acceptedActions.allSatisfy(\.isFiltered) }
}

extension Action {
  /// Whether iOS keeps a message with this action out of the main inbox (`junk`, `promotion`).
  public var isFiltered: Bool { self == .junk || self == .promotion }
}
