import PCRE2

extension CompiledRules {
  /// Builds the flat graph, interning literals.
  struct Builder {
    var nodes: [Node] = []
    var children: [Int] = []
    var literalRefs: [Int] = []
    var literals: [[UInt8]] = []
    var literalIndex: [LiteralKey: Int] = [:]
    var regexes: [CompiledRegex] = []
    var regexIndex: [String: Int] = [:]
    var senderSets: [Set<[UInt8]>] = []
    var senderPrefixes: [[[UInt8]]] = []
    var countryLists: [[String]] = []
    var modelThresholds: [[ModelThreshold]] = []
    var linkConditions: [LinkCondition] = []
    var phoneConditions: [PhoneCondition] = []
    var amountConditions: [AmountCondition] = []
    /// Each brand's keyword literals (for `offBrand` triggers).
    var brandLiterals: [[Int]] = []
    /// Where the first `model:` condition was written, for the error when there is no model.
    var firstModelCondition: (location: SourceLocation, rule: String)?
    var guardIndex: [String: Int] = [:]
    /// The estimated cost of each guard compiled so far (guards are compiled in index order).
    var guardCosts: [Int] = []
    /// How many conditions use each literal (by literal index).
    var literalUses: [Int] = []
    /// The widest trigger a union of triggers (`any`, `atLeast`) may have; wider, none is
    /// assumed (no literal required), which is always safe for a prefilter.
    static let maxUnionTrigger = 4096
    /// A gate whose shortest literal has at most this many bytes is weak: the regex also gets a
    /// byte-run factor (``RegexFactors``).
    static let weakGateLength = 3

    mutating func intern(_ bytes: [UInt8]) -> Int {
      let key = LiteralKey(bytes)
      if let index = literalIndex[key] {
        literalUses[index] += 1
        return index
      }
      literals.append(bytes)
      literalUses.append(1)
      literalIndex[key] = literals.count - 1
      return literals.count - 1
    }

    /// Keywords' normalised bytes worked out ahead of time (``RuleSet/normalizedKeywords``).
    var normalizedKeywords: [String: [UInt8]] = [:]

    /// A keyword's normalised bytes: worked out ahead of time, or now.
    func normalizedBytes(_ keyword: String) -> [UInt8] {
      normalizedKeywords[keyword] ?? Array(TextNormalizer.normalize(keyword).utf8)
    }

    mutating func keywordLiterals(_ keywords: [String]) -> [Int] {
      var ids: [Int] = []
      var seen = Set<Int>()
      for keyword in keywords {
        let bytes = normalizedBytes(keyword)
        if bytes.isEmpty { continue }
        let id = intern(bytes)
        if seen.insert(id).inserted { ids.append(id) }
      }
      return ids
    }

    /// The rule set's regexes analysed ahead of compilation, on two threads, by
    /// ``RegexAnalysis/key(_:body:)`` (a regex missing here is analysed when it is compiled).
    var regexAnalyses: [String: RegexAnalysis] = [:]

