/// Advice for rule authors on their regexes' speed: which regexes could be keyword lists, and
/// which parts run PCRE2 on every message that reaches them because no literal can gate them.
/// What `smsfilter check` reports.
///
/// ```swift
/// for advice in RegexAdvice.of(ruleSet) { print(advice) }
/// // rules/10-junk.yaml:432:9: rule JUNK_WRONG_NUMBER_OPENER: no required literal: '^[^\d]{0,220}$' runs PCRE2 on every message that reaches it
/// ```
public struct RegexAdvice: Sendable, Hashable, CustomStringConvertible {
  /// What the advice is about.
  public enum Kind: Sendable, Hashable {
    /// The whole regex is a list of words: `keywords:` (on word boundaries or anywhere) says
    /// the same and is matched by the automaton alone (the engine does this itself; the rule
    /// reads more plainly as a keyword list).
    case keywordList
    /// This part of the regex (after the engine decomposed it) requires no literal and no run
    /// of characters (`RegexFactors`), so it runs whenever its rule is evaluated. Adding a
    /// literal it must contain, or a keyword condition beside it, gates it.
    case noRequiredLiteral(String)
  }

  /// Where the regex's rule was written (`nil` for a guard's).
  public let location: SourceLocation?
  /// The rule's id, or `guard NAME`.
  public let owner: String
  /// The regex as written.
  public let regex: String
  /// The advice.
  public let kind: Kind

  /// One line: `file:line:col: rule ID: …`.
  public var description: String {
    let prefix = location.map { "\($0): \(owner)" } ?? owner
    switch kind {
    case .keywordList:
      return "\(prefix): regex '\(regex)' is a word list: write it as keywords"
    case .noRequiredLiteral(let part):
      return "\(prefix): no required literal: '\(part)' runs PCRE2 on every message that reaches it"
    }
  }

  /// The advice for every body regex of a rule set's guards (in name order) and rules (in file
  /// order).
  public static func of(_ ruleSet: RuleSet) -> [RegexAdvice] {
    var result: [RegexAdvice] = []
    for name in ruleSet.guards.keys.sorted() {
      guard let condition = ruleSet.guards[name] else { continue }
      // Guards keep no location of their own: the owner names them.
      for source in regexes(in: condition) { result += advice(source, owner: "guard \(name)", location: nil) }
    }
    for rule in ruleSet.rules {
      for source in regexes(in: rule.condition) {
        result += advice(source, owner: "rule \(rule.id)", location: rule.location)
      }
    }
    return result
  }

  /// The advice for one regex.
  static func advice(_ source: String, owner: String, location: SourceLocation?) -> [RegexAdvice] {
    let lowered = RegexLowering.lower(.regex(source))
    let pieces = regexes(in: lowered)
    if pieces.isEmpty { return [RegexAdvice(location: location, owner: owner, regex: source, kind: .keywordList)] }
    return pieces.filter {
      let prepared = RegexSource.prepare($0)
      return RegexLiterals.gate(in: prepared) == nil && RegexFactors.factor(prepared) == nil
    }.map {
      RegexAdvice(location: location, owner: owner, regex: source, kind: .noRequiredLiteral($0))
    }
  }

  /// The body regexes of a condition tree (not those of the guards it refers to).
  static func regexes(in condition: Condition) -> [String] {
    switch condition {
    case .regex(let source): [source]
    case .all(let list), .any(let list), .none(let list), .atLeast(_, let list): list.flatMap(regexes(in:))
    case .anyKeyword, .allKeywords, .senderIs, .senderPrefix, .senderRegex, .senderKind, .country, .mixedScript,
      .model, .link, .phone, .amount, .guardRef:
      []
    }
  }
}
