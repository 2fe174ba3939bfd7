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
  /// What the learned model made of the message, when the rule set has one.
  public let model: ModelExplanation?
}

extension Classifier {
  /// Every rule that matches the message, in decision order, with the spans each matched, and
  /// the decision. Slower than ``classify(_:)``: every rule is evaluated.
  public func explain(_ query: MessageQuery) -> Explanation {
    withMatcher { explain(query, with: $0) }
  }

  func explain(_ query: MessageQuery, with matcher: RuleMatcher) -> Explanation {
    query.withInput { message in
      let label: String?
      switch precedence.verdict(
        sender: message.sender, country: message.receiverISOCountryCode, capabilities: capabilities)
      {
      case .decided(let decision):
        // The directory decides; the rules' matches are still listed for the author.
        let (_, matches) = matcher.explain(message, budget: budget)
        return Explanation(decision: decision, matches: matches.map(ruleMatch), model: matcher.explainModel(message))
      case .rulesDecide(let found): label = found
      }
      let (outcome, matches) = matcher.explain(message, budget: budget)
      return Explanation(
        decision: decision(for: outcome, label: label), matches: matches.map(ruleMatch),
        model: matcher.explainModel(message))
    }
  }

  private func ruleMatch(_ match: (rule: Int, spans: [MatchSpan])) -> Explanation.RuleMatch {
    Explanation.RuleMatch(rule: compiled.rules[match.rule].rule, spans: match.spans)
  }
}