    mutating func regex(_ source: String, body: Bool, rule: Rule?) throws(RuleLoadError) -> Int {
      let key = RegexAnalysis.key(source, body: body)
      if let index = regexIndex[key] { return index }
      let analysis = regexAnalyses[key] ?? RegexAnalysis(source, body: body, weakGateLength: Builder.weakGateLength)
      let prepared = analysis.prepared
      let pattern: Pattern
      switch analysis.pattern {
      case .success(let compiled):
        pattern = compiled
      case .failure(let error):
        throw RuleLoadError(
          .regex(.init(message: error.message, offset: error.offset)),
          at: rule?.location ?? .unknown, ruleID: rule?.id, message: "regex '\(source)': \(error)")
      }
      var gate: [Int]?
      var clauses: [[[Int]]] = []
      if body, let branches = analysis.gate {
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
      regexes.append(
        CompiledRegex(
          pattern: pattern, source: prepared, gate: gate, clauses: clauses,
          requiresDigit: analysis.requiresDigit,
          // Only for a regex no literal gates, or only short ones (`80`, `-`) that most texts with
          // digits or punctuation hold: a regex gated by longer literals runs only where they
          // are, and there PCRE2's own search costs about what a scan of the text would.
          factor: body && (gate?.map { literals[$0].count }.min() ?? 0) <= Builder.weakGateLength
            ? (analysis.factor ?? RegexFactors.factor(prepared)) : nil,
          shortcut: analysis.shortcut))
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
      case .model(let thresholds):
        if firstModelCondition == nil {
          firstModelCondition = (rule?.location ?? .unknown, rule?.id ?? "a guard")
        }
        modelThresholds.append(thresholds)
        return (add(.model(modelThresholds.count - 1)), nil)
      case .link(let condition):
        linkConditions.append(condition)
        return (add(.link(linkConditions.count - 1)), nil)
      case .phone(let condition):
        phoneConditions.append(condition)
        return (add(.phone(phoneConditions.count - 1)), nil)
      case .amount(let condition):
        amountConditions.append(condition)
        return (add(.amount(amountConditions.count - 1)), nil)
      case .all(let list), .any(let list), .none(let list), .atLeast(_, let list):
        var indices: [Int] = []
        for child in list {
          indices.append(try compile(child, rule: rule, guardTriggers: guardTriggers).0)
        }
        // Cheapest first: which children hold does not depend on their order, and a keyword
        // that fails (or, under any, holds) spares the regexes and the model after it.
        indices = indices.enumerated().sorted { lhs, rhs in
          let (left, right) = (estimatedCost(lhs.element), estimatedCost(rhs.element))
          return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
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

    /// A rough cost of evaluating a node in the compiled matcher: literal stamps are free,
    /// sender and country checks cheap, a regex gated by literals less than one that always
    /// runs, links, phones and amounts (parsed once per message) more, the model (features of
    /// the whole text) most; a composite costs its children.
    func estimatedCost(_ node: Int) -> Int {
      switch nodes[node] {
      case .keywords: return 0
      case .senderIs, .senderPrefix, .senderKind, .country, .mixedScript: return 1
      case .senderRegex: return 5
      case .regex(let index):
        // A regex the matcher answers itself costs a pass over the text, no PCRE2 run. Only the
        // digit-free shape is ranked so: children are also evaluated (and their spans explained)
        // in this order, and ranking the other shapes (pictographs, digit runs, amounts, labels,
        // dimensions, quantities) cheaper reordered `--explain` output without sparing a run.
        if case .digitFree = regexes[index].shortcut { return 2 }
        return regexes[index].gate == nil ? 40 : 10
      case .guardRef(let index): return index < guardCosts.count ? guardCosts[index] : 20
      case .link, .phone, .amount: return 20
      case .model: return 60
      case .all(let range), .any(let range), .none(let range), .atLeast(_, let range):
        return range.reduce(0) { $0 + estimatedCost(children[$1]) }
      }
    }

    /// How often a trigger set is expected to fire: literals used by many conditions are common
    /// words (“your”, “code”), and short literals occur by chance more often than long ones.
    func cost(of trigger: Set<Int>) -> Double {
      trigger.reduce(0) { total, literal in
        total + Double(literalUses[literal]) + 16 / Double(max(1, literals[literal].count))
      }
    }

    /// Literals of which at least one must occur for `condition` to hold, or `nil` when no such
    /// set is known (the condition can hold without any literal).
    func trigger(of condition: Condition, guardTriggers: [Set<Int>?]) -> Set<Int>? {
      switch condition {
      case .anyKeyword(let keywords, _):
        let ids = keywords.compactMap { literalIndex[LiteralKey(normalizedBytes($0))] }
        return ids.isEmpty ? nil : Set(ids)
      case .allKeywords(let keywords, _):
        // Any one of them is necessary: pick the one expected to be found least often (a
        // common word that many conditions use would make the rule a candidate in most
        // messages).
        let ids = keywords.compactMap { literalIndex[LiteralKey(normalizedBytes($0))] }
        guard let best = ids.min(by: { cost(of: [$0]) < cost(of: [$1]) }) else { return nil }
        return [best]
      case .regex(let source):
        guard let index = regexIndex["b:" + source], let gate = regexes[index].gate else { return nil }
        return Set(gate)
      case .link(let link):
        // Naming a brand is necessary for `offBrand`: its keywords trigger the rule.
        guard link.offBrand == true else { return nil }
        let union = Set(brandLiterals.joined())
        return union.isEmpty || union.count > Builder.maxUnionTrigger ? nil : union
      case .senderIs, .senderPrefix, .senderRegex, .senderKind, .country, .mixedScript, .model, .none, .phone, .amount:
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
          // A trigger this wide fires on most messages anyway; assuming none (the condition is
          // always a candidate) keeps guards built on guards from holding a union each.
          if union.count > Builder.maxUnionTrigger { return nil }
        }
        return union
      case .atLeast(let count, let list):
        let known = list.compactMap { trigger(of: $0, guardTriggers: guardTriggers) }
        if list.count - known.count >= count { return nil }
        let union = known.reduce(into: Set<Int>()) { $0.formUnion($1) }
        return union.count > Builder.maxUnionTrigger ? nil : union
      case .guardRef(let name):
        guard let index = guardIndex[name], index < guardTriggers.count else { return nil }
        return guardTriggers[index]
      }
    }
  }
}
