import SMSFilterLearning

/// One entry of a `model:` condition: a probability the learned model must reach for an action
/// (the sum of its classes) or a sub-action (its class).
///
/// ```yaml
/// when:
///   model: {junk: 0.9}                  # P(junk) ≥ 0.9
/// ```
public struct ModelThreshold: Sendable, Hashable {
  /// What the probability is of.
  public enum Target: Sendable, Hashable {
    /// An action: `junk`, `promotion`, `transaction`, or `allow` (the inbox: allow or none).
    case action(Action)
    /// A sub-action of promotion or transaction.
    case subAction(SubAction)
    /// Kept out of the inbox: junk or promotion (`filtered`).
    case filtered
  }

  /// What the probability is of.
  public let target: Target
  /// The least probability, in (0, 1].
  public let minimum: Float

  /// A threshold.
  public init(target: Target, minimum: Float) {
    self.target = target
    self.minimum = minimum
  }

  /// The classes whose probabilities add up to the target's.
  public var classes: [ModelClass] {
    switch target {
    case .action(let action):
      ModelClass.allCases.filter { $0.action == (action == .none ? .allow : action) }
    case .subAction(let subAction): ModelClass.allCases.filter { $0.subAction == subAction && subAction != .none }
    case .filtered: ModelClass.allCases.filter { $0.action == .junk || $0.action == .promotion }
    }
  }

  /// The target's name, as written in a rule file.
  public var targetName: String {
    switch target {
    case .action(let action): action.name
    case .subAction(let subAction): subAction.name
    case .filtered: "filtered"
    }
  }
}
