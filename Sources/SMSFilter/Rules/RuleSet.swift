/// A validated set of rules with its header: name, declared capabilities, fallback action and
/// shared guards.
///
/// A `RuleSet` is plain data; ``Classifier`` compiles it for matching. Rules are kept in
/// decision order: by priority, highest first, and at equal priority in the order written.
public struct RuleSet: Sendable {
  /// The rule set's name (from the `ruleset:` header key).
  public var name: String
  /// The sub-actions the rule set declares it may return.
  public var capabilities: Capabilities
  /// The action when no rule matches (default `none`).
  public var fallbackAction: Action
  /// Named shared conditions that rules reference with `guard:`.
  public var guards: [String: Condition] { didSet { loweredConditions = nil } }
  /// The rules, in the order written (file order, then position in the file).
  public var rules: [Rule] { didSet { loweredConditions = nil } }
  /// Sender directory files named by the `directories:` header key, resolved against the
  /// folder of the rule file that names them.
  public var directoryPaths: [String]
  /// The learned model the header names (`model:`), if any.
  public var model: ModelReference?
  /// The brands scammers impersonate, from every file's `brands:` (``Brand``).
  public var brands: [Brand] = []
  /// URL shortener domains, from every file's `shorteners:`, for `link: {shortener: true}`.
  public var shorteners: [String] = []
  /// The conditions of ``guards`` and ``rules`` after the regex lowering, when they were worked
  /// out ahead of time (the built-in rules' snapshot, ``RuleSetSnapshot``); `nil` otherwise.
  /// Changing ``rules`` or ``guards`` drops them, so they always belong to these rules.
  package var loweredConditions: LoweredConditions?
  /// The normalised text (``TextNormalizer``) of keywords, worked out ahead of time (the
  /// built-in rules' snapshot); a keyword not listed is normalised when the rules are compiled.
  /// Normalising depends only on the keyword, so the table stays right whatever the rules.
  package var normalizedKeywords: [String: [UInt8]]?
  /// The keyword automaton, built ahead of time (the built-in rules' snapshot). Compiling uses it
  /// only when it was built from exactly the literals and payloads the rules give
  /// (``PrecomputedAutomaton``), so it too stays right whatever the rules.
  package var precomputedAutomaton: PrecomputedAutomaton?
  /// What compiling works out from each regex's text (``RegexFindings``), by
  /// ``RegexAnalysis/key(_:body:)``, worked out ahead of time (the built-in rules' snapshot). A
  /// regex not listed is analysed when the rules are compiled. The findings depend only on the
  /// regex, so the table stays right whatever the rules.
  var regexFindings: [String: RegexFindings]?

  /// Creates a rule set from parts built in code, which are not checked as ``RuleLoader`` checks
  /// what it loads: prefer loading.
  public init(
    name: String = "rules", capabilities: Capabilities = .unrestricted,
    fallbackAction: Action = .none, guards: [String: Condition] = [:], rules: [Rule],
    directoryPaths: [String] = [], model: ModelReference? = nil
  ) {
    self.model = model
    self.directoryPaths = directoryPaths
    self.name = name
    self.capabilities = capabilities
    self.fallbackAction = fallbackAction
    self.guards = guards
    self.rules = rules
  }

  /// The rules in decision order: highest priority first; equal priorities keep the order
  /// written (the sort is stable).
  public var rulesInDecisionOrder: [Rule] {
    rules.enumerated().sorted { lhs, rhs in
      lhs.element.priority != rhs.element.priority
        ? lhs.element.priority > rhs.element.priority : lhs.offset < rhs.offset
    }.map(\.element)
  }
}

/// The conditions of a rule set's guards and rules after the regex lowering (``RegexLowering``),
/// computed ahead of time so that compiling the built-in rules need not lower them again.
package struct LoweredConditions: Sendable {
  /// Each guard's lowered condition, by name.
  package var guards: [String: Condition]
  /// Each rule's lowered condition, in the order of ``RuleSet/rules``.
  package var rules: [Condition]
}
