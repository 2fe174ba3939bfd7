import SMSFilterModel

/// The classes the learned model tells apart: the inbox (IdentityLookup's `allow` and `none`,
/// which iOS shows alike), junk, and each sub-action of promotion and transaction. One flat
/// head: an action's probability is the sum of its classes'.
public enum ModelClass: Int, CaseIterable, Sendable, Hashable {
  /// `allow` or `none`: shown normally.
  case inbox
  /// `junk`.
  case junk
  /// `promotion` / `promotionalOthers`.
  case promotionalOthers
  /// `promotion` / `promotionalOffers`.
  case promotionalOffers
  /// `promotion` / `promotionalCoupons`.
  case promotionalCoupons
  /// `transaction` / `transactionalOthers`.
  case transactionalOthers
  /// `transaction` / `transactionalFinance`.
  case transactionalFinance
  /// `transaction` / `transactionalOrders`.
  case transactionalOrders
  /// `transaction` / `transactionalReminders`.
  case transactionalReminders
  /// `transaction` / `transactionalHealth`.
  case transactionalHealth
  /// `transaction` / `transactionalWeather`.
  case transactionalWeather
  /// `transaction` / `transactionalCarrier`.
  case transactionalCarrier
  /// `transaction` / `transactionalRewards`.
  case transactionalRewards
  /// `transaction` / `transactionalPublicServices`.
  case transactionalPublicServices

  /// The lanes a model row holds: the classes, padded to a vector width.
  public static let lanes = 16

  /// The action the class stands for (`allow` for the inbox).
  public var action: Action {
    switch self {
    case .inbox: .allow
    case .junk: .junk
    case .promotionalOthers, .promotionalOffers, .promotionalCoupons: .promotion
    default: .transaction
    }
  }

  /// The sub-action the class stands for (`none` for the inbox and junk).
  public var subAction: SubAction {
    switch self {
    case .inbox, .junk: .none
    case .promotionalOthers: .promotionalOthers
    case .promotionalOffers: .promotionalOffers
    case .promotionalCoupons: .promotionalCoupons
    case .transactionalOthers: .transactionalOthers
    case .transactionalFinance: .transactionalFinance
    case .transactionalOrders: .transactionalOrders
    case .transactionalReminders: .transactionalReminders
    case .transactionalHealth: .transactionalHealth
    case .transactionalWeather: .transactionalWeather
    case .transactionalCarrier: .transactionalCarrier
    case .transactionalRewards: .transactionalRewards
    case .transactionalPublicServices: .transactionalPublicServices
    }
  }

  /// The class of an action and sub-action (a sub-action that does not belong to the action
  /// is ignored, as iOS ignores it).
  public init(action: Action, subAction: SubAction) {
    switch action {
    case .none, .allow: self = .inbox
    case .junk: self = .junk
    case .promotion, .transaction:
      self =
        ModelClass.allCases.first { $0.action == action && $0.subAction == subAction }
        ?? (action == .promotion ? .promotionalOthers : .transactionalOthers)
    }
  }

  /// Every class an accepted action stands for: all the sub-actions of `promotion` or
  /// `transaction` when the label names no sub-action (a coarse corpus label).
  public static func classes(accepting action: Action, subAction: SubAction) -> [ModelClass] {
    switch action {
    case .none, .allow: [.inbox]
    case .junk: [.junk]
    case .promotion, .transaction:
      subAction == .none
        ? allCases.filter { $0.action == action } : [ModelClass(action: action, subAction: subAction)]
    }
  }
}
