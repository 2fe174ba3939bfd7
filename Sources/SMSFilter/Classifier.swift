import Dispatch
import Foundation
import PCRE2

/// Classifies messages with a rule set: the library's entry point.
///
/// A `Classifier` is immutable and `Sendable`: build it once and call it from any number of
/// threads at once. Each call borrows per-thread match state from an internal pool; for the
/// tightest loops, give each thread its own ``ClassificationSession`` instead.
///
/// ```swift
/// import SMSFilter
///
/// let classifier = try Classifier.builtIn()
/// let decision = classifier.classify(
///   MessageQuery(sender: "VM-HDFCBK", body: "Rs 2,500.00 debited from A/c XX1234 on 21-11-26"))
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
  public let directories: [SenderDirectory]
  /// The rule ID a decision by `directories[i]` carries: `directory:` and the file's name.
  private let directoryRuleIDs: [String]
  let compiled: CompiledRules
  private let pool = Locked<[PooledState]>([])

  /// Compiles a rule set.
  ///
  /// - Parameters:
  ///   - capabilities: overrides the rule set's declared capabilities when given.
  ///   - matchLimit: PCRE2's backtracking-step limit for each regex match; a match that reaches
  ///     it counts as no match and marks the decision ``Decision/limitExceeded``.
  ///   - budget: the regex budget of one message (``MessageBudget``).
  ///   - directories: sender directories to consult before the rules, after those the rule set
  ///     names in its `directories:` header.
  /// - Throws: ``RuleLoadError`` if a regex does not compile.
  public init(
    ruleSet: RuleSet, capabilities: Capabilities? = nil,
    matchLimit: UInt32 = MatchScratch.defaultMatchLimit, budget: MessageBudget = .default,
    directories: [SenderDirectory] = []
  ) throws(RuleLoadError) {
    self.ruleSet = ruleSet
    self.capabilities = capabilities ?? ruleSet.capabilities
    self.matchLimit = matchLimit
    self.budget = budget
    var opened: [SenderDirectory] = []
    for path in ruleSet.directoryPaths {
      do {
        opened.append(try SenderDirectory(path: path))
      } catch {
        throw RuleLoadError(
          .unreadable, at: SourceLocation(file: path, line: 0, column: 0),
          message: "sender directory named in the rule set: \(error)")
      }
    }
    self.directories = opened + directories
    self.directoryRuleIDs = Classifier.ruleIDs(of: self.directories)
    self.compiled = try CompiledRules(ruleSet)
  }

  /// `directory:NAME` for each directory, NAME its file's name.
  private static func ruleIDs(of directories: [SenderDirectory]) -> [String] {
    directories.map { "directory:" + ($0.path.split(separator: "/").last.map(String.init) ?? $0.path) }
  }

  /// Compiles without lowering literal-list regexes to keywords: for tests that check the
  /// lowering is exact.
  init(unloweredRuleSet ruleSet: RuleSet) throws(RuleLoadError) {
    self.ruleSet = ruleSet
    self.capabilities = ruleSet.capabilities
    self.matchLimit = MatchScratch.defaultMatchLimit
    self.budget = .unlimited
    self.directories = []
    self.directoryRuleIDs = []
    self.compiled = try CompiledRules(ruleSet, lowerLiteralRegexes: false)
  }

  /// Loads rule files or folders (see ``RuleLoader``) and compiles them.
  public convenience init(
    contentsOf paths: [String], capabilities: Capabilities? = nil, directories: [SenderDirectory] = []
  ) throws(RuleLoadError) {
    try self.init(ruleSet: RuleLoader.load(paths: paths), capabilities: capabilities, directories: directories)
  }

  /// Loads rules from YAML (or JSON) text and compiles them.
  ///
  /// - Parameter name: the name used for the text in error locations.
  public convenience init(
    yaml: String, name: String = "<string>", capabilities: Capabilities? = nil,
    directories: [SenderDirectory] = []
  ) throws(RuleLoadError) {
    try self.init(
      ruleSet: RuleLoader.load(sources: [(name, yaml)]), capabilities: capabilities, directories: directories)
  }

  /// The built-in default rule set (the project's `rules/` folder, compiled into the library).
  public static func builtIn(capabilities: Capabilities? = nil) throws(RuleLoadError) -> Classifier {
    try Classifier(ruleSet: DefaultRules.ruleSet(), capabilities: capabilities)
  }

  /// Classifies one message. Thread-safe.
  public func classify(_ query: MessageQuery) -> Decision {
    let state = borrowState()
    defer { returnState(state) }
    return decide(query, state)
  }

  /// Creates a session: per-thread match state for classifying many messages on one thread
  /// without touching the shared pool.
  public func makeSession() -> ClassificationSession {
    ClassificationSession(classifier: self)
  }

  /// Every rule that matches the message, in decision order, with the spans each matched, and
  /// the decision. Slower than ``classify(_:)``: every rule is evaluated.
  public func explain(_ query: MessageQuery) -> Explanation {
    let state = makeState()
    state.begin(query, trackingOffsets: true)
    var matches: [Explanation.RuleMatch] = []
    for (index, compiledRule) in compiled.rules.enumerated() {
      state.spans = []
      if compiled.evaluate(compiledRule.root, state, .explain) {
        matches.append(Explanation.RuleMatch(rule: compiledRule.rule, spans: state.spans ?? []))
      }
      _ = index
    }
    state.spans = nil
    let decision = decide(query, state)
    return Explanation(decision: decision, matches: matches)
  }

  /// Whether one rule's condition holds for a message, evaluated on its own (ignoring the other
  /// rules): what rule examples check.
  public func ruleMatches(_ ruleID: String, _ query: MessageQuery) -> Bool? {
    guard let compiledRule = compiled.rules.first(where: { $0.rule.id == ruleID }) else { return nil }
    let state = makeState(budget: .unlimited)
    state.begin(query, trackingOffsets: false)
    return compiled.evaluate(compiledRule.root, state, .naive)
  }

  /// The rules in decision order (highest priority first, then the order written).
  public var rulesInDecisionOrder: [Rule] { compiled.rules.map(\.rule) }

  /// Statistics of the compiled matcher.
  public var statistics: Statistics {
    Statistics(
      rules: compiled.rules.count, literals: compiled.literals.count,
      regexes: compiled.regexes.count,
      regexesWithoutLiterals: compiled.regexes.filter { $0.gate == nil }.count,
      alwaysEvaluatedRules: compiled.alwaysCandidates.count,
      automatonStates: compiled.automaton.stateCount,
      automatonBytes: compiled.automaton.memoryBytes)
  }

  /// Figures about the compiled matcher, for `bench` and diagnostics.
  public struct Statistics: Sendable, Hashable {
    /// Rules compiled.
    public let rules: Int
    /// Distinct literals in the automaton (keywords and regex literals).
    public let literals: Int
    /// Distinct regexes.
    public let regexes: Int
    /// Regexes with no literal to gate them (always run when their rule is evaluated).
    public let regexesWithoutLiterals: Int
    /// Rules evaluated for every message (no literal can trigger them).
    public let alwaysEvaluatedRules: Int
    /// States of the automaton.
    public let automatonStates: Int
    /// Memory of the automaton's tables, in bytes.
    public let automatonBytes: Int
  }

  // MARK: Internals

  func decide(_ query: MessageQuery, _ state: MatchState) -> Decision {
    let (decided, label) = consultDirectories(sender: query.sender, country: query.receiverISOCountryCode)
    if let decided { return decided }
    state.begin(query, trackingOffsets: false)
    return decision(for: compiled.firstMatchingRule(state), state, label: label)
  }

  /// ``decide(_:_:)`` for a body given as valid UTF-8 bytes.
  ///
  /// A method of the classifier, like ``decide(_:_:)``, so that the compiled rules are used in
  /// place: reached through a session's `classifier`, the compiler copied the whole
  /// `CompiledRules` value (a retain and a release of each of its arrays) for every message.
  func decide(
    utf8Body: UnsafeBufferPointer<UInt8>, sender: String?, receiverISOCountryCode: String?, _ state: MatchState
  ) -> Decision {
    let (decided, label) = consultDirectories(sender: sender, country: receiverISOCountryCode)
    if let decided { return decided }
    state.begin(utf8Body: utf8Body, sender: sender, receiverISOCountryCode: receiverISOCountryCode)
    return decision(for: compiled.firstMatchingRule(state), state, label: label)
  }

  /// The directories' decision for a sender, or the label of an identify-only entry to attach to
  /// the rules' decision.
  @inline(__always)
  func consultDirectories(sender: String?, country: String?) -> (Decision?, String?) {
    guard !directories.isEmpty, let sender else { return (nil, nil) }
    switch directoryVerdict(sender: sender, country: country) {
    case .decided(let decision): return (decision, nil)
    case .label(let found): return (nil, found)
    case .unknown: return (nil, nil)
    }
  }

  /// What the directories say about a sender.
  enum DirectoryVerdict {
    /// An allow, block or typed entry decides.
    case decided(Decision)
    /// Identify-only: a label, and the rules decide.
    case label(String?)
    /// No directory knows the sender.
    case unknown
  }

  /// Allow entries in any directory first, then the first block or typed entry in directory
  /// order, then the first identify-only entry's label.
  func directoryVerdict(sender: String, country: String?) -> DirectoryVerdict {
    var firstDeciding: (DirectoryEntry, Int)?
    var firstLabel: DirectoryEntry?
    for (index, directory) in directories.enumerated() {
      guard let entry = directory.lookup(sender, receiverCountry: country) else { continue }
      switch entry.action {
      case .allow:
        return .decided(directoryDecision(entry, index))
      case .none:
        if firstLabel == nil { firstLabel = entry }
      default:
        if firstDeciding == nil { firstDeciding = (entry, index) }
      }
    }
    if let (entry, index) = firstDeciding { return .decided(directoryDecision(entry, index)) }
    if let firstLabel { return .label(firstLabel.label) }
    return .unknown
  }

  func directoryDecision(_ entry: DirectoryEntry, _ directoryIndex: Int) -> Decision {
    Decision(
      action: entry.action, subAction: entry.subAction, ruleID: directoryRuleIDs[directoryIndex],
      capabilities: capabilities, label: entry.label)
  }

  func decideNaively(_ query: MessageQuery, _ state: MatchState) -> Decision {
    let (decided, label) = consultDirectories(sender: query.sender, country: query.receiverISOCountryCode)
    if let decided { return decided }
    state.begin(query, trackingOffsets: false)
    return decision(for: compiled.firstMatchingRuleNaively(state), state, label: label)
  }

  func decision(for ruleIndex: Int?, _ state: MatchState, label: String? = nil) -> Decision {
    guard let ruleIndex else {
      return Decision(
        action: ruleSet.fallbackAction, subAction: .none, ruleID: nil, capabilities: capabilities,
        limitExceeded: state.limitExceeded, budgetExhausted: state.budgetExhausted, label: label)
    }
    return Decision(
      action: compiled.ruleActions[ruleIndex], subAction: compiled.ruleSubActions[ruleIndex],
      ruleID: compiled.ruleIDs[ruleIndex], capabilities: capabilities, limitExceeded: state.limitExceeded,
      budgetExhausted: state.budgetExhausted, label: label)
  }

  func makeState(budget: MessageBudget? = nil) -> MatchState {
    MatchState(
      rules: compiled, matchLimit: matchLimit, depthLimit: MatchScratch.defaultDepthLimit,
      budget: budget ?? self.budget)
  }

  private func borrowState() -> MatchState {
    pool.withLock { $0.popLast() }?.state ?? makeState()
  }

  private func returnState(_ state: MatchState) {
    let pooled = PooledState(state: state)
    pool.withLock { states in
      if states.count < 64 { states.append(pooled) }
    }
  }
}

