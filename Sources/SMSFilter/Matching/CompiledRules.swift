import PCRE2
import SMSFilterLearning

/// A rule set compiled for matching: a flat condition graph, one automaton for every keyword and
/// regex literal, the regexes compiled with PCRE2, and the index from literals to the rules they
/// can trigger. Immutable, shared by all threads.
struct CompiledRules: Sendable {
  /// A node of the flat condition graph.
  enum Node: Sendable {
    /// Keywords (automaton pattern ids in `literalRefs[range]`); `all` or any; on word
    /// boundaries or anywhere.
    case keywords(range: Range<Int>, all: Bool, bounded: Bool)
    /// A body regex (index into `regexes`).
    case regex(Int)
    /// The sender equals one of a set (index into `senderSets`).
    case senderIs(Int)
    /// The sender starts with one of the prefixes (index into `senderPrefixes`).
    case senderPrefix(Int)
    /// A sender regex (index into `regexes`).
    case senderRegex(Int)
    /// The sender's kind is in the mask (bit `SenderKind` index).
    case senderKind(UInt8)
    /// The receiver's country is one of the upper-case codes in `countryLists[index]`.
    case country(Int)
    /// The body has (or has not) a mixed-script word.
    case mixedScript(Bool)
    /// The learned model reaches one of the thresholds in `modelThresholds[index]`.
    case model(Int)
    /// Links pass `linkConditions[index]`.
    case link(Int)
    /// A phone number passes `phoneConditions[index]`.
    case phone(Int)
    /// An amount passes `amountConditions[index]`.
    case amount(Int)
    /// All of the children (`children[range]`).
    case all(Range<Int>)
    /// Any of the children.
    case any(Range<Int>)
    /// None of the children.
    case none(Range<Int>)
    /// At least `count` of the children.
    case atLeast(Int, Range<Int>)
    /// The guard with this index.
    case guardRef(Int)
  }

  /// A compiled rule, in decision order.
  struct CompiledRule: Sendable {
    let rule: Rule
    let root: Int
  }

  /// A compiled regex and its prefilter.
  struct CompiledRegex: Sendable {
    let pattern: Pattern
    /// The regex as the rule wrote it (normalised like text), before ``RegexWordCharacters``
    /// wrote its word escapes out for PCRE2: what explanations and cost reports show.
    let source: String
    /// Literals of which every match contains one (`nil`: no such set; the regex always runs):
    /// what makes the regex's rule a candidate.
    let gate: [Int]?
    /// The full necessary condition, per top-level alternative: every clause (a literal list)
    /// has a literal in the text. Checked before running PCRE2; empty when there is none.
    let clauses: [[[Int]]]
    /// Every match contains a decimal digit (``RegexDigits``): skipped on a message with none.
    let requiresDigit: Bool
    /// Runs of byte classes every match contains (``RegexFactors``): skipped on a message
    /// without them; `nil` when there are none worth a scan.
    let factor: RegexFactors.Factor?
    /// The matcher answers this regex itself (``RegexShortcut``), without PCRE2, when it can.
    let shortcut: RegexShortcut?
  }

  var nodes: [Node] = []
  var children: [Int] = []
  var literalRefs: [Int] = []
  var rules: [CompiledRule] = []
  /// `rules[i].root`, id, action and sub-action, kept apart so the hot path does not copy
  /// whole rules.
  var ruleRoots: [Int] = []
  var ruleIDs: [String] = []
  var ruleActions: [Action] = []
  var ruleSubActions: [SubAction] = []
  var guardRoots: [Int] = []
  var guardNames: [String] = []
  var regexes: [CompiledRegex] = []
  /// Each regex's clauses, flattened for the hot path: regex `i`'s alternatives are
  /// `gateBranches[gateRange[i]]` (empty: no prefilter), an alternative's clauses are
  /// `gateClauses[gateBranches[j]]`, a clause's literals `gateLiterals[gateClauses[k]]`.
  var gateRange: [Range<Int>] = []
  /// `regexes[i].requiresDigit`, apart for the hot path.
  var regexRequiresDigit: [Bool] = []
  /// `regexes[i].shortcut`, apart for the hot path.
  var regexShortcuts: [RegexShortcut?] = []
  /// The regexes' factors, flattened for the hot path.
  var byteRuns = ByteRunFilter([])
  var gateBranches: [Range<Int>] = []
  var gateClauses: [Range<Int>] = []
  var gateLiterals: [Int] = []
  var countryLists: [[String]] = []
  var senderSets: [Set<[UInt8]>] = []
  var senderPrefixes: [[[UInt8]]] = []
  /// Each `model:` condition's thresholds, and for each threshold the lanes (1 for each class
  /// that counts) its probability sums.
  var modelThresholds: [[ModelThreshold]] = []
  /// The same thresholds flattened for the hot path: `model:` condition `i` tests
  /// `modelTests[modelTestRanges[i]]`, in order; their rivals' lanes are in `modelRivalLanes`.
  var modelTestRanges: [Range<Int32>] = []
  var modelTests: [ModelTest] = []
  var modelRivalLanes: [SIMD16<Float>] = []
  /// The learned model `model:` conditions consult.
  var model: LinearModel?
  /// The tests of each `link:`, `phone:` and `amount:` condition.
  var linkConditions: [LinkCondition] = []
  var phoneConditions: [PhoneCondition] = []
  var amountConditions: [AmountCondition] = []
  /// The brands and shorteners link conditions consult.
  var brandTable = BrandTable.empty

