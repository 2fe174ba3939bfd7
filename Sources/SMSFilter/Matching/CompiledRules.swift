import PCRE2

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
    /// Literals of which every match contains one (`nil`: no such set; the regex always runs):
    /// what makes the regex's rule a candidate.
    let gate: [Int]?
    /// The full necessary condition, per top-level alternative: every clause (a literal list)
    /// has a literal in the text. Checked before running PCRE2; empty when there is none.
    let clauses: [[[Int]]]
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
  var gateBranches: [Range<Int>] = []
  var gateClauses: [Range<Int>] = []
  var gateLiterals: [Int] = []
  var countryLists: [[String]] = []
  var senderSets: [Set<[UInt8]>] = []
  var senderPrefixes: [[[UInt8]]] = []

  /// The normalised bytes of every literal (keywords and regex literals), by pattern id.
  var literals: [[UInt8]] = []
  var automaton: AhoCorasick

  /// The rules (decision-order indices) of the literals that make more than one rule a
  /// candidate; each literal's entry (``LiteralEntry``) says where its list starts.
  var triggerRules: [Int32] = []
  /// Each literal's length and boundary needs, as ``LiteralEntry/lengthAndBoundaries`` packs
  /// them: for plain evaluation, which searches literals itself. (Everything else about a
  /// literal lives only in the automaton's entries.)
  var literalBoundaries: [UInt32] = []
  /// Rules that no literal can trigger: always evaluated.
  var alwaysCandidates: [Int] = []

  var ruleCount: Int { rules.count }
}

/// A literal's trigger list, length, boundary needs and the first rules it makes hold, while the
/// rules are compiled (the matcher keeps them as ``LiteralEntry`` payloads).
struct LiteralInfo: Sendable {
  /// Its rules are `triggerRules[triggerStart..<triggerEnd]`.
  let triggerStart: Int32
  let triggerEnd: Int32
  /// Its length in bytes.
  let length: Int32
  /// Whether it needs a word boundary before / after it to count as a bounded match.
  let needsLeftBoundary: Bool
  let needsRightBoundary: Bool
  /// Whether the matcher must stamp its hits: a condition evaluated after the pass (or a rule it
  /// triggers) reads them. A literal only keyword rules use needs no stamp.
  let needsStamp: Bool
  /// The first rule (decision-order index) that holds when the literal is found on word
  /// boundaries / anywhere, without evaluating it; ``LiteralEntry/noRule`` if none.
  let firstRuleOnBoundedHit: UInt32
  let firstRuleOnAnyHit: UInt32
}

/// The layout of the entry the automaton reports for a literal (``AhoCorasick/Tables/entries(ofRow:)``):
/// the literal's id, then its payload, all the record step needs in one place.
enum LiteralEntry {
  /// Words per entry.
  static let words = 6
  /// The literal's id (its stamps' index).
  static let literal = 0
  /// The one rule it triggers, when `triggerCount == 1`; else where its rules start in
  /// `triggerRules`.
  static let trigger = 1
  /// How many rules it triggers.
  static let triggerCount = 2
  /// Its length in bytes, with ``needsLeftBoundary``, ``needsRightBoundary`` and ``needsStamp``.
  static let lengthAndBoundaries = 3
  /// ``LiteralInfo/firstRuleOnBoundedHit`` and ``LiteralInfo/firstRuleOnAnyHit``.
  static let firstRuleOnBoundedHit = 4
  static let firstRuleOnAnyHit = 5
  /// No rule.
  static let noRule = UInt32.max
  static let needsLeftBoundary: UInt32 = 1 << 31
  static let needsRightBoundary: UInt32 = 1 << 30
  static let needsStamp: UInt32 = 1 << 29
  static let lengthMask: UInt32 = (1 << 29) - 1

  /// Whether the occurrence `text[start..<end]` of a literal whose ``lengthAndBoundaries`` word
  /// is `packed` stands on word boundaries where the literal needs them.
  @inline(__always)
  static func isBounded(_ packed: UInt32, start: Int, end: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
    (packed & needsLeftBoundary == 0 || !WordBoundary.wordCharacterEnds(before: start, in: text))
      && (packed & needsRightBoundary == 0 || !WordBoundary.wordCharacterStarts(at: end, in: text))
  }

