/// The finer category of a `transaction` or `promotion` decision: the mirror of IdentityLookup's
/// `ILMessageFilterSubAction`, with Apple's case names and raw values.
///
/// Transactional sub-actions are numbered from 10000 and belong to ``Action/transaction``;
/// promotional ones from 20000 and belong to ``Action/promotion``.
public enum SubAction: Int, CaseIterable, Sendable, Hashable, CustomStringConvertible {
  /// No sub-action (raw value 0).
  case none = 0
  /// A transactional message of no more specific kind, such as a one-time password (10000).
  case transactionalOthers = 10000
  /// Bank and card movements, balances, statements (10001).
  case transactionalFinance = 10001
  /// Orders, deliveries, tickets (10002).
  case transactionalOrders = 10002
  /// Appointments, due dates, check-in reminders (10003).
  case transactionalReminders = 10003
  /// Health: results, prescriptions, vaccinations (10004).
  case transactionalHealth = 10004
  /// Weather forecasts and warnings (10005).
  case transactionalWeather = 10005
  /// Messages from the mobile carrier (10006).
  case transactionalCarrier = 10006
  /// Loyalty points, cashback, miles (10007).
  case transactionalRewards = 10007
  /// Messages from public services and government (10008).
  case transactionalPublicServices = 10008
  /// A promotion of no more specific kind (20000).
  case promotionalOthers = 20000
  /// Offers and discounts (20001).
  case promotionalOffers = 20001
  /// Coupons and promo codes (20002).
  case promotionalCoupons = 20002

  /// The action this sub-action belongs to, from its raw range: `transaction` for the 10000s,
  /// `promotion` for the 20000s, `nil` for ``none``.
  public var parentAction: Action? {
    switch rawValue {
    case 10000..<20000: .transaction
    case 20000..<30000: .promotion
    default: nil
    }
  }

  /// Whether this is one of the nine transactional sub-actions.
  public var isTransactional: Bool { parentAction == .transaction }
  /// Whether this is one of the three promotional sub-actions.
  public var isPromotional: Bool { parentAction == .promotion }

  /// The IdentityLookup case name, e.g. `"transactionalFinance"`.
  public var name: String {
    switch self {
    case .none: "none"
    case .transactionalOthers: "transactionalOthers"
    case .transactionalFinance: "transactionalFinance"
    case .transactionalOrders: "transactionalOrders"
    case .transactionalReminders: "transactionalReminders"
    case .transactionalHealth: "transactionalHealth"
    case .transactionalWeather: "transactionalWeather"
    case .transactionalCarrier: "transactionalCarrier"
    case .transactionalRewards: "transactionalRewards"
    case .transactionalPublicServices: "transactionalPublicServices"
    case .promotionalOthers: "promotionalOthers"
    case .promotionalOffers: "promotionalOffers"
    case .promotionalCoupons: "promotionalCoupons"
    }
  }

  /// Looks a sub-action up by its case name.
  public init?(name: String) {
    guard let subAction = SubAction.allCases.first(where: { $0.name == name }) else { return nil }
    self = subAction
  }

  /// The case name.
  public var description: String { name }

  /// The nine transactional sub-actions, in raw-value order.
  public static let transactional = allCases.filter(\.isTransactional)
  /// The three promotional sub-actions, in raw-value order.
  public static let promotional = allCases.filter(\.isPromotional)

  /// Whether `action` and this sub-action may go together, as iOS accepts them: any action with
  /// ``none``; `transaction` with a transactional sub-action; `promotion` with a promotional one.
  public func isValid(with action: Action) -> Bool {
    self == .none || parentAction == action
  }
}
