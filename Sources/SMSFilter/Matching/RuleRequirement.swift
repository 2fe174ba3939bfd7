/// What a message must have for a rule to hold, known at compile time from the rule's condition
/// tree and checked against flags the matcher knows of every message: a rule that needs a digit
/// (a `phone:` or `amount:` condition, a regex every match of which holds one) or a mixed-script
/// word is not evaluated on a message without one.
///
/// The guarantee is a prefilter's: when ``isMet(hasDigit:hasMixedScriptWord:)`` says no, the
/// condition is false for the message; it may say yes to a message the condition then rejects.
/// Only the compiled matcher uses it (explain evaluates every rule and lists what matched).
struct RuleRequirement: OptionSet, Sendable, Hashable {
  let rawValue: UInt8

  /// The normalised body holds a decimal digit of some script (``MatchState/textHasDigit()``).
  static let digit = RuleRequirement(rawValue: 1)
  /// The normalised body holds a mixed-script word.
  static let mixedScriptWord = RuleRequirement(rawValue: 2)
  /// The normalised body holds no mixed-script word.
  static let noMixedScriptWord = RuleRequirement(rawValue: 4)

  /// Whether a message with these flags meets every requirement; `hasDigit` is asked only when
  /// a digit is required (it may cost a pass over the text).
  @inline(__always)
  func isMet(hasDigit: () -> Bool, hasMixedScriptWord: Bool) -> Bool {
    if contains(.mixedScriptWord) && !hasMixedScriptWord { return false }
    if contains(.noMixedScriptWord) && hasMixedScriptWord { return false }
    if contains(.digit) && !hasDigit() { return false }
    return true
  }
}

extension CompiledRules {
  /// The requirements of each node of the graph (``RuleRequirement``): a leaf's own, the union
  /// of an `all`'s children's (each must hold), the intersection of an `any`'s or an
  /// `atLeast`'s children's (one of them holds, so what they all need holds), none for `none`
  /// (a negation needs nothing of the message), a guard's root's for a reference to it.
  ///
  /// Guards may refer to guards (never in a cycle: the loader refuses them); each node is
  /// worked out once.
  func nodeRequirements() -> [RuleRequirement] {
    var known = [RuleRequirement?](repeating: nil, count: nodes.count)
    func requirement(_ node: Int) -> RuleRequirement {
      if let value = known[node] { return value }
      let value: RuleRequirement
      switch nodes[node] {
      case .regex(let index):
        value = regexes[index].requiresDigit ? .digit : []
      case .phone, .amount:
        // Phones and amounts are read from the body's decimal digits (of any script), which
        // normalisation keeps as decimal digits (NFKC maps one to a digit; nothing removes it).
        value = .digit
      case .mixedScript(let expected):
        value = expected ? .mixedScriptWord : .noMixedScriptWord
      case .keywords, .senderIs, .senderPrefix, .senderRegex, .senderKind, .country, .model, .link, .none:
        value = []
      case .all(let range):
        value = range.reduce(into: []) { $0.formUnion(requirement(children[$1])) }
      case .any(let range):
        value =
          range.isEmpty
          ? []
          : range.dropFirst().reduce(requirement(children[range.lowerBound])) {
            $0.intersection(requirement(children[$1]))
          }
      case .atLeast(let count, let range):
        // At least one child holds when `count` is one or more; with zero, the node always holds.
        value =
          count < 1 || range.isEmpty
          ? []
          : range.dropFirst().reduce(requirement(children[range.lowerBound])) {
            $0.intersection(requirement(children[$1]))
          }
      case .guardRef(let index):
        value = requirement(guardRoots[index])
      }
      known[node] = value
      return value
    }
    return nodes.indices.map(requirement)
  }
}
