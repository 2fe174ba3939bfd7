import PCRE2

// The hot path: one automaton pass over the normalised body, then the candidate rules in
// decision order. Everything here runs once per message; nothing allocates.

extension CompiledRules {
  /// Classifies the message in `state` with the compiled matcher: one automaton pass, then only
  /// the rules some literal made candidates (and those no literal can trigger), in decision
  /// order, stopping at the first that holds. Returns the winning rule's index.
  ///
  /// Keyword-list rules are not candidates: the pass itself knows the first of them that holds
  /// (`known`), so only the candidates before it are evaluated.
  func firstMatchingRule(_ state: MatchState) -> Int? {
    let generation = state.generation
    let candidates = state.candidates
    for rule in alwaysCandidates { candidates.insert(rule) }
    var knownWinner = LiteralEntry.noRule
    let profile = state.costProfile
    let passStart = profile == nil ? 0 : CostProfile.now()
    state.text.bytes.withUnsafeBufferPointer { text in
      let stamps = state.stamps
      let groupStamp = state.groupStamp
      triggerRules.withUnsafeBufferPointer { triggerRules in
        literalGroups.table.withUnsafeBufferPointer { groupTable in
          automaton.withTables { tables in
            guard let textBase = text.baseAddress else { return }
            /// Marks the lists `literal` answers (``LiteralGroups``) at its first occurrence or
            /// its first on word boundaries: now, rather than when a rule asks.
            @inline(__always) func markGroups(of literal: Int, bounded: Bool) {
              let groups = groupTable[literal]
              if groups >= 0 {
                LiteralGroups.mark(
                  groupTable.baseAddress.unsafelyUnwrapped, groups, bounded: bounded, groupStamp, generation)
              }
            }
            /// Records the literals that end at `end` in the state with `row`: stamps, and the
            /// rules they make candidates. Everything but the stamps is in the state's entries.
            @inline(__always) func record(known: inout UInt32, row: UInt32, end: Int) {
              let entries = tables.entries(ofRow: row)
              var entry = 0
              while entry < entries.count {
                defer { entry &+= LiteralEntry.words }
                let packed = entries[entry &+ LiteralEntry.lengthAndBoundaries]
                // A literal only hits on word boundaries count for is tested for them first (a
                // hit elsewhere: nothing to do); its hits that pass need no second test.
                let onlyOnBoundaries = packed & LiteralEntry.countsOnlyOnBoundaries != 0
                /// Whether this occurrence is on word boundaries (where the literal needs them).
                @inline(__always) func testBoundaries() -> Bool {
                  LiteralEntry.isBounded(
                    packed, start: end &- Int(packed & LiteralEntry.lengthMask), end: end, in: text)
                }
                if onlyOnBoundaries && !testBoundaries() { continue }
                @inline(__always) func bounded() -> Bool { onlyOnBoundaries || testBoundaries() }
                let onAnyHit = entries[entry &+ LiteralEntry.firstRuleOnAnyHit]
                let onBoundedHit = entries[entry &+ LiteralEntry.firstRuleOnBoundedHit]
                guard packed & LiteralEntry.needsStamp != 0 else {
                  // Only keyword rules use this literal: note the first that holds, nothing else.
                  known = min(known, onAnyHit)
                  if onBoundedHit < known && bounded() { known = onBoundedHit }
                  continue
                }
                let literal = Int(entries[entry &+ LiteralEntry.literal])
                let stamp = stamps[literal]
                if !stamp.isFound(in: generation) {
                  stamps[literal] = .found(in: generation, bounded: false)
                  known = min(known, onAnyHit)
                  markGroups(of: literal, bounded: false)
                  let count = Int(entries[entry &+ LiteralEntry.triggerCount])
                  let trigger = Int(entries[entry &+ LiteralEntry.trigger])
                  if count == 1 {
                    candidates.insert(trigger)
                  } else if count > 1 {
                    candidates.insert(
                      contentsOf: UnsafeBufferPointer(rebasing: triggerRules[trigger..<(trigger &+ count)]))
                  }
                }
                if !stamp.isFoundBounded(in: generation) && bounded() {
                  stamps[literal] = .found(in: generation, bounded: true)
                  known = min(known, onBoundedHit)
                  markGroups(of: literal, bounded: true)
                }
              }
            }
            // The automaton pass: work only where a pattern ends.
            AhoCorasick.forEachOutputState(tables, text: textBase, count: text.count, into: &knownWinner, record)
          }
        }
      }
    }
    profile?.recordStage(.automaton, from: passStart)
    // The candidates in decision order; the first that holds wins.
    let known = knownWinner
    var winner: Int?
    var spent = false
    let hasMixedScriptWord = state.text.hasMixedScriptWord
    candidates.removeAll { rule in
      // Candidates after the known winner cannot win.
      if rule >= known { return true }
      // Nor one that needs what the message lacks (a digit, a mixed-script word).
      let requirement = ruleRequirements[rule]
      if !requirement.isEmpty,
        !requirement.isMet(hasDigit: { state.knownTextHasDigit ?? true }, hasMixedScriptWord: hasMixedScriptWord)
      {
        return false
      }
      let holds: Bool
      if let profile {
        let excludedBefore = profile.excludedNanoseconds
        let start = CostProfile.now()
        holds = evaluate(ruleRoots[rule], state, .compiled)
        profile.recordRule(rule, from: start, excludedBefore: excludedBefore, held: holds)
      } else {
        holds = evaluate(ruleRoots[rule], state, .compiled)
      }
      // A rule that ran out of budget is undecided, even when it came out true (a veto it
      // could not afford to check counted as not holding): stop with no winner.
      spent = state.budgetExhausted
      if holds && !spent { winner = rule }
      return holds || spent
    }
    if winner == nil && !spent && known != LiteralEntry.noRule { winner = Int(known) }
    return winner
  }

  /// The first rule in decision order that holds, evaluating every rule in turn (no automaton,
  /// no prefilter).
  func firstMatchingRuleNaively(_ state: MatchState) -> Int? {
    for index in ruleRoots.indices {
      let holds = evaluate(ruleRoots[index], state, .naive)
      if state.budgetExhausted { return nil }
      if holds { return index }
    }
    return nil
  }
}
