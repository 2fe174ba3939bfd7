import Testing

@testable import SMSFilter

/// The built-in rules' snapshot: current, exact, and never used when it does not belong to the
/// rule files.
@Suite struct RuleSetSnapshotTests {
  /// Every field of two rule sets, compared.
  static func expectSame(_ lhs: RuleSet, _ rhs: RuleSet) {
    #expect(lhs.name == rhs.name)
    #expect(lhs.capabilities == rhs.capabilities)
    #expect(lhs.fallbackAction == rhs.fallbackAction)
    #expect(lhs.guards == rhs.guards)
    #expect(lhs.rules == rhs.rules)
    #expect(lhs.directoryPaths == rhs.directoryPaths)
    #expect(lhs.model == rhs.model)
    #expect(lhs.brands == rhs.brands)
    #expect(lhs.shorteners == rhs.shorteners)
  }

  @Test func theCommittedSnapshotIsTheOneTheRuleFilesGiveToday() throws {
    let fresh = RuleSetSnapshot.encode(try DefaultRules.ruleSetFromFiles(), sources: DefaultRules.sources)
    if case .failure(let why) = DefaultRules.snapshotStatus {
      Issue.record("the built-in snapshot is not used: \(why); run scripts/update-rules-snapshot")
    }
    // Byte for byte: also catches a change to the regex lowering or the normaliser that left
    // the rule files alone (the snapshot holds their results).
    #expect(
      Array(DefaultRules.snapshotBytes) == fresh,
      "snapshots/rules.snapshot is not what the rule files and this code give: run scripts/update-rules-snapshot")
  }

  @Test func theBuiltInRulesFromTheSnapshotEqualTheFiles() throws {
    let fromSnapshot = try DefaultRules.ruleSet()
    let fromFiles = try DefaultRules.ruleSetFromFiles()
    #expect(fromSnapshot.loweredConditions != nil && fromSnapshot.normalizedKeywords != nil)
    #expect(fromFiles.loweredConditions == nil)
    Self.expectSame(fromSnapshot, fromFiles)
    let lowered = try #require(fromSnapshot.loweredConditions)
    #expect(lowered.rules == fromFiles.rules.map { RegexLowering.lower($0.condition) })
    #expect(lowered.guards == fromFiles.guards.mapValues(RegexLowering.lower))
    for (keyword, bytes) in try #require(fromSnapshot.normalizedKeywords) {
      #expect(bytes == Array(TextNormalizer.normalize(keyword).utf8), "keyword '\(keyword)'")
    }
  }

  @Test func classifiersFromTheSnapshotAndFromTheFilesDecideAlike() throws {
    let fromSnapshot = try Classifier(ruleSet: DefaultRules.ruleSet())
    let fromFiles = try Classifier(ruleSet: DefaultRules.ruleSetFromFiles())
    var compared = 0
    for message in try PackagePaths.corpusMessages().prefix(3000) {
      let query = MessageQuery(sender: message.sender, messageBody: message.body)
      #expect(fromSnapshot.classify(query) == fromFiles.classify(query), "\(message.body)")
      #expect("\(fromSnapshot.explain(query))" == "\(fromFiles.explain(query))", "\(message.body)")
      compared += 1
    }
    #expect(compared > 1000)
  }

  @Test func everyConditionKindRoundTrips() throws {
    var link = LinkCondition()
    link.topLevelDomains = ["xyz"]
    link.lookalike = true
    link.userInfo = false
    link.count = 2
    let condition = Condition.all([
      .anyKeyword(["código", "ＷＩＮ"], wordBoundary: true), .allKeywords(["a", "b"], wordBoundary: false),
      .regex(#"(?<!\w)(?:refund|reembolso)(?!\w)"#), .senderIs(["VM-HDFCBK"]), .senderPrefix(["AD-"]),
      .senderRegex(#"^\d+$"#), .senderKind([.dlt, .phone]), .country(["IN"]), .mixedScript(false),
      .model([
        ModelThreshold(target: .action(.junk), minimum: 0.9),
        ModelThreshold(target: .subAction(.transactionalFinance), minimum: 0.25),
        ModelThreshold(target: .filtered, minimum: 1),
        ModelThreshold(target: .subAction(.transactionalOrders), minimum: 0, mostLikely: true),
        ModelThreshold(target: .action(.promotion), minimum: 0.2, mostLikely: true),
      ]),
      .link(link), .phone(PhoneCondition(kinds: ["premium"])),
      .amount(AmountCondition(currencies: ["INR"], minimum: 1000.5)), .amount(AmountCondition()),
      .any([.none([.guardRef("g")]), .atLeast(-1, [])]),
    ])
    let example = RuleExample(
      query: MessageQuery(sender: nil, messageBody: "x", receiverISOCountryCode: "IN"),
      location: SourceLocation(file: "f.yaml", line: 3, column: 5))
    var ruleSet = RuleSet(
      name: "every-kind", capabilities: try Capabilities([.transactionalFinance, .promotionalOffers]),
      fallbackAction: .allow, guards: ["g": .country(["US"])],
      rules: [
        Rule(
          id: "R", description: "all kinds", action: .transaction, subAction: .transactionalFinance, priority: -3,
          condition: condition, matchingExamples: [example], nonMatchingExamples: [],
          location: SourceLocation(file: "f.yaml", line: 1, column: 3))
      ],
      directoryPaths: ["/x.smsdir"], model: .file("/m.smsmodel"))
    ruleSet.brands = [Brand(name: "B", markets: ["IN"], keywords: ["bee"], domains: ["b.example"], senders: ["BEE"])]
    ruleSet.shorteners = ["bit.ly"]
    let sources = [(name: "f.yaml", text: "any text")]
    let bytes = RuleSetSnapshot.encode(ruleSet, sources: sources)
    let decoded = try RuleSetSnapshot.decode(bytes, sources: sources)
    Self.expectSame(decoded, ruleSet)
    #expect(RuleSetSnapshot.encode(decoded, sources: sources) == bytes)
    #expect(decoded.normalizedKeywords?["ＷＩＮ"] == Array("win".utf8))
  }

  @Test func aSnapshotOfOtherFilesOrDamagedBytesIsRefused() throws {
    let ruleSet = RuleSet(rules: [Rule(id: "A", action: .junk, condition: .anyKeyword(["win"], wordBoundary: true))])
    let sources = [(name: "a.yaml", text: "one")]
    let bytes = RuleSetSnapshot.encode(ruleSet, sources: sources)
    #expect(throws: RuleSetSnapshot.Failure.self) {
      try RuleSetSnapshot.decode(bytes, sources: [(name: "a.yaml", text: "two")])
    }
    #expect(throws: RuleSetSnapshot.Failure.self) {
      try RuleSetSnapshot.decode(bytes, sources: [(name: "b.yaml", text: "one")])
    }
    #expect(bytes.count > 16)
    for length in 0..<bytes.count {
      #expect(throws: RuleSetSnapshot.Failure.self) {
        try RuleSetSnapshot.decode(Array(bytes.prefix(length)), sources: sources)
      }
    }
    #expect(throws: RuleSetSnapshot.Failure.self) { try RuleSetSnapshot.decode(bytes + [0], sources: sources) }
    #expect((try? RuleSetSnapshot.decode(bytes, sources: sources)) != nil)
  }

  @Test func theBuiltInRulesCompileWithTheSnapshotsAutomatonWhichIsTheOneABuildGives() throws {
    let ruleSet = try DefaultRules.ruleSet()
    let precomputed = try #require(ruleSet.precomputedAutomaton)
    let model = try DefaultModel.builtIn()
    let fromSnapshot = try CompiledRules(ruleSet, model: model)
    let fromFiles = try CompiledRules(DefaultRules.ruleSetFromFiles(), model: model)
    // Used: the literals and payloads the rules compile to are those the automaton was built from.
    #expect(fromSnapshot.automatonKey == precomputed.key)
    #expect(fromFiles.automatonKey == precomputed.key)
    #expect(fromSnapshot.literals == fromFiles.literals)
    // And its tables are exactly what building it gives.
    let (stored, built) = (fromSnapshot.automaton, fromFiles.automaton)
    #expect(stored.dense == built.dense && stored.sparse == built.sparse)
    #expect(stored.denseEntryStart == built.denseEntryStart && stored.denseEntries == built.denseEntries)
    #expect(stored.classOf == built.classOf && stored.classCount == built.classCount)
    #expect(stored.denseCount == built.denseCount && stored.stateCount == built.stateCount)
    #expect(stored.entryWords == built.entryWords && stored.rowInverse == built.rowInverse)
  }

  /// The regex findings the snapshot stores are, for every regex the rules compile, what
  /// analysing that regex gives today, so starting from them changes nothing.
  @Test func theSnapshotsRegexFindingsAreWhatAnalysingEachRegexGives() throws {
    let ruleSet = try DefaultRules.ruleSet()
    let stored = try #require(ruleSet.regexFindings)
    let lowered = try #require(ruleSet.loweredConditions)
    let sources = RegexAnalysis.sources(of: Array(lowered.guards.values) + lowered.rules)
    #expect(sources.count > 300)
    #expect(Set(stored.keys) == Set(sources.map { RegexAnalysis.key($0.source, body: $0.body) }))
    var withFactor = 0
    var withShortcut = 0
    for (source, body) in sources {
      let fresh = RegexFindings(source, body: body, weakGateLength: CompiledRules.Builder.weakGateLength)
      let kept = stored[RegexAnalysis.key(source, body: body)]
      #expect(kept == fresh, "\(source)")
      if case .some(.some) = fresh.factor { withFactor += 1 }
      if fresh.shortcut != nil { withShortcut += 1 }
    }
    // The parts with their own encodings are exercised.
    #expect(withFactor > 0 && withShortcut > 0)
  }

  /// Compiling takes a rule set's stored regex findings as they are: findings planted for a
  /// regex (a rewritten text that matches another word) decide, not the regex's own text.
  @Test func compilingUsesTheRuleSetsStoredRegexFindings() throws {
    let source = #"abc\d"#
    var ruleSet = RuleSet(rules: [Rule(id: "R", action: .junk, condition: .regex(source))])
    let query = MessageQuery(messageBody: "a planted text")
    #expect(try Classifier(ruleSet: ruleSet).classify(query).ruleID == nil)
    ruleSet.regexFindings = [
      RegexAnalysis.key(source, body: true): RegexFindings(
        prepared: "planted", compiledSource: "planted", gate: nil, requiresDigit: false, factor: nil, shortcut: nil)
    ]
    #expect(try Classifier(ruleSet: ruleSet).classify(query).ruleID == "R")
  }

  @Test func anAutomatonBuiltFromOtherLiteralsIsNotUsed() throws {
    let patterns: [[UInt8]] = [Array("refund".utf8), Array("win".utf8)]
    let precomputed = PrecomputedAutomaton.automaton(nil, patterns: patterns, payloads: [7, 8], payloadWords: 1)
    // Stored tables whose key matches are used as they are, not rebuilt: tables planted under the
    // key of `patterns` (built from other literals, so a rebuild would tell) come back unchanged.
    let planted = PrecomputedAutomaton(
      key: precomputed.key, automaton: AhoCorasick(patterns: [Array("planted".utf8)], payloads: [1], payloadWords: 1))
    #expect(planted.automaton.dense != precomputed.automaton.dense)
    let reused = PrecomputedAutomaton.automaton(planted, patterns: patterns, payloads: [7, 8], payloadWords: 1)
    #expect(reused.key == precomputed.key)
    #expect(reused.automaton.dense == planted.automaton.dense && reused.automaton.sparse == planted.automaton.sparse)
    // Another payload, another pattern, another payload width: each a new automaton.
    for (otherPatterns, payloads, words) in [
      (patterns, [7, 9] as [UInt32], 1), (patterns + [Array("x".utf8)], [7, 8, 9], 1), (patterns, [], 0),
    ] {
      let used = PrecomputedAutomaton.automaton(
        precomputed, patterns: otherPatterns, payloads: payloads, payloadWords: words)
      #expect(used.key != precomputed.key)
      let fresh = AhoCorasick(patterns: otherPatterns, payloads: payloads, payloadWords: words)
      #expect(used.automaton.dense == fresh.dense && used.automaton.sparse == fresh.sparse)
      #expect(used.automaton.denseEntries == fresh.denseEntries && used.automaton.entryWords == fresh.entryWords)
    }
  }

  @Test func aSnapshotWithAnyByteChangedIsRefused() throws {
    let bytes = Array(DefaultRules.snapshotBytes)
    let sources = DefaultRules.sources
    #expect((try? RuleSetSnapshot.decode(bytes, sources: sources)) != nil)
    // Past the header: bytes in the rules, the keywords and the automaton's tables.
    for position in stride(from: 64, to: bytes.count, by: bytes.count / 7) {
      var damaged = bytes
      damaged[position] ^= 0x10
      #expect(throws: RuleSetSnapshot.Failure.self, "byte \(position)") {
        try RuleSetSnapshot.decode(damaged, sources: sources)
      }
    }
  }

  @Test func changingTheRulesDropsTheLoweringWorkedOutAhead() throws {
    var ruleSet = try DefaultRules.ruleSet()
    #expect(ruleSet.loweredConditions != nil)
    ruleSet.rules = Array(ruleSet.rules.dropLast())
    #expect(ruleSet.loweredConditions == nil)
    var again = try DefaultRules.ruleSet()
    again.guards = [:]
    #expect(again.loweredConditions == nil)
  }
}
