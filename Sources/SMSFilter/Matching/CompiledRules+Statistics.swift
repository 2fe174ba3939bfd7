extension CompiledRules {
  /// Figures about the compiled matcher.
  var statistics: Classifier.Statistics {
    Classifier.Statistics(
      rules: rules.count, literals: literals.count, regexes: regexes.count,
      regexesWithoutLiterals: regexes.filter { $0.gate == nil }.count, alwaysEvaluatedRules: alwaysCandidates.count,
      automatonStates: automaton.stateCount, automatonBytes: automaton.memoryBytes)
  }
}
