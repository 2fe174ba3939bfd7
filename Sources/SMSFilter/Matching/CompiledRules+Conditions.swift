import Foundation
import PCRE2
import SMSFilterLearning

/// How conditions are evaluated.
enum EvaluationMode {
  /// With the automaton's literal hits and the regex prefilter: the fast path.
  case compiled
  /// Every keyword searched for directly and every regex run: the plain per-rule reference the
  /// compiled path must agree with, and the benchmark's baseline.
  case naive
  /// As `naive`, recording the spans that matched.
  case explain
}

extension CompiledRules {
  /// Evaluates a condition node for the message in `state`.
  func evaluate(_ nodeIndex: Int, _ state: MatchState, _ mode: EvaluationMode) -> Bool {
    switch nodes[nodeIndex] {
    case .keywords(let range, let all, let bounded):
      if mode == .compiled {
        let generation = state.generation
        // A list the automaton pass answered (``LiteralGroups``).
        let group = literalGroups.nodeGroup[nodeIndex]
        if group >= 0 { return state.groupStamp[Int(group)] == generation }
        if bounded {
          if all {
            for slot in range where !state.stamps[literalRefs[slot]].isFoundBounded(in: generation) { return false }
            return true
          }
          for slot in range where state.stamps[literalRefs[slot]].isFoundBounded(in: generation) { return true }
          return false
        }
        if all {
          for slot in range where !state.stamps[literalRefs[slot]].isFound(in: generation) { return false }
          return true
        }
        for slot in range where state.stamps[literalRefs[slot]].isFound(in: generation) { return true }
        return false
      }
      return evaluateKeywordsPlainly(range, all: all, bounded: bounded, state, mode)

    case .regex(let index):
      let branches = gateRange[index]
      if mode != .naive, !branches.isEmpty {
        // Run PCRE2 only if, for some alternative, every clause has a literal in the text.
        let generation = state.generation
        var open = false
        for branch in branches {
          var satisfied = true
          for clause in gateBranches[branch] {
            let group = literalGroups.clauseGroup[clause]
            if group >= 0 {
              if state.groupStamp[Int(group)] == generation { continue }
              satisfied = false
              break
            }
            var seen = false
            for slot in gateClauses[clause] where state.stamps[gateLiterals[slot]].isFound(in: generation) {
              seen = true
              break
            }
            if !seen {
              satisfied = false
              break
            }
          }
          if satisfied {
            open = true
            break
          }
        }
        if !open { return false }
      }
      return runRegexCondition(index, state, mode)

    case .senderIs(let index):
      return evaluateSenderIs(index, state, mode)

    case .senderPrefix(let index):
      return evaluateSenderPrefix(index, state, mode)

    case .senderRegex(let index):
      return evaluateSenderRegex(index, state, mode)

    case .senderKind(let mask):
      state.prepareSender()
      return mask & state.senderKind.maskBit != 0

    case .country(let index):
      return evaluateCountry(index, state)

    case .mixedScript(let expected):
      return state.text.hasMixedScriptWord == expected

    case .model(let index):
      return evaluateModel(index, state, mode)

    case .link(let index):
      return evaluateLink(index, state, mode)

    case .phone(let index):
      return evaluatePhone(index, state, mode)

    case .amount(let index):
      return evaluateAmount(index, state, mode)

    case .all(let range):
      for slot in range where !evaluate(children[slot], state, mode) { return false }
      return true

    case .any(let range):
      var result = false
      for slot in range where evaluate(children[slot], state, mode) {
        result = true
        if mode != .explain { return true }
      }
      return result

    case .none(let range):
      // Spans under a negation are not evidence: evaluate without recording.
      let inner: EvaluationMode = mode == .explain ? .compiled : mode
      for slot in range where evaluate(children[slot], state, inner) { return false }
      return true

    case .atLeast(let count, let range):
      var hits = 0
      for slot in range where evaluate(children[slot], state, mode) {
        hits += 1
        if hits >= count && mode != .explain { return true }
      }
      return hits >= count

    case .guardRef(let index):
      if mode == .explain { return evaluateGuardExplaining(index, state) }
      if state.guardStamp[index] == state.generation { return state.guardValue[index] }
      let value = evaluate(guardRoots[index], state, mode)
      state.guardStamp[index] = state.generation
      state.guardValue[index] = value
      return value
    }
  }

