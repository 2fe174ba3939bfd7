/// What an SMS filter decides for a message: the mirror of IdentityLookup's
/// `ILMessageFilterAction`, with Apple's case names and raw values.
///
/// iOS shows `none` and `allow` messages normally, moves `junk` to the Junk folder, and files
/// `promotion` and `transaction` messages under their own filters.
public enum Action: Int, CaseIterable, Sendable, Hashable, CustomStringConvertible {
  /// No decision: iOS treats the message normally (raw value 0).
  case none = 0
  /// The message is wanted: iOS shows it normally (raw value 1).
  case allow = 1
  /// The message is junk (raw value 2). `filter` is Apple's deprecated alias.
  case junk = 2
  /// The message is a promotion (raw value 3).
  case promotion = 3
  /// The message is a transaction (raw value 4).
  case transaction = 4

  /// Apple's deprecated name for ``junk``, kept for source compatibility with IdentityLookup.
  public static var filter: Action { .junk }

  /// The IdentityLookup case name: `"none"`, `"allow"`, `"junk"`, `"promotion"`, `"transaction"`.
  public var name: String {
    switch self {
    case .none: "none"
    case .allow: "allow"
    case .junk: "junk"
    case .promotion: "promotion"
    case .transaction: "transaction"
    }
  }

  /// Looks an action up by its case name; `"filter"` is accepted as the alias of `junk`.
  public init?(name: String) {
    if name == "filter" {
      self = .junk
      return
    }
    guard let action = Action.allCases.first(where: { $0.name == name }) else { return nil }
    self = action
  }

  /// The case name.
  public var description: String { name }

  /// Whether iOS shows a message with this action in the main inbox (`none` and `allow`).
  public var isShownNormally: Bool { self == .none || self == .allow }
}