/// Match state parked in a classifier's pool between calls.
// SAFETY: a MatchState is used by one thread at a time: it is either in the pool (reachable only
// under the pool's lock) or borrowed by exactly one `classify` call, which returns it when done.
// It is never shared while in use, so moving it between threads through the lock is sound.
struct PooledState: @unchecked Sendable {
  let state: MatchState
}

/// Per-thread classification: owns its match state, so calls take no lock. Not thread-safe:
/// use one session per thread (sessions of one classifier may run in parallel).
///
/// ```swift
/// let session = classifier.makeSession()
/// for query in queries { results.append(session.classify(query)) }
/// ```
public final class ClassificationSession {
  /// The classifier this session uses.
  public let classifier: Classifier
  let state: MatchState

  init(classifier: Classifier) {
    self.classifier = classifier
    self.state = classifier.makeState()
  }

  /// Classifies one message with the compiled matcher.
  public func classify(_ query: MessageQuery) -> Decision {
    classifier.decide(query, state)
  }

  /// Classifies a message whose body is given as UTF-8 bytes, without building a `String`: the
  /// fastest path for streaming input. Returns `nil` when the bytes are not valid UTF-8.
  public func classify(
    utf8Body: UnsafeBufferPointer<UInt8>, sender: String? = nil, receiverISOCountryCode: String? = nil
  ) -> Decision? {
    guard UTF8Validation.isValid(utf8Body) else { return nil }
    return classifier.decide(utf8Body: utf8Body, sender: sender, receiverISOCountryCode: receiverISOCountryCode, state)
  }

