import Foundation
import PCRE2
import SMSFilterLearning

/// Classifies messages with a rule set: the library's entry point.
///
/// A `Classifier` is immutable and `Sendable`: build it once and call it from any number of
/// threads at once. Each call borrows a matcher from an internal pool; for the tightest loops,
/// give each thread its own ``ClassificationSession`` instead.
///
/// ```swift
/// import SMSFilter
///
/// let classifier = try Classifier.builtIn()
/// let decision = classifier.classify(
///   MessageQuery(sender: "VM-HDFCBK", messageBody: "Rs 2,500.00 debited from A/c XX1234 on 21-11-26"))
/// print(decision.action, decision.subAction, decision.ruleID ?? "-")
/// // transaction transactionalFinance FIN_ACCOUNT_MOVEMENT
/// ```
public final class Classifier: Sendable {
  /// The rule set, as loaded.
  public let ruleSet: RuleSet
  /// The capabilities in force: the rule set's declaration, or the override given at creation.
  public let capabilities: Capabilities
  /// The PCRE2 match limit (backtracking steps) applied to every regex match.
  public let matchLimit: UInt32
  /// The regex budget of each message.
  public let budget: MessageBudget
  /// Sender directories consulted before the rules: allow entries first (as iOS consults the
  /// contacts first), then block and typed entries, then the rules; an identify-only entry
  /// (action `none`) adds its label and lets the rules decide.
  public var directories: [SenderDirectory] { precedence.directories }
  /// The directories given at creation, beyond those the rule set names: what a classifier made
  /// again from the same rule set must be given.
  public var addedDirectories: [SenderDirectory] { precedence.added }
  /// The learned model `model:` conditions consult: the one given at creation, or the one the
  /// rule set's header names, or none.
  public var model: LinearModel? { compiled.model }
  let precedence: DirectoryPrecedence
  let compiled: CompiledRules
  private let pool = Locked<[PooledMatcher]>([])

  /// Compiles a rule set.
  ///
  /// - Parameters:
  ///   - ruleSet: the rules, as loaded.
  ///   - capabilities: overrides the rule set's declared capabilities when given.
  ///   - matchLimit: PCRE2's backtracking-step limit for each regex match; a match that reaches
  ///     it counts as no match and marks the decision `Decision.limitExceeded`.
  ///   - budget: the regex budget of one message (``MessageBudget``).
  ///   - directories: sender directories to consult before the rules, after those the rule set
  ///     names in its `directories:` header.
  ///   - model: the learned model for `model:` conditions, instead of the one the rule set's
  ///     header names.
  /// - Throws: ``RuleLoadError`` if a regex does not compile, a named directory or model cannot
  ///   be opened, or a `model:` condition has no model.
  public init(
    ruleSet: RuleSet, capabilities: Capabilities? = nil,
    matchLimit: UInt32 = MatchScratch.defaultMatchLimit, budget: MessageBudget = .default,
    directories: [SenderDirectory] = [], model: LinearModel? = nil
  ) throws(RuleLoadError) {
    self.ruleSet = ruleSet
    self.capabilities = capabilities ?? ruleSet.capabilities
    self.matchLimit = matchLimit
    self.budget = budget
    self.precedence = try DirectoryPrecedence(opening: ruleSet.directoryPaths, then: directories)
    var chosen = model
    if chosen == nil, let reference = ruleSet.model { chosen = try DefaultModel.load(reference) }
    self.compiled = try CompiledRules(ruleSet, model: chosen)
  }

  /// Compiles without lowering literal-list regexes to keywords: for tests that check the
  /// lowering is exact.
  init(unloweredRuleSet ruleSet: RuleSet) throws(RuleLoadError) {
    self.ruleSet = ruleSet
    self.capabilities = ruleSet.capabilities
    self.matchLimit = MatchScratch.defaultMatchLimit
    self.budget = .unlimited
    self.precedence = try DirectoryPrecedence(opening: [], then: [])
    self.compiled = try CompiledRules(
      ruleSet, model: try ruleSet.model.map { (reference) throws(RuleLoadError) in try DefaultModel.load(reference) },
      lowerLiteralRegexes: false)
  }

