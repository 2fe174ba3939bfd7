import SMSFilterLearning

/// A condition on a message, as written in a rule file, before compilation.
///
/// Leaves test the body (keywords, regex, look-alike letters) or the sender; compositions
/// combine them as SpamAssassin meta rules do.
public indirect enum Condition: Sendable, Hashable {
  /// Any of the keywords occurs in the normalised body (on word boundaries unless
  /// `wordBoundary` is false).
  case anyKeyword([String], wordBoundary: Bool)
  /// Every one of the keywords occurs in the normalised body.
  case allKeywords([String], wordBoundary: Bool)
  /// The PCRE2 regex matches the normalised body (case-insensitive, Unicode-aware).
  case regex(String)
  /// The sender is one of these, compared case-insensitively.
  case senderIs([String])
  /// The sender starts with one of these prefixes, case-insensitively.
  case senderPrefix([String])
  /// The PCRE2 regex matches the sender (case-insensitive).
  case senderRegex(String)
  /// The sender is of one of these kinds.
  case senderKind([SenderKind])
  /// The receiver's country is one of these ISO codes.
  case country([String])
  /// Some word mixes Latin letters with Cyrillic or Greek look-alikes (or not, when `false`).
  case mixedScript(Bool)
  /// The learned model gives one of these targets at least its probability.
  case model([ModelThreshold])
  /// Links in the body pass these tests (``LinkCondition``).
  case link(LinkCondition)
  /// A phone number (or USSD code) of these kinds is in the body.
  case phone(PhoneCondition)
  /// A money amount in these currencies (and at least this value) is in the body.
  case amount(AmountCondition)
  /// Every condition holds.
  case all([Condition])
  /// At least one condition holds.
  case any([Condition])
  /// No condition holds.
  case none([Condition])
  /// At least `count` of the conditions hold.
  case atLeast(Int, [Condition])
  /// The named guard holds.
  case guardRef(String)
}

extension Condition {
  /// Whether a regex (on the body or the sender) occurs anywhere in the condition.
  public var containsRegex: Bool {
    switch self {
    case .regex, .senderRegex: true
    case .all(let list), .any(let list), .none(let list), .atLeast(_, let list): list.contains(where: \.containsRegex)
    case .anyKeyword, .allKeywords, .senderIs, .senderPrefix, .senderKind, .country, .mixedScript, .model, .guardRef,
      .link, .phone, .amount:
      false
    }
  }
}

extension Condition {
  /// The condition with every `model:` condition taken as never holding: the rules alone.
  public var withoutModel: Condition {
    switch self {
    case .model: .any([])
    case .all(let list): .all(list.map(\.withoutModel))
    case .any(let list): .any(list.map(\.withoutModel))
    case .none(let list): .none(list.map(\.withoutModel))
    case .atLeast(let count, let list): .atLeast(count, list.map(\.withoutModel))
    case .anyKeyword, .allKeywords, .regex, .senderIs, .senderPrefix, .senderRegex, .senderKind, .country,
      .mixedScript, .guardRef, .link, .phone, .amount:
      self
    }
  }
}

extension Condition {
  /// The names of the guards this condition refers to directly (not through those guards).
  public var guardReferences: [String] {
    switch self {
    case .guardRef(let name): [name]
    case .all(let list), .any(let list), .none(let list), .atLeast(_, let list): list.flatMap(\.guardReferences)
    case .anyKeyword, .allKeywords, .regex, .senderIs, .senderPrefix, .senderRegex, .senderKind, .country,
      .mixedScript, .model, .link, .phone, .amount:
      []
    }
  }
}
