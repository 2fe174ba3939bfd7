/// What matching one message found: the winning rule, and whether a limit cut the search short.
struct MatchOutcome {
  /// The winning rule's decision-order index, or `nil` when no rule holds.
  let rule: Int?
  /// A regex reached its match or depth limit (it counted as no match).
  let limitExceeded: Bool
  /// The message's budget ran out before every rule that could decide was tried.
  let budgetExhausted: Bool
}