  /// The normalised bytes of every literal (keywords and regex literals), by pattern id.
  var literals: [[UInt8]] = []
  var automaton: AhoCorasick
  /// The key of the automaton's inputs (``PrecomputedAutomaton``), for the snapshot.
  var automatonKey: UInt64 = 0

  /// The rules (decision-order indices) of the literals that make more than one rule a
  /// candidate; each literal's entry (``LiteralEntry``) says where its list starts.
  var triggerRules: [Int32] = []
  /// Each literal's length and boundary needs, as ``LiteralEntry/lengthAndBoundaries`` packs
  /// them: for plain evaluation, which searches literals itself. (Everything else about a
  /// literal lives only in the automaton's entries.)
  var literalBoundaries: [UInt32] = []
  /// The keyword lists and gate clauses whose answer the automaton pass records
  /// (``LiteralGroups``).
  var literalGroups = LiteralGroups.empty
  /// Rules that no literal can trigger: always evaluated.
  var alwaysCandidates: [Int] = []
  /// What a message must have for each rule (decision order) to hold (``RuleRequirement``):
  /// a candidate whose requirement the message does not meet is not evaluated.
  var ruleRequirements: [RuleRequirement] = []

  var ruleCount: Int { rules.count }
}

extension CompiledRules {
  /// Compiles a validated rule set.
  ///
  /// - Parameter lowerLiteralRegexes: turn regexes that are only word lists into keywords
  ///   (``RegexLowering``); off only to test that the lowering changes nothing.
  /// - Throws: ``RuleLoadError`` if a regex fails to compile (a rule set made in code rather than
  ///   loaded from files may not have been checked).
  init(_ ruleSet: RuleSet, model: LinearModel? = nil, lowerLiteralRegexes: Bool = true) throws(RuleLoadError) {
    var builder = Builder()
    let precomputedAutomaton = ruleSet.precomputedAutomaton
    var ruleSet = ruleSet
    builder.normalizedKeywords = ruleSet.normalizedKeywords ?? [:]
    let brandLiterals = ruleSet.brands.map { builder.keywordLiterals($0.keywords) }
    builder.brandLiterals = brandLiterals
    if lowerLiteralRegexes, let lowered = ruleSet.loweredConditions, lowered.rules.count == ruleSet.rules.count {
      // Lowered ahead of time (the built-in snapshot): the same conditions, without the work.
      ruleSet.guards = lowered.guards
      ruleSet.rules = zip(ruleSet.rules, lowered.rules).map { $0.replacingCondition($1) }
    } else if lowerLiteralRegexes {
      ruleSet.guards = ruleSet.guards.mapValues(RegexLowering.lower)
      ruleSet.rules = ruleSet.rules.map { $0.replacingCondition(RegexLowering.lower($0.condition)) }
    }
    let ordered = ruleSet.rulesInDecisionOrder
    builder.regexAnalyses = RegexAnalysis.analyses(
      of: ruleSet.guards.values.map { $0 } + ordered.map(\.condition), weakGateLength: Builder.weakGateLength,
      known: ruleSet.regexFindings ?? [:])
    // Guards first, so rules can refer to them by index.
    let guardNames = ruleSet.guards.keys.sorted()
    builder.guardIndex = Dictionary(uniqueKeysWithValues: guardNames.enumerated().map { ($1, $0) })
    var guardRoots: [Int] = []
    var guardTriggers: [Set<Int>?] = []
    for name in guardNames {
      guard let condition = ruleSet.guards[name] else { continue }
      let (root, trigger) = try builder.compile(condition, rule: nil, guardTriggers: nil)
      guardRoots.append(root)
      builder.guardCosts.append(builder.estimatedCost(root))
      guardTriggers.append(trigger)
    }
    // Guards may refer to guards (never in a cycle: the loader refuses them): each guard's
    // trigger is computed once, after those of the guards it refers to (post-order), so a
    // chain of guards costs its length, whatever order their names sort in.
    var resolved = [Bool](repeating: false, count: guardNames.count)
    for start in guardNames.indices where !resolved[start] {
      var stack: [(index: Int, expanded: Bool)] = [(start, false)]
      while let (index, expanded) = stack.popLast() {
        if resolved[index] { continue }
        guard let condition = ruleSet.guards[guardNames[index]] else { continue }
        if expanded {
          guardTriggers[index] = builder.trigger(of: condition, guardTriggers: guardTriggers)
          resolved[index] = true
          continue
        }
        stack.append((index, true))
        for name in condition.guardReferences {
          if let dependency = builder.guardIndex[name], !resolved[dependency] { stack.append((dependency, false)) }
        }
      }
    }
    var compiledRules: [CompiledRule] = []
    var ruleTriggers: [Set<Int>?] = []
    for rule in ordered {
      let (root, _) = try builder.compile(rule.condition, rule: rule, guardTriggers: guardTriggers)
      compiledRules.append(CompiledRule(rule: rule, root: root))
      ruleTriggers.append(builder.trigger(of: rule.condition, guardTriggers: guardTriggers))
    }
    // The literal → rules index. A rule that is only a keyword list holds as soon as one of
    // its keywords is found (on word boundaries, if it asks for them): it is not a candidate
    // to evaluate, only the first such rule of each literal is kept (`firstRuleOnHit`).
    var perLiteral = [[Int]](repeating: [], count: builder.literals.count)
    var firstRuleOnHit = [(bounded: UInt32, anywhere: UInt32)](
      repeating: (LiteralEntry.noRule, LiteralEntry.noRule), count: builder.literals.count)
    var always: [Int] = []
    var keywordRuleRoots = Set<Int>()
    for (ruleIndex, trigger) in ruleTriggers.enumerated() {
      if case .keywords(let range, let all, let bounded) = builder.nodes[compiledRules[ruleIndex].root],
        !range.isEmpty, !all || range.count == 1
      {
        keywordRuleRoots.insert(compiledRules[ruleIndex].root)
        for slot in range {
          let literal = builder.literalRefs[slot]
          if bounded {
            firstRuleOnHit[literal].bounded = min(firstRuleOnHit[literal].bounded, UInt32(ruleIndex))
          } else {
            firstRuleOnHit[literal].anywhere = min(firstRuleOnHit[literal].anywhere, UInt32(ruleIndex))
          }
        }
        continue
      }
      guard let trigger, !trigger.isEmpty else {
        always.append(ruleIndex)
        continue
      }
      for literal in trigger { perLiteral[literal].append(ruleIndex) }
    }
    // The literals whose hits something evaluated later reads (a keyword condition other than
    // a keyword rule's root, or a regex's gate) need a stamp; the others only name the keyword
    // rules they make hold.
    // The literals some use of which counts a hit anywhere: a keyword list without word
    // boundaries (a keyword rule's root included), or a regex gate. Every other use asks for
    // word boundaries (bounded lists, brand names), so for the rest a hit elsewhere counts for
    // nothing: not as a stamp, not for a group, not as a trigger (a rule it triggers holds only
    // if one of its trigger literals is found in the way its condition asks).
    var needsStamp = [Bool](repeating: false, count: builder.literals.count)
    var countsAnywhere = [Bool](repeating: false, count: builder.literals.count)
    for (index, node) in builder.nodes.enumerated() {
      guard case .keywords(let range, _, let bounded) = node else { continue }
      let read = !keywordRuleRoots.contains(index)
      for slot in range {
        let literal = builder.literalRefs[slot]
        if read { needsStamp[literal] = true }
        if !bounded { countsAnywhere[literal] = true }
      }
    }
    for regex in builder.regexes {
      for branch in regex.clauses {
        for clause in branch {
          for literal in clause {
            needsStamp[literal] = true
            countsAnywhere[literal] = true
          }
        }
      }
    }
    for literal in brandLiterals.joined() { needsStamp[literal] = true }
    var triggerRules: [Int32] = []
    var literalInfo: [LiteralInfo] = []
    for (literal, list) in perLiteral.enumerated() {
      let start = triggerRules.count
      triggerRules.append(contentsOf: list.map { Int32($0) })
      let bytes = builder.literals[literal]
      let needsLeftBoundary = WordBoundary.needsBoundary(before: bytes)
      let needsRightBoundary = WordBoundary.needsBoundary(after: bytes)
      literalInfo.append(
        LiteralInfo(
          triggerStart: Int32(start), triggerEnd: Int32(triggerRules.count), length: Int32(bytes.count),
          needsLeftBoundary: needsLeftBoundary, needsRightBoundary: needsRightBoundary,
          needsStamp: needsStamp[literal] || !list.isEmpty,
          countsOnlyOnBoundaries: !countsAnywhere[literal] && (needsLeftBoundary || needsRightBoundary),
          firstRuleOnBoundedHit: firstRuleOnHit[literal].bounded,
          firstRuleOnAnyHit: firstRuleOnHit[literal].anywhere))
    }
    self.nodes = builder.nodes
    self.children = builder.children
    self.literalRefs = builder.literalRefs
    self.rules = compiledRules
    self.ruleRoots = compiledRules.map(\.root)
    self.ruleIDs = compiledRules.map(\.rule.id)
    self.ruleActions = compiledRules.map(\.rule.action)
    self.ruleSubActions = compiledRules.map(\.rule.subAction)
    self.guardRoots = guardRoots
    self.guardNames = guardNames
    self.regexes = builder.regexes
    self.regexRequiresDigit = builder.regexes.map(\.requiresDigit)
    self.regexShortcuts = builder.regexes.map(\.shortcut)
    self.byteRuns = ByteRunFilter(builder.regexes.map(\.factor))
    var gateRange: [Range<Int>] = []
    var gateBranches: [Range<Int>] = []
    var gateClauses: [Range<Int>] = []
    var gateLiterals: [Int] = []
    for regex in builder.regexes {
      let branchStart = gateBranches.count
      for branch in regex.clauses {
        let clauseStart = gateClauses.count
        for clause in branch {
          let literalStart = gateLiterals.count
          gateLiterals.append(contentsOf: clause)
          gateClauses.append(literalStart..<gateLiterals.count)
        }
        gateBranches.append(clauseStart..<gateClauses.count)
      }
      gateRange.append(branchStart..<gateBranches.count)
    }
    self.gateRange = gateRange
    self.gateBranches = gateBranches
    self.gateClauses = gateClauses
    self.gateLiterals = gateLiterals
    self.countryLists = builder.countryLists
    self.senderSets = builder.senderSets
    self.senderPrefixes = builder.senderPrefixes
    self.modelThresholds = builder.modelThresholds
    func mask(_ classes: [ModelClass]) -> SIMD16<Float> {
      var mask = SIMD16<Float>()
      for modelClass in classes { mask[modelClass.rawValue] = 1 }
      return mask
    }
    for list in builder.modelThresholds {
      let start = Int32(modelTests.count)
      for threshold in list {
        let rivalStart = Int32(modelRivalLanes.count)
        if threshold.mostLikely { modelRivalLanes.append(contentsOf: threshold.rivals.map(mask)) }
        modelTests.append(
          ModelTest(
            mask: mask(threshold.classes), minimum: threshold.minimum,
            rivals: rivalStart..<Int32(modelRivalLanes.count)))
      }
      modelTestRanges.append(start..<Int32(modelTests.count))
    }
    if let location = builder.firstModelCondition, model == nil {
      throw RuleLoadError(
        .model, at: location.location, ruleID: location.rule,
        message:
          "a 'model:' condition, but no model: name one in the rule set's header ('model: built-in' or a file) or with --model"
      )
    }
    self.model = model
    self.linkConditions = builder.linkConditions
    self.phoneConditions = builder.phoneConditions
    self.amountConditions = builder.amountConditions
    self.brandTable = BrandTable(brands: ruleSet.brands, keywordLiterals: brandLiterals, shorteners: ruleSet.shorteners)
    self.literals = builder.literals
    let payloadWords = LiteralEntry.words - 1
    var payloads: [UInt32] = []
    payloads.reserveCapacity(literalInfo.count * payloadWords)
    for info in literalInfo { payloads.append(contentsOf: LiteralEntry.payload(of: info, triggerRules: triggerRules)) }
    // The snapshot's automaton when it was built from these very literals and payloads.
    let built = PrecomputedAutomaton.automaton(
      precomputedAutomaton, patterns: builder.literals, payloads: payloads, payloadWords: payloadWords)
    self.automaton = built.automaton
    self.automatonKey = built.key
    precondition(
      payloads.isEmpty || automaton.entryWords == LiteralEntry.words,
      "the matcher steps through entries by LiteralEntry.words")
    self.triggerRules = triggerRules
    self.literalBoundaries = stride(from: LiteralEntry.lengthAndBoundaries - 1, to: payloads.count, by: payloadWords)
      .map { payloads[$0] }
    self.alwaysCandidates = always
    let literalBoundaries = self.literalBoundaries
    self.literalGroups = LiteralGroups(
      nodes: builder.nodes, literalRefs: builder.literalRefs, gateClauses: gateClauses, gateLiterals: gateLiterals,
      brandLiterals: brandTable.brandKeywords.map(\.literal), literalCount: builder.literals.count,
      stamped: { literalBoundaries[$0] & LiteralEntry.needsStamp != 0 })
    let requirements = nodeRequirements()
    self.ruleRequirements = ruleRoots.map { requirements[$0] }
  }
}
