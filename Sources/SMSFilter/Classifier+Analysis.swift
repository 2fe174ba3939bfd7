import PCRE2

// What rule authors' tools ask of a classifier beyond decisions: one rule on its own, every
// rule with its cost, and the compiled matcher's figures.
extension Classifier {
  /// Whether one rule's condition holds for a message, evaluated on its own (ignoring the other
  /// rules): what rule examples check. `nil` when no rule has that id.
  public func ruleMatches(_ ruleID: String, _ query: MessageQuery) -> Bool? {
    guard let index = compiled.ruleIDs.firstIndex(of: ruleID) else { return nil }
    return withMatcher { matcher in query.withInput { matcher.holds(rule: index, $0) } }
  }

  /// Evaluates every rule on its own for one message, in decision order, calling `visit` with
  /// the rule, whether it matched and the nanoseconds its evaluation took: the raw material of
  /// per-rule statistics (`smsfilter eval`). Every rule is evaluated whatever the message budget.
  public func evaluateEachRule(
    _ query: MessageQuery, _ visit: (_ rule: Rule, _ matched: Bool, _ nanoseconds: UInt64) -> Void
  ) {
    withMatcher { matcher in
      query.withInput { message in
        matcher.evaluateEachRule(message) { index, holds, nanoseconds in
          visit(compiled.rules[index].rule, holds, nanoseconds)
        }
      }
    }
  }

  /// Statistics of the compiled matcher.
  public var statistics: Statistics { compiled.statistics }

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
}
