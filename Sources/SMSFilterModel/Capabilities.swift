import Foundation

/// The sub-actions a filter declares it may return, as IdentityLookup's
/// `ILMessageFilterCapabilitiesQueryResponse` does: up to five transactional and five
/// promotional sub-actions.
///
/// A sub-action outside the declared capabilities is dropped from a decision (the action stays),
/// exactly as iOS drops one it was not told about.
///
/// ```swift
/// let caps = try Capabilities([.transactionalFinance, .transactionalOrders, .promotionalOffers])
/// caps.contains(.transactionalHealth) // false
/// ```
public struct Capabilities: Sendable, Hashable, CustomStringConvertible {
  /// Apple's documented limit per group.
  public static let defaultLimitPerGroup = 5

  /// The declared transactional sub-actions, in declaration order.
  public let transactional: [SubAction]
  /// The declared promotional sub-actions, in declaration order.
  public let promotional: [SubAction]

  /// No sub-action declared: every decision keeps its action and drops its sub-action.
  public static let empty = Capabilities(unchecked: [], [])

  /// All twelve sub-actions, ignoring the limit: what a rule set may return before capabilities
  /// are applied.
  public static let unrestricted = Capabilities(
    unchecked: SubAction.transactional, SubAction.promotional)

  private init(unchecked transactional: [SubAction], _ promotional: [SubAction]) {
    self.transactional = transactional
    self.promotional = promotional
  }

  /// Validates and creates capabilities from a list of sub-actions in any order.
  ///
  /// - Parameter limitPerGroup: the most sub-actions allowed in each group (default 5).
  /// - Throws: ``CapabilitiesError`` for ``SubAction/none``, a duplicate, or more than
  ///   `limitPerGroup` in a group.
  public init(_ subActions: [SubAction], limitPerGroup: Int = defaultLimitPerGroup)
    throws(CapabilitiesError)
  {
    try self.init(
      transactional: subActions.filter { $0 == .none || $0.isTransactional },
      promotional: subActions.filter(\.isPromotional),
      limitPerGroup: limitPerGroup)
  }

  /// Validates and creates capabilities from the two groups, as the capabilities query response
  /// lists them.
  ///
  /// - Throws: ``CapabilitiesError`` for ``SubAction/none``, a duplicate, a sub-action in the
  ///   wrong group, or more than `limitPerGroup` in a group.
  public init(
    transactional: [SubAction], promotional: [SubAction],
    limitPerGroup: Int = defaultLimitPerGroup
  ) throws(CapabilitiesError) {
    for (group, list, parent) in [
      (CapabilitiesError.Group.transactional, transactional, Action.transaction),
      (.promotional, promotional, .promotion),
    ] {
      var seen = Set<SubAction>()
      for subAction in list {
        if subAction == .none { throw .noneNotAllowed }
        if subAction.parentAction != parent { throw .wrongGroup(subAction, expected: group) }
        if !seen.insert(subAction).inserted { throw .duplicate(subAction) }
      }
      if list.count > limitPerGroup {
        throw .tooMany(group, count: list.count, limit: limitPerGroup)
      }
    }
    self.transactional = transactional
    self.promotional = promotional
  }

  /// Parses a comma-separated list of sub-action names, as `--capabilities` takes it.
  ///
  /// An empty string gives ``empty``.
  /// - Throws: ``CapabilitiesError/unknownName(_:)`` for a name that is not a sub-action, and the
  ///   errors of ``init(_:limitPerGroup:)``.
  public init(parsing list: String, limitPerGroup: Int = defaultLimitPerGroup)
    throws(CapabilitiesError)
  {
    var subActions: [SubAction] = []
    for raw in list.split(separator: ",") {
      let name = raw.trimmingCharacters(in: .whitespaces)
      if name.isEmpty { continue }
      guard let subAction = SubAction(name: name) else { throw .unknownName(name) }
      subActions.append(subAction)
    }
    try self.init(subActions, limitPerGroup: limitPerGroup)
  }

  /// Whether `subAction` is declared. ``SubAction/none`` is always allowed.
  public func contains(_ subAction: SubAction) -> Bool {
    subAction == .none || transactional.contains(subAction) || promotional.contains(subAction)
  }

  /// All declared sub-actions, transactional first.
  public var all: [SubAction] { transactional + promotional }

  /// `transactionalFinance,transactionalOrders,promotionalOffers`.
  public var description: String { all.map(\.name).joined(separator: ",") }
}
