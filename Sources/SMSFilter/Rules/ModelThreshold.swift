import SMSFilterLearning

/// One entry of a `model:` condition: a probability the learned model must reach for an action
/// (the sum of its classes) or a sub-action (its class), or that the target be the model's most
/// likely answer at its level (`top`), or both.
///
/// ```yaml
/// when:
///   model: {junk: 0.9}                          # P(junk) ≥ 0.9
///   model: {transaction: top}                   # no action more likely than transaction
///   model: {transactionalFinance: top}          # the most likely kind of transaction
///   model: {transactionalOrders: {top: true, atLeast: 0.2}}   # both
/// ```
///
/// Levels: an action (`allow`, `junk`, `promotion`, `transaction`) is top when no other action's
/// probability is higher; `filtered` when junk and promotion together are at least the inbox and
/// at least transaction; a sub-action when no other sub-action of its own action is more likely,
/// whatever the action's own rank: `{transactionalFinance: top}` picks the kind a transaction
/// would be, and composes with `{transaction: top}` or `{transaction: 0.3}` under `all:` to say
/// whether it is a transaction at all. Ties count as top for each tied target (the rule order
/// then decides).
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
  /// The least probability, in [0, 1]; 0 only with ``mostLikely``.
  public let minimum: Float
  /// Whether the target must also be the most likely at its level (`top`).
  public let mostLikely: Bool

  /// A threshold, and whether the target must be the most likely at its level.
  public init(target: Target, minimum: Float, mostLikely: Bool = false) {
    self.target = target
    self.minimum = minimum
    self.mostLikely = mostLikely
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

  /// The targets at the same level, each as its classes, that must not be more likely than this
  /// one for ``mostLikely`` to hold: the other actions (for `filtered`, the inbox and
  /// transaction), or the other sub-actions of the same action.
  public var rivals: [[ModelClass]] {
    switch target {
    case .action(let action):
      let own = action == .none ? Action.allow : action
      return [Action.allow, .junk, .promotion, .transaction].filter { $0 != own }.map { rival in
        ModelClass.allCases.filter { $0.action == rival }
      }
    case .filtered:
      return [Action.allow, .transaction].map { rival in ModelClass.allCases.filter { $0.action == rival } }
    case .subAction(let subAction):
      return ModelClass.allCases.filter { $0.action == subAction.parentAction && $0.subAction != subAction }.map {
        [$0]
      }
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

  /// The test as `--explain` shows it: `junk >= 0.9`, `transactionalFinance top`,
  /// `transactionalOrders top >= 0.2`.
  public var testDescription: String {
    guard mostLikely else { return "\(targetName) >= \(minimum)" }
    return minimum > 0 ? "\(targetName) top >= \(minimum)" : "\(targetName) top"
  }
}