  // The cases below are out of line: `evaluate` recurses through `all`/`any`/`none` and guards
  // on every candidate, and keeping its own frame small (no SIMD, format or PCRE2 state) makes
  // each of those calls cheap. Their work is the same wherever it sits.

  /// Keywords searched for directly (plain evaluation and explain).
  @inline(never)
  private func evaluateKeywordsPlainly(
    _ range: Range<Int>, all: Bool, bounded: Bool, _ state: MatchState, _ mode: EvaluationMode
  ) -> Bool {
    var matchedAny = false
    for slot in range {
      let literal = literalRefs[slot]
      if let found = find(literal, bounded: bounded, in: state) {
        matchedAny = true
        if mode == .explain {
          record(
            key: .keywords, pattern: String(decoding: literals[literal], as: UTF8.self),
            normalizedRange: found, state)
        }
        if !all && mode != .explain { return true }
      } else if all {
        return false
      }
    }
    return matchedAny
  }

  /// A body regex whose literal gate is open (or plain evaluation): the digit and byte-run
  /// prefilters, the shortcut, then PCRE2.
  @inline(never)
  private func runRegexCondition(_ index: Int, _ state: MatchState, _ mode: EvaluationMode) -> Bool {
    // A regex that needs a digit cannot match a message with none.
    if mode != .naive, regexRequiresDigit[index], !state.textHasDigit() { return false }
    // The text is read once for the tests below and the run: one access to the state's
    // text (an exclusivity check and a retain), not one per use.
    var range: Range<Int>?
    var ran = false
    let matched = state.text.bytes.withUnsafeBufferPointer { text -> Bool in
      // Nor one whose required byte runs are not in the text.
      if mode != .naive,
        !byteRuns.mayMatch(index, text: text, profile: state.textProfile, nonASCIIDigit: state.textHasNonASCIIDigit)
      {
        return false
      }
      // A simple shape the matcher answers exactly from the text (not when explaining: the
      // span comes from PCRE2; nor on a text the budget cuts, where PCRE2 sees a prefix).
      if mode == .compiled, let shortcut = regexShortcuts[index], text.count <= state.budget.maxRegexSubjectBytes {
        if state.budgetExhausted { return false }
        if let answer = shortcut.answer(
          text, hasDigit: state.textHasDigit, hasNonASCIIDigit: state.textHasNonASCIIDigit)
        {
          return answer
        }
      }
      ran = true
      // Only the pattern: copying the whole CompiledRegex would retain its gate arrays too.
      return state.runRegex(regexes[index].pattern, on: text, matched: &range)
    }
    if ran, state.regexRunLog != nil { state.regexRunLog?.append((index, matched)) }
    if matched, mode == .explain, let range {
      record(key: .regex, pattern: regexes[index].source, normalizedRange: range, state)
    }
    return matched
  }

  @inline(never)
  private func evaluateSenderIs(_ index: Int, _ state: MatchState, _ mode: EvaluationMode) -> Bool {
    state.prepareSender()
    let matched = senderSets[index].contains(state.senderBytes)
    if matched && mode == .explain { recordSender(state) }
    return matched
  }

  @inline(never)
  private func evaluateSenderPrefix(_ index: Int, _ state: MatchState, _ mode: EvaluationMode) -> Bool {
    state.prepareSender()
    for prefix in senderPrefixes[index] where state.senderBytes.starts(with: prefix) {
      if mode == .explain { recordSender(state) }
      return true
    }
    return false
  }

  @inline(never)
  private func evaluateSenderRegex(_ index: Int, _ state: MatchState, _ mode: EvaluationMode) -> Bool {
    state.prepareSender()
    var range: Range<Int>?
    let pattern = regexes[index].pattern
    let matched = state.senderBytes.withUnsafeBufferPointer { state.runRegex(pattern, on: $0, matched: &range) }
    if matched && mode == .explain { recordSender(state) }
    return matched
  }

  @inline(never)
  private func evaluateCountry(_ index: Int, _ state: MatchState) -> Bool {
    guard let code = state.receiverISOCountryCode else { return false }
    // Codes are stored upper-case; compare ASCII case-insensitively without building a string.
    return countryLists[index].contains { stored in
      stored.utf8.elementsEqual(code.utf8) { $0 == ((0x61...0x7A).contains($1) ? $1 & 0xDF : $1) }
    }
  }