  /// Classifies one message by evaluating every rule in decision order without the automaton or
  /// the regex prefilter. The result is always the same as ``classify(_:)``; this exists as the
  /// reference the compiled matcher is tested against and as the benchmark's baseline.
  public func classifyNaively(_ query: MessageQuery) -> Decision {
    classifier.decideNaively(query, state)
  }
}

/// Every rule that matched a message, with spans, and the decision.
public struct Explanation: Sendable {
  /// One rule that matched.
  public struct RuleMatch: Sendable {
    /// The rule.
    public let rule: Rule
    /// The spans its positive conditions matched.
    public let spans: [MatchSpan]
  }

  /// The decision (the first of ``matches`` decides, or the fallback).
  public let decision: Decision
  /// The matching rules, in decision order.
  public let matches: [RuleMatch]
}

extension Classifier {
  /// Evaluates every rule on its own for one message, in decision order, calling `visit` with
  /// the rule, whether it matched and the nanoseconds its evaluation took: the raw material of
  /// per-rule statistics (`smsfilter eval`).
  public func evaluateEachRule(
    _ query: MessageQuery, _ visit: (_ rule: Rule, _ matched: Bool, _ nanoseconds: UInt64) -> Void
  ) {
    // An analysis path: every rule is evaluated whatever the message budget.
    let state = makeState(budget: .unlimited)
    state.begin(query, trackingOffsets: false)
    for compiledRule in compiled.rules {
      let start = DispatchTime.now().uptimeNanoseconds
      let matched = compiled.evaluate(compiledRule.root, state, .naive)
      let elapsed = DispatchTime.now().uptimeNanoseconds &- start
      visit(compiledRule.rule, matched, elapsed)
    }
  }
}
