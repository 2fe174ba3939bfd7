import Dispatch
import PCRE2
import SMSFilterLearning

/// One thread's matcher: a compiled rule set (shared, immutable) and the state of the message
/// being matched (its own). The classifier's only way into matching.
///
/// Not thread-safe: a matcher is used by one thread at a time (a ``Classifier`` keeps a pool;
/// a ``ClassificationSession`` owns one). Each call starts a new message
/// (``MatchState/begin(_:budget:trackingOffsets:)``), so nothing of one message reaches the next.
final class RuleMatcher {
  private let rules: CompiledRules
  /// The per-message state; internal for tests that inspect or age it.
  let state: MatchState

  /// A matcher for `rules`, with PCRE2's match and depth limits for every regex run.
  init(rules: CompiledRules, matchLimit: UInt32, depthLimit: UInt32) {
    self.rules = rules
    self.state = MatchState(rules: rules, matchLimit: matchLimit, depthLimit: depthLimit)
  }

  /// The first rule in decision order that holds for the message: with the automaton and the
  /// regex prefilter, or `naively` by evaluating every rule in turn (the reference the compiled
  /// path must agree with).
  func firstMatch(_ message: MessageInput, budget: MessageBudget, naively: Bool = false) -> MatchOutcome {
    state.begin(message, budget: budget, trackingOffsets: false)
    return outcome(naively ? rules.firstMatchingRuleNaively(state) : rules.firstMatchingRule(state))
  }

  /// The first match (as ``firstMatch(_:budget:naively:)``) and its trace: the deciding rule
  /// and every later rule that also holds, in decision order, with the spans each matched.
  ///
  /// The trace is the decision's own: rules before the deciding one are not listed (the decision
  /// found they do not hold), the deciding rule always is, and the later rules are evaluated
  /// with what is left of the same message budget. Where the budget runs out the listing stops
  /// (the rule being evaluated is left out), so explain never lists a rule the decision would
  /// contradict, and costs at most one budget more than the decision. The body is normalised
  /// once, with offsets, for both.
  func explain(_ message: MessageInput, budget: MessageBudget) -> (MatchOutcome, [(rule: Int, spans: [MatchSpan])]) {
    state.begin(message, budget: budget, trackingOffsets: true)
    let decided = outcome(rules.firstMatchingRule(state))
    var matches: [(rule: Int, spans: [MatchSpan])] = []
    if let winner = decided.rule {
      for index in winner..<rules.ruleRoots.count {
        state.spans = []
        let holds = rules.evaluate(rules.ruleRoots[index], state, .explain)
        if state.budgetExhausted && index != winner { break }
        if holds || index == winner { matches.append((index, state.spans ?? [])) }
      }
    }
    state.spans = nil
    return (decided, matches)
  }

  /// What the learned model makes of the message (its features named), when there is a model.
  /// Call after ``explain(_:budget:)`` on the same message: it reuses the normalised text.
  func explainModel(_ message: MessageInput) -> ModelExplanation? {
    guard let model = rules.model else { return nil }
    var features = FeatureBuffer(naming: true)
    state.prepareSender()
    state.text.bytes.withUnsafeBufferPointer { normalized in
      model.extractor.extract(
        normalized: normalized, original: message.body, senderKind: state.senderKind, into: &features)
    }
    return ModelExplanation(model: model, features: features)
  }

  /// Whether one rule's condition holds for the message, evaluated on its own and plainly, with
  /// no budget: what rule examples check.
  func holds(rule index: Int, _ message: MessageInput) -> Bool {
    state.begin(message, budget: .unlimited, trackingOffsets: false)
    return rules.evaluate(rules.ruleRoots[index], state, .naive)
  }

  /// Evaluates every rule on its own, plainly and with no budget, in decision order, calling
  /// `visit` with the rule's index, whether it holds and the nanoseconds its evaluation took.
  func evaluateEachRule(_ message: MessageInput, _ visit: (_ rule: Int, _ holds: Bool, _ nanoseconds: UInt64) -> Void) {
    state.begin(message, budget: .unlimited, trackingOffsets: false)
    for (index, root) in rules.ruleRoots.enumerated() {
      let start = DispatchTime.now().uptimeNanoseconds
      let holds = rules.evaluate(root, state, .naive)
      visit(index, holds, DispatchTime.now().uptimeNanoseconds &- start)
    }
  }

  private func outcome(_ rule: Int?) -> MatchOutcome {
    MatchOutcome(rule: rule, limitExceeded: state.limitExceeded, budgetExhausted: state.budgetExhausted)
  }
}