  /// Loads rule files or folders (see ``RuleLoader``) and compiles them.
  public convenience init(
    contentsOf paths: [String], capabilities: Capabilities? = nil, directories: [SenderDirectory] = [],
    model: LinearModel? = nil
  ) throws(RuleLoadError) {
    try self.init(
      ruleSet: RuleLoader.load(paths: paths), capabilities: capabilities, directories: directories, model: model)
  }

  /// Loads rules from YAML (or JSON) text and compiles them.
  ///
  /// - Parameters:
  ///   - yaml: the rule file's text.
  ///   - name: the name used for the text in error locations.
  ///   - capabilities: overrides the declared capabilities when given.
  ///   - directories: sender directories to consult before the rules.
  ///   - model: the learned model for `model:` conditions, instead of the one the header names.
  public convenience init(
    yaml: String, name: String = "<string>", capabilities: Capabilities? = nil,
    directories: [SenderDirectory] = [], model: LinearModel? = nil
  ) throws(RuleLoadError) {
    try self.init(
      ruleSet: RuleLoader.load(sources: [(name, yaml)]), capabilities: capabilities, directories: directories,
      model: model)
  }

  /// The built-in default rule set (the project's `rules/` folder, compiled into the library).
  public static func builtIn(capabilities: Capabilities? = nil) throws(RuleLoadError) -> Classifier {
    try Classifier(ruleSet: DefaultRules.ruleSet(), capabilities: capabilities)
  }

  /// Classifies one message. Thread-safe.
  public func classify(_ query: MessageQuery) -> Decision {
    withMatcher { matcher in query.withInput { decide($0, matcher) } }
  }

  /// Creates a session: a matcher of its own for classifying many messages on one thread
  /// without touching the shared pool.
  public func makeSession() -> ClassificationSession {
    ClassificationSession(classifier: self)
  }

  /// The rules in decision order (highest priority first, then the order written).
  public var rulesInDecisionOrder: [Rule] { compiled.rules.map(\.rule) }

  // MARK: Internals

  /// The one decision path: the directories, then the rules' first match (compiled, or
  /// `naively` for the reference), then iOS's fallback.
  func decide(_ message: MessageInput, _ matcher: RuleMatcher, naively: Bool = false) -> Decision {
    let label: String?
    switch precedence.verdict(
      sender: message.sender, country: message.receiverISOCountryCode, capabilities: capabilities)
    {
    case .decided(let decision): return decision
    case .rulesDecide(let found): label = found
    }
    return decision(for: matcher.firstMatch(message, budget: budget, naively: naively), label: label)
  }

  /// The decision a match outcome stands for.
  func decision(for outcome: MatchOutcome, label: String?) -> Decision {
    guard let rule = outcome.rule else {
      return Decision(
        action: ruleSet.fallbackAction, subAction: .none, ruleID: nil, capabilities: capabilities,
        limitExceeded: outcome.limitExceeded, budgetExhausted: outcome.budgetExhausted, label: label)
    }
    return Decision(
      action: compiled.ruleActions[rule], subAction: compiled.ruleSubActions[rule],
      ruleID: compiled.ruleIDs[rule], capabilities: capabilities, limitExceeded: outcome.limitExceeded,
      budgetExhausted: outcome.budgetExhausted, label: label)
  }

  /// A new matcher for this classifier's rules.
  func makeMatcher() -> RuleMatcher {
    RuleMatcher(rules: compiled, matchLimit: matchLimit, depthLimit: MatchScratch.defaultDepthLimit)
  }

  /// Runs `body` with a matcher borrowed from the pool (or a new one), returning it after.
  func withMatcher<Result>(_ body: (RuleMatcher) -> Result) -> Result {
    let matcher = pool.withLock { $0.popLast() }?.matcher ?? makeMatcher()
    defer {
      let pooled = PooledMatcher(matcher: matcher)
      pool.withLock { matchers in
        if matchers.count < 64 { matchers.append(pooled) }
      }
    }
    return body(matcher)
  }
}

/// A matcher parked in a classifier's pool between calls.
// SAFETY: a RuleMatcher is used by one thread at a time: it is either in the pool (reachable
// only under the pool's lock) or borrowed by exactly one call, which returns it when done. It is
// never shared while in use, so moving it between threads through the lock is sound.
private struct PooledMatcher: @unchecked Sendable {
  let matcher: RuleMatcher
}
