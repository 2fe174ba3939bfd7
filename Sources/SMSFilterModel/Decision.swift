/// The answer for one message: the action and sub-action iOS would act on, and why.
///
/// Every decision has already been through the invalid-combination fallback: an action and a
/// sub-action that do not belong together, or a sub-action outside the declared capabilities,
/// leave the action as it was and the sub-action ``SubAction/none``, and ``droppedSubAction``
/// records what was dropped.
public struct Decision: Sendable, Hashable {
  /// The action.
  public let action: Action
  /// The sub-action, after the fallback.
  public let subAction: SubAction
  /// The id of the rule that decided, or `nil` when no rule matched (the rule set's fallback).
  public let ruleID: String?
  /// The sub-action the rule asked for when the fallback dropped it, else `nil`.
  public let droppedSubAction: SubAction?
  /// Why the sub-action was dropped, when it was.
  public let dropReason: DropReason?
  /// Whether a regex reached its match or depth limit while this message was classified: the
  /// decision was made as if that regex had not matched.
  public let limitExceeded: Bool
  /// Whether the message used up its budget (``MessageBudget``) before every rule that could
  /// decide had been tried: the decision is the best found until then (usually the fallback).
  /// One hostile message cannot stall the stream; it is marked instead.
  public let budgetExhausted: Bool
  /// The sender's label from a sender directory ("HDFC Bank", "Spam Likely"), when a directory
  /// identified the sender.
  public let label: String?

  /// Why the fallback dropped a sub-action.
  public enum DropReason: String, Sendable, Hashable {
    /// The sub-action does not belong to the action (e.g. `junk` + `promotionalOffers`).
    case invalidCombination
    /// The sub-action is valid for the action but not among the declared capabilities.
    case notInCapabilities
  }

  /// Applies the fallback to what a rule asked for.
  ///
  /// ```swift
  /// let d = Decision(action: .transaction, subAction: .promotionalCoupons, ruleID: "X",
  ///                  capabilities: .unrestricted)
  /// d.subAction        // .none
  /// d.droppedSubAction // .promotionalCoupons
  /// ```
  public init(
    action: Action, subAction: SubAction, ruleID: String?, capabilities: Capabilities,
    limitExceeded: Bool = false, budgetExhausted: Bool = false, label: String? = nil
  ) {
    self.label = label
    self.action = action
    self.ruleID = ruleID
    self.limitExceeded = limitExceeded
    self.budgetExhausted = budgetExhausted
    if !subAction.isValid(with: action) {
      self.subAction = .none
      self.droppedSubAction = subAction
      self.dropReason = .invalidCombination
    } else if !capabilities.contains(subAction) {
      self.subAction = .none
      self.droppedSubAction = subAction
      self.dropReason = .notInCapabilities
    } else {
      self.subAction = subAction
      self.droppedSubAction = nil
      self.dropReason = nil
    }
  }

  /// A decision exactly as recorded (decoding), without applying the fallback again.
  init(
    decoded action: Action, subAction: SubAction, ruleID: String?, droppedSubAction: SubAction?,
    dropReason: DropReason?, limitExceeded: Bool, budgetExhausted: Bool, label: String?
  ) {
    self.action = action
    self.subAction = subAction
    self.ruleID = ruleID
    self.droppedSubAction = droppedSubAction
    self.dropReason = dropReason
    self.limitExceeded = limitExceeded
    self.budgetExhausted = budgetExhausted
    self.label = label
  }

  /// Whether the fallback dropped the sub-action.
  public var subActionWasDropped: Bool { droppedSubAction != nil }
}
