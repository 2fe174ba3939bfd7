import Foundation

/// Why a capabilities declaration was refused.
public enum CapabilitiesError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A sub-action group, as the capabilities query response has them.
  public enum Group: String, Sendable {
    /// The transactional sub-actions.
    case transactional
    /// The promotional sub-actions.
    case promotional
  }

  /// More sub-actions in a group than the limit allows.
  case tooMany(Group, count: Int, limit: Int)
  /// The same sub-action twice.
  case duplicate(SubAction)
  /// `none` is not a capability.
  case noneNotAllowed
  /// A sub-action listed under the other group.
  case wrongGroup(SubAction, expected: Group)
  /// A name that is not a sub-action.
  case unknownName(String)

  /// A one-line explanation a person can act on.
  public var description: String {
    switch self {
    case .tooMany(let group, let count, let limit):
      "\(count) \(group.rawValue) sub-actions declared, but the limit is \(limit) per group"
    case .duplicate(let subAction):
      "sub-action \(subAction.name) is declared twice"
    case .noneNotAllowed:
      "'none' is not a capability: declare only transactional and promotional sub-actions"
    case .wrongGroup(let subAction, let expected):
      "\(subAction.name) is not a \(expected.rawValue) sub-action"
    case .unknownName(let name):
      "unknown sub-action '\(name)'; expected one of: "
        + (SubAction.transactional + SubAction.promotional).map(\.name).joined(separator: ", ")
    }
  }
}