  /// The payload words (everything after the id) for a literal: offset `k` of the entry is
  /// `payload[k - 1]`.
  static func payload(of info: LiteralInfo, triggerRules: [Int32]) -> [UInt32] {
    let count = info.triggerEnd - info.triggerStart
    let trigger = count == 1 ? triggerRules[Int(info.triggerStart)] : info.triggerStart
    precondition(UInt32(info.length) <= lengthMask, "literal too long")
    return [
      UInt32(trigger), UInt32(count),
      UInt32(info.length) | (info.needsLeftBoundary ? needsLeftBoundary : 0)
        | (info.needsRightBoundary ? needsRightBoundary : 0) | (info.needsStamp ? needsStamp : 0),
      info.firstRuleOnBoundedHit, info.firstRuleOnAnyHit,
    ]
  }
}

extension CompiledRules {
  /// Compiles a validated rule set.
  ///
  /// - Parameter lowerLiteralRegexes: turn regexes that are only word lists into keywords
  ///   (``RegexLowering``); off only to test that the lowering changes nothing.
  /// - Throws: ``RuleLoadError`` if a regex fails to compile (a rule set made in code rather than
  ///   loaded from files may not have been checked).
  init(_ ruleSet: RuleSet, lowerLiteralRegexes: Bool = true) throws(RuleLoadError) {
    var builder = Builder()
    var ruleSet = ruleSet
    if lowerLiteralRegexes {
      ruleSet.guards = ruleSet.guards.mapValues(RegexLowering.lower)
      ruleSet.rules = ruleSet.rules.map { rule in
        Rule(
          id: rule.id, description: rule.description, action: rule.action, subAction: rule.subAction,
          priority: rule.priority, condition: RegexLowering.lower(rule.condition),
          matchingExamples: rule.matchingExamples, nonMatchingExamples: rule.nonMatchingExamples,
          location: rule.location)
      }
    }
    let ordered = ruleSet.rulesInDecisionOrder
    // Guards first, so rules can refer to them by index.
    let guardNames = ruleSet.guards.keys.sorted()
    builder.guardIndex = Dictionary(uniqueKeysWithValues: guardNames.enumerated().map { ($1, $0) })
    var guardRoots: [Int] = []
    var guardTriggers: [Set<Int>?] = []
    for name in guardNames {
      let (root, trigger) = try builder.compile(ruleSet.guards[name]!, rule: nil, guardTriggers: nil)
      guardRoots.append(root)
      guardTriggers.append(trigger)
    }
    // Guards may refer to guards: resolve their triggers to a fixed point (no cycles: the loader
    // refuses them), by recompiling triggers with the guards' own known triggers.
    for _ in 0..<guardNames.count {
      var changed = false
      for (index, name) in guardNames.enumerated() {
        let trigger = builder.trigger(of: ruleSet.guards[name]!, guardTriggers: guardTriggers)
        if trigger != guardTriggers[index] {
          guardTriggers[index] = trigger
          changed = true
        }
      }
      if !changed { break }
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
    var needsStamp = [Bool](repeating: false, count: builder.literals.count)
    for (index, node) in builder.nodes.enumerated() where !keywordRuleRoots.contains(index) {
      if case .keywords(let range, _, _) = node {
        for slot in range { needsStamp[builder.literalRefs[slot]] = true }
      }
    }
    for regex in builder.regexes {
      for branch in regex.clauses { for clause in branch { for literal in clause { needsStamp[literal] = true } } }
    }
    var triggerRules: [Int32] = []
    var literalInfo: [LiteralInfo] = []
    for (literal, list) in perLiteral.enumerated() {
      let start = triggerRules.count
      triggerRules.append(contentsOf: list.map { Int32($0) })
      let bytes = builder.literals[literal]
      literalInfo.append(
        LiteralInfo(
          triggerStart: Int32(start), triggerEnd: Int32(triggerRules.count), length: Int32(bytes.count),
          needsLeftBoundary: WordBoundary.needsBoundary(before: bytes),
          needsRightBoundary: WordBoundary.needsBoundary(after: bytes),
          needsStamp: needsStamp[literal] || !list.isEmpty,
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
    self.literals = builder.literals
    let payloads = literalInfo.map { LiteralEntry.payload(of: $0, triggerRules: triggerRules) }
    self.automaton = AhoCorasick(patterns: builder.literals, payloads: payloads)
    precondition(
      payloads.isEmpty || automaton.entryWords == LiteralEntry.words, "the matcher steps through entries by LiteralEntry.words")
    self.triggerRules = triggerRules
    self.literalBoundaries = payloads.map { $0[LiteralEntry.lengthAndBoundaries - 1] }
    self.alwaysCandidates = always
  }

  /// Builds the flat graph, interning literals.
  struct Builder {
    var nodes: [Node] = []
    var children: [Int] = []
    var literalRefs: [Int] = []
    var literals: [[UInt8]] = []
    var literalIndex: [[UInt8]: Int] = [:]
    var regexes: [CompiledRegex] = []
    var regexIndex: [String: Int] = [:]
    var senderSets: [Set<[UInt8]>] = []
    var senderPrefixes: [[[UInt8]]] = []
    var countryLists: [[String]] = []
    var guardIndex: [String: Int] = [:]
    /// How many conditions use each literal.
    var literalUses: [Int: Int] = [:]

    mutating func intern(_ bytes: [UInt8]) -> Int {
      defer { literalUses[literalIndex[bytes]!, default: 0] += 1 }
      if let index = literalIndex[bytes] { return index }
      literals.append(bytes)
      literalIndex[bytes] = literals.count - 1
      return literals.count - 1
    }

    mutating func keywordLiterals(_ keywords: [String]) -> [Int] {
      var ids: [Int] = []
      for keyword in keywords {
        let bytes = Array(TextNormalizer.normalize(keyword).utf8)
        if bytes.isEmpty { continue }
        let id = intern(bytes)
        if !ids.contains(id) { ids.append(id) }
      }
      return ids
    }

    mutating func regex(_ source: String, body: Bool, rule: Rule?) throws(RuleLoadError) -> Int {
      let key = (body ? "b:" : "s:") + source
      if let index = regexIndex[key] { return index }
      let prepared = RegexSource.prepare(source)
      let pattern: Pattern
      do {
        pattern = try Pattern(prepared, options: [.caseless])
      } catch {
        throw RuleLoadError(
          .regex(.init(message: error.message, offset: error.offset)),
          at: rule?.location ?? .unknown, ruleID: rule?.id, message: "regex '\(source)': \(error)")
      }
      var gate: [Int]?
      var clauses: [[[Int]]] = []
      if body, let branches = RegexLiterals.gate(in: prepared) {
        clauses = branches.map { branch in
          branch.map { set in set.sorted().map { intern(Array($0.utf8)) } }
        }
        // The trigger: for each alternative, its clause expected to fire least often.
        var union = Set<Int>()
        for branch in clauses {
          if let best = branch.min(by: { cost(of: Set($0)) < cost(of: Set($1)) }) { union.formUnion(best) }
        }
        gate = Array(union).sorted()
      }
      regexes.append(CompiledRegex(pattern: pattern, gate: gate, clauses: clauses))
      regexIndex[key] = regexes.count - 1
      return regexes.count - 1
    }

    mutating func add(_ node: Node) -> Int {
      nodes.append(node)
      return nodes.count - 1
    }

    mutating func addChildren(_ list: [Int]) -> Range<Int> {
      let start = children.count
      children.append(contentsOf: list)
      return start..<children.count
    }

    /// Compiles a condition; returns its node index (the trigger is computed separately).
    mutating func compile(_ condition: Condition, rule: Rule?, guardTriggers: [Set<Int>?]?)
      throws(RuleLoadError) -> (Int, Set<Int>?)
    {
      switch condition {
      case .anyKeyword(let keywords, let bounded), .allKeywords(let keywords, let bounded):
        let ids = keywordLiterals(keywords)
        let start = literalRefs.count
        literalRefs.append(contentsOf: ids)
        var all = false
        if case .allKeywords = condition { all = true }
        return (add(.keywords(range: start..<literalRefs.count, all: all, bounded: bounded)), nil)
      case .regex(let source):
        return (add(.regex(try regex(source, body: true, rule: rule))), nil)
      case .senderRegex(let source):
        return (add(.senderRegex(try regex(source, body: false, rule: rule))), nil)
      case .senderIs(let senders):
        senderSets.append(Set(senders.map { SenderText.lowercased(Array($0.utf8)) }))
        return (add(.senderIs(senderSets.count - 1)), nil)
      case .senderPrefix(let prefixes):
        senderPrefixes.append(prefixes.map { SenderText.lowercased(Array($0.utf8)) })
        return (add(.senderPrefix(senderPrefixes.count - 1)), nil)
      case .senderKind(let kinds):
        var mask: UInt8 = 0
        for kind in kinds { mask |= kind.maskBit }
        return (add(.senderKind(mask)), nil)
      case .country(let codes):
        countryLists.append(codes.map { $0.uppercased() })
        return (add(.country(countryLists.count - 1)), nil)
      case .mixedScript(let flag):
        return (add(.mixedScript(flag)), nil)
      case .all(let list), .any(let list), .none(let list), .atLeast(_, let list):
        var indices: [Int] = []
        for child in list {
          indices.append(try compile(child, rule: rule, guardTriggers: guardTriggers).0)
        }
        let range = addChildren(indices)
        switch condition {
        case .all: return (add(.all(range)), nil)
        case .any: return (add(.any(range)), nil)
        case .none: return (add(.none(range)), nil)
        case .atLeast(let count, _): return (add(.atLeast(count, range)), nil)
        default: preconditionFailure("unreachable")
        }
      case .guardRef(let name):
        guard let index = guardIndex[name] else {
          throw RuleLoadError(
            .unknownGuard(name), at: rule?.location ?? .unknown, ruleID: rule?.id,
            message: "no guard named '\(name)'")
        }
        return (add(.guardRef(index)), nil)
      }
    }

    /// How often a trigger set is expected to fire: literals used by many conditions are common
    /// words (“your”, “code”), and short literals occur by chance more often than long ones.
    func cost(of trigger: Set<Int>) -> Double {
      trigger.reduce(0) { total, literal in
        total + Double(literalUses[literal, default: 1]) + 16 / Double(max(1, literals[literal].count))
      }
    }

    /// Literals of which at least one must occur for `condition` to hold, or `nil` when no such
    /// set is known (the condition can hold without any literal).
    func trigger(of condition: Condition, guardTriggers: [Set<Int>?]) -> Set<Int>? {
      switch condition {
      case .anyKeyword(let keywords, _):
        let ids = keywords.compactMap { literalIndex[Array(TextNormalizer.normalize($0).utf8)] }
        return ids.isEmpty ? nil : Set(ids)
      case .allKeywords(let keywords, _):
        // Any one of them is necessary: pick the one expected to be found least often (a
        // common word that many conditions use would make the rule a candidate in most
        // messages).
        let ids = keywords.compactMap { literalIndex[Array(TextNormalizer.normalize($0).utf8)] }
        guard let best = ids.min(by: { cost(of: [$0]) < cost(of: [$1]) }) else { return nil }
        return [best]
      case .regex(let source):
        guard let index = regexIndex["b:" + source], let gate = regexes[index].gate else { return nil }
        return Set(gate)
      case .senderIs, .senderPrefix, .senderRegex, .senderKind, .country, .mixedScript, .none:
        return nil
      case .all(let list):
        // Any one child's trigger is necessary: pick the one expected to fire least often.
        let known = list.compactMap { trigger(of: $0, guardTriggers: guardTriggers) }
        return known.min { cost(of: $0) < cost(of: $1) }
      case .any(let list):
        var union = Set<Int>()
        for child in list {
          guard let childTrigger = trigger(of: child, guardTriggers: guardTriggers) else { return nil }
          union.formUnion(childTrigger)
        }
        return union
      case .atLeast(let count, let list):
        let known = list.compactMap { trigger(of: $0, guardTriggers: guardTriggers) }
        if list.count - known.count >= count { return nil }
        return known.reduce(into: Set<Int>()) { $0.formUnion($1) }
      case .guardRef(let name):
        guard let index = guardIndex[name], index < guardTriggers.count else { return nil }
        return guardTriggers[index]
      }
    }
  }
}

/// Lower-casing of sender IDs (ASCII letters only: sender IDs are ASCII in practice, and anything
/// else is compared as written).
enum SenderText {
  static func lowercased(_ bytes: [UInt8]) -> [UInt8] {
    bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
  }
}
