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

  /// What running the compiled matcher on `queries` costs in PCRE2 runs: for each body regex
  /// that ran (as compiled: decomposed, lowered), its source, how many times it ran and how many
  /// of those runs matched, most runs first. For `smsfilter check --cost` and the benchmark.
  ///
  /// A regex whose runs mostly match gains nothing from a tighter prefilter: only answering it
  /// without PCRE2 (as keywords, or from what the scan found) saves its runs.
  package func regexRunProfile(_ queries: [MessageQuery]) -> [(source: String, runs: Int, matches: Int)] {
    let (runs, matches) = regexRunCounts(queries)
    return runs.enumerated().filter { $0.element > 0 }
      .map { (compiled.regexes[$0.offset].source, $0.element, matches[$0.offset]) }
      .sorted { $0.runs > $1.runs }
  }

  /// The PCRE2 runs of the compiled matcher on `queries`, by rule: the runs of the body regexes
  /// each rule reaches (through its guards too, so a shared guard's runs count for every rule
  /// that uses it), most first; rules that cost none are left out.
  package func ruleRunProfile(_ queries: [MessageQuery]) -> [(ruleID: String, runs: Int)] {
    let counts = regexRunCounts(queries).runs
    var result: [(ruleID: String, runs: Int)] = []
    for (index, root) in compiled.ruleRoots.enumerated() {
      var seen = Set<Int>()
      var regexes = Set<Int>()
      var stack = [root]
      while let node = stack.popLast() {
        guard seen.insert(node).inserted else { continue }
        switch compiled.nodes[node] {
        case .regex(let regex): regexes.insert(regex)
        case .all(let range), .any(let range), .none(let range), .atLeast(_, let range):
          stack.append(contentsOf: range.map { compiled.children[$0] })
        case .guardRef(let guardIndex): stack.append(compiled.guardRoots[guardIndex])
        case .keywords, .senderIs, .senderPrefix, .senderRegex, .senderKind, .country, .mixedScript, .model, .link,
          .phone, .amount:
          break
        }
      }
      let runs = regexes.reduce(0) { $0 + counts[$1] }
      if runs > 0 { result.append((compiled.ruleIDs[index], runs)) }
    }
    return result.sorted { $0.runs > $1.runs }
  }

  /// How many times each compiled body regex ran while classifying `queries`, and how many of
  /// those runs matched.
  private func regexRunCounts(_ queries: [MessageQuery]) -> (runs: [Int], matches: [Int]) {
    let matcher = makeMatcher()
    matcher.state.regexRunLog = []
    var runs = [Int](repeating: 0, count: compiled.regexes.count)
    var matches = runs
    for query in queries {
      _ = query.withInput { decide($0, matcher) }
      for (index, matched) in matcher.state.regexRunLog ?? [] {
        runs[index] += 1
        if matched { matches[index] += 1 }
      }
      matcher.state.regexRunLog?.removeAll(keepingCapacity: true)
    }
    return (runs, matches)
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