  /// A `model:` condition: the message's probabilities (computed once per message) against
  /// each threshold.
  @inline(never)
  private func evaluateModel(_ index: Int, _ state: MatchState, _ mode: EvaluationMode) -> Bool {
    // The probabilities once known for the message need no model reference (and no retain).
    let probabilities: SIMD16<Float>
    if let known = state.knownModelProbabilities {
      probabilities = known
    } else {
      guard let model else { return false }
      probabilities = state.modelProbabilities(model)
    }
    let tests = modelTestRanges[index]
    let passed = modelTests.withUnsafeBufferPointer { modelTests in
      modelRivalLanes.withUnsafeBufferPointer { rivalLanes -> (slot: Int, probability: Float)? in
        for test in Int(tests.lowerBound)..<Int(tests.upperBound) {
          if let probability = modelTests[test].probability(passing: probabilities, rivalLanes: rivalLanes) {
            return (test - Int(tests.lowerBound), probability)
          }
        }
        return nil
      }
    }
    guard let passed else { return false }
    if mode == .explain {
      let threshold = modelThresholds[index][passed.slot]
      state.spans?.append(
        MatchSpan(
          kind: .model, pattern: threshold.testDescription, range: 0..<0,
          text: String(format: "%.3f", passed.probability)))
    }
    return true
  }

  /// A guard in explain mode: evaluated once per message, its spans remembered.
  @inline(never)
  private func evaluateGuardExplaining(_ index: Int, _ state: MatchState) -> Bool {
    // Each guard is evaluated once per message; later references list the spans it found
    // then, leaving out spans the rule already lists: guards built on guards cannot
    // multiply the work or the output.
    if let memo = state.explainedGuards[index] {
      for span in memo where !(state.spans ?? []).contains(span) { state.spans?.append(span) }
      return state.guardValue[index]
    }
    let outer = state.spans
    state.spans = []
    let value = evaluate(guardRoots[index], state, .explain)
    let found = state.spans ?? []
    state.spans = outer.map { $0 + found }
    state.explainedGuards[index] = found
    state.guardStamp[index] = state.generation
    state.guardValue[index] = value
    return value
  }

  /// The first occurrence of a literal in the normalised text (on word boundaries if asked).
  func find(_ literal: Int, bounded: Bool, in state: MatchState) -> Range<Int>? {
    let needle = literals[literal]
    return state.text.bytes.withUnsafeBufferPointer { text -> Range<Int>? in
      guard needle.count <= text.count, let first = needle.first else { return nil }
      var start = 0
      let lastStart = text.count - needle.count
      while start <= lastStart {
        if text[start] == first {
          var equal = true
          for offset in 1..<needle.count where text[start + offset] != needle[offset] {
            equal = false
            break
          }
          if equal {
            let end = start + needle.count
            if !bounded || LiteralEntry.isBounded(literalBoundaries[literal], start: start, end: end, in: text) {
              return start..<end
            }
          }
        }
        start += 1
      }
      return nil
    }
  }

  private func record(key: ConditionKey, pattern: String, normalizedRange: Range<Int>, _ state: MatchState) {
    guard let kind = key.spanKind else { preconditionFailure("\(key) records no span") }
    let offsets = state.text.sourceOffsets
    let body = state.sourceBody
    guard !offsets.isEmpty, normalizedRange.lowerBound < offsets.count else {
      state.spans?.append(MatchSpan(kind: kind, pattern: pattern, range: 0..<0, text: ""))
      return
    }
    let start = Int(offsets[normalizedRange.lowerBound])
    let lastSource = Int(offsets[max(normalizedRange.lowerBound, normalizedRange.upperBound - 1)])
    // Extend to the end of the last source character.
    var end = min(lastSource + 1, body.count)
    while end < body.count, body[end] & 0xC0 == 0x80 { end += 1 }
    if normalizedRange.isEmpty { end = start }
    let text = String(decoding: body[start..<end], as: UTF8.self)
    state.spans?.append(MatchSpan(kind: kind, pattern: pattern, range: start..<end, text: text))
  }

  private func recordSender(_ state: MatchState) {
    state.spans?.append(
      MatchSpan(kind: .sender, pattern: "", range: 0..<0, text: state.sender ?? ""))
  }
}
