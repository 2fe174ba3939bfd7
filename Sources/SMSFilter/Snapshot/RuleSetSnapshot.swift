import SMSFilterModel

/// A compact binary image of a loaded ``RuleSet`` — rules, guards, header, brands, shorteners,
/// examples with their source locations, and each condition after the regex lowering — read back
/// without YAML: how the built-in rules start in a few milliseconds (``DefaultRules``).
///
/// The image records the checksum (XXH64) of the rule files it was made from. ``decode(_:sources:)``
/// refuses an image whose checksum is not that of the files given, so a snapshot older than the
/// rule files is never used: the files are then parsed as usual. The committed snapshot
/// (`snapshots/rules.snapshot`, embedded at build time with the rule files) is checked against
/// a fresh load by the test suite (`RuleSetSnapshotTests`), and `scripts/update-rules-snapshot`
/// writes it again.
///
/// Layout: the magic `SMSFRULESNAP`, the format version, the source checksum (8 bytes), then the
/// rule set (``SnapshotWriter``'s encoding), then every keyword with its normalised text, then
/// every regex's findings (``RegexFindings``, for the lowered conditions), then the compiled
/// rules' keyword automaton (``PrecomputedAutomaton``) when they compile, then the
/// XXH64 of every byte before it (8 bytes), then nothing.
package enum RuleSetSnapshot {
  /// Why a snapshot was not used.
  package enum Failure: Error, Equatable, CustomStringConvertible {
    /// Another format, or another version of this one.
    case format(String)
    /// Made from other rule files than those given.
    case stale(expected: UInt64, found: UInt64)
    /// Truncated or damaged.
    case corrupt(String)

    package var description: String {
      switch self {
      case .format(let what): "not a rule-set snapshot of this version: \(what)"
      case .stale(let expected, let found):
        "the snapshot was made from other rule files (checksum \(String(found, radix: 16)), the files' is \(String(expected, radix: 16)))"
      case .corrupt(let what): "a damaged rule-set snapshot: \(what)"
      }
    }
  }

  static let magic: [UInt8] = Array("SMSFRULESNAP".utf8)
  /// Raised whenever the encoding changes.
  static let formatVersion: UInt64 = 4

  /// The checksum of rule files, as a snapshot records it: XXH64 of each name and text, each
  /// followed by a zero byte, in order.
  package static func checksum(of sources: [(name: String, text: String)]) -> UInt64 {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(sources.reduce(0) { $0 + $1.name.utf8.count + $1.text.utf8.count + 2 })
    for source in sources {
      bytes.append(contentsOf: source.name.utf8)
      bytes.append(0)
      bytes.append(contentsOf: source.text.utf8)
      bytes.append(0)
    }
    return bytes.withUnsafeBytes { Checksums.xxh64($0) }
  }

  /// The snapshot of `ruleSet`, loaded from `sources`; the conditions are lowered here
  /// (``RegexLowering``) so that loading the snapshot need not.
  package static func encode(_ ruleSet: RuleSet, sources: [(name: String, text: String)]) -> [UInt8] {
    var writer = SnapshotWriter()
    writer.writeRaw(magic)
    writer.write(formatVersion)
    writer.writeFixed(checksum(of: sources))
    writer.write(ruleSet.name)
    writer.write(ruleSet.capabilities == .unrestricted)
    if ruleSet.capabilities != .unrestricted {
      writer.write(ruleSet.capabilities.transactional.map(\.name))
      writer.write(ruleSet.capabilities.promotional.map(\.name))
    }
    writer.write(ruleSet.fallbackAction.rawValue)
    let guardNames = ruleSet.guards.keys.sorted()
    writer.write(UInt64(guardNames.count))
    for name in guardNames {
      guard let condition = ruleSet.guards[name] else { continue }
      writer.write(name)
      writer.writeLowering(of: condition)
    }
    writer.write(UInt64(ruleSet.rules.count))
    for rule in ruleSet.rules { writer.write(rule) }
    writer.write(ruleSet.directoryPaths)
    switch ruleSet.model {
    case nil: writer.writeTag(0)
    case .builtIn: writer.writeTag(1)
    case .file(let path):
      writer.writeTag(2)
      writer.write(path)
    }
    writer.write(UInt64(ruleSet.brands.count))
    for brand in ruleSet.brands {
      writer.write(brand.name)
      writer.write(brand.markets)
      writer.write(brand.keywords)
      writer.write(brand.domains)
      writer.write(brand.senders)
    }
    writer.write(ruleSet.shorteners)
    // Every keyword's normalised text, so compiling needs no normalisation tables.
    var keywords = Set(ruleSet.brands.flatMap(\.keywords))
    for condition in ruleSet.guards.values.map({ $0 }) + ruleSet.rules.map(\.condition) {
      keywords.formUnion(condition.keywordTexts)
      keywords.formUnion(RegexLowering.lower(condition).keywordTexts)
    }
    let sorted = keywords.sorted()
    writer.write(sorted)
    writer.write(sorted.map(TextNormalizer.normalize))
    // What compiling works out from each regex's text, so starting the rules need not.
    writer.writeRegexFindings(
      of: ruleSet.guards.values.map(RegexLowering.lower) + ruleSet.rules.map { RegexLowering.lower($0.condition) },
      weakGateLength: CompiledRules.Builder.weakGateLength)
    // The automaton the rules compile to (with their model, which only `model:` conditions
    // need); none when they do not compile.
    let model = ruleSet.model.flatMap { try? DefaultModel.load($0) }
    if let compiled = try? CompiledRules(ruleSet, model: model) {
      writer.write(true)
      writer.write(PrecomputedAutomaton(key: compiled.automatonKey, automaton: compiled.automaton))
    } else {
      writer.write(false)
    }
    let content = writer.bytes.withUnsafeBytes { Checksums.xxh64($0) }
    writer.writeFixed(content)
    return writer.bytes
  }

  /// The rule set in `bytes`, provided it was made from exactly `sources`.
  ///
  /// - Throws: ``Failure``: another format or version, another set of rule files (`stale`), or
  ///   damaged bytes.
  package static func decode(_ bytes: [UInt8], sources: [(name: String, text: String)]) throws(Failure) -> RuleSet {
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(Failure) in try decode(buffer, sources: sources) }
    }.get()
  }

  /// The rule set in `bytes` (read in place), provided it was made from exactly `sources`.
  ///
  /// - Throws: ``Failure``.
  package static func decode(
    _ bytes: UnsafeRawBufferPointer, sources: [(name: String, text: String)]
  ) throws(Failure) -> RuleSet {
    var reader = SnapshotReader(bytes)
    guard (try? reader.readRaw(magic.count)) == magic else { throw .format("no SMSFRULESNAP magic") }
    let version = try reader.readUInt()
    guard version == formatVersion else {
      throw .format("format version \(version), this build reads \(formatVersion)")
    }
    let recorded = try reader.readFixed()
    let expected = checksum(of: sources)
    guard recorded == expected else { throw .stale(expected: expected, found: recorded) }
    guard bytes.count >= magic.count + 16 else { throw .corrupt("too short for its checksum") }
    let content = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 8)])
    var trailer = SnapshotReader(UnsafeRawBufferPointer(rebasing: bytes[(bytes.count - 8)...]))
    guard try trailer.readFixed() == Checksums.xxh64(content) else {
      throw .corrupt("the content does not match its checksum")
    }
    let name = try reader.readString()
    var capabilities = Capabilities.unrestricted
    if !(try reader.readBool()) {
      let transactional = try reader.readSubActions()
      let promotional = try reader.readSubActions()
      do {
        capabilities = try Capabilities(
          transactional: transactional, promotional: promotional,
          limitPerGroup: max(transactional.count, promotional.count))
      } catch {
        throw .corrupt("capabilities: \(error)")
      }
    }
    let fallbackRaw = try reader.readInt()
    guard let fallback = Action(rawValue: fallbackRaw) else { throw .corrupt("fallback action \(fallbackRaw)") }
    var guards: [String: Condition] = [:]
    var loweredGuards: [String: Condition] = [:]
    for _ in 0..<(try reader.readCount()) {
      let name = try reader.readString()
      let (condition, lowered) = try reader.readLowering()
      guards[name] = condition
      loweredGuards[name] = lowered
    }
    let ruleCount = try reader.readCount()
    var rules: [Rule] = []
    var loweredRules: [Condition] = []
    rules.reserveCapacity(ruleCount)
    loweredRules.reserveCapacity(ruleCount)
    for _ in 0..<ruleCount {
      let (rule, lowered) = try reader.readRule()
      rules.append(rule)
      loweredRules.append(lowered)
    }
    let directoryPaths = try reader.readStrings()
    let model: ModelReference?
    switch try reader.readTag() {
    case 0: model = nil
    case 1: model = .builtIn
    case 2: model = .file(try reader.readString())
    case let tag: throw .corrupt("model reference tag \(tag)")
    }
    var brands: [Brand] = []
    for _ in 0..<(try reader.readCount()) {
      brands.append(
        Brand(
          name: try reader.readString(), markets: try reader.readStrings(), keywords: try reader.readStrings(),
          domains: try reader.readStrings(), senders: try reader.readStrings()))
    }
    let shorteners = try reader.readStrings()
    let keywords = try reader.readStrings()
    let normalized = try reader.readStrings()
    guard keywords.count == normalized.count else {
      throw .corrupt("\(keywords.count) keywords, \(normalized.count) normalised")
    }
    let (weakGateLength, regexFindings) = try reader.readRegexFindings()
    let automaton = try reader.readBool() ? try reader.readAutomaton() : nil
    _ = try reader.readFixed()  // the content checksum, checked above
    guard reader.isAtEnd else { throw .corrupt("bytes after the end") }
    var ruleSet = RuleSet(
      name: name, capabilities: capabilities, fallbackAction: fallback, guards: guards, rules: rules,
      directoryPaths: directoryPaths, model: model)
    ruleSet.brands = brands
    ruleSet.shorteners = shorteners
    ruleSet.loweredConditions = LoweredConditions(guards: loweredGuards, rules: loweredRules)
    ruleSet.precomputedAutomaton = automaton
    // Findings worked out for another weak-gate length would leave out factors this build asks
    // for: then they are worked out again.
    if weakGateLength == CompiledRules.Builder.weakGateLength { ruleSet.regexFindings = regexFindings }
    ruleSet.normalizedKeywords = Dictionary(
      zip(keywords, normalized.lazy.map { Array($0.utf8) }), uniquingKeysWith: { first, _ in first })
    return ruleSet
  }
}

extension SnapshotWriter {
  /// Writes a condition, then whether lowering changes it and, if so, the lowered condition.
  mutating func writeLowering(of condition: Condition) {
    write(condition)
    let lowered = RegexLowering.lower(condition)
    write(lowered != condition)
    if lowered != condition { write(lowered) }
  }

  mutating func write(_ rule: Rule) {
    write(rule.id)
    write(rule.description)
    write(rule.action.rawValue)
    write(rule.subAction.rawValue)
    write(rule.priority)
    writeLowering(of: rule.condition)
    for examples in [rule.matchingExamples, rule.nonMatchingExamples] {
      write(UInt64(examples.count))
      for example in examples {
        write(example.query.sender)
        write(example.query.messageBody)
        write(example.query.receiverISOCountryCode)
        write(example.location)
      }
    }
    write(rule.location)
  }

  mutating func write(_ location: SourceLocation) {
    write(location.file)
    write(location.line)
    write(location.column)
  }
}

extension SnapshotReader {
  /// Reads a condition and its lowered form (the same when lowering does not change it).
  mutating func readLowering() throws(RuleSetSnapshot.Failure) -> (Condition, Condition) {
    let condition = try readCondition()
    return (condition, try readBool() ? try readCondition() : condition)
  }

  mutating func readRule() throws(RuleSetSnapshot.Failure) -> (Rule, lowered: Condition) {
    let id = try readString()
    let description = try readOptionalString()
    let actionRaw = try readInt()
    let subActionRaw = try readInt()
    guard let action = Action(rawValue: actionRaw), let subAction = SubAction(rawValue: subActionRaw) else {
      throw .corrupt("rule \(id): action \(actionRaw), sub-action \(subActionRaw)")
    }
    let priority = try readInt()
    let (condition, lowered) = try readLowering()
    var examples: [[RuleExample]] = []
    for _ in 0..<2 {
      var list: [RuleExample] = []
      for _ in 0..<(try readCount()) {
        let query = MessageQuery(
          sender: try readOptionalString(), messageBody: try readString(),
          receiverISOCountryCode: try readOptionalString())
        list.append(RuleExample(query: query, location: try readLocation()))
      }
      examples.append(list)
    }
    let rule = Rule(
      id: id, description: description, action: action, subAction: subAction, priority: priority,
      condition: condition, matchingExamples: examples[0], nonMatchingExamples: examples[1],
      location: try readLocation())
    return (rule, lowered)
  }

  mutating func readLocation() throws(RuleSetSnapshot.Failure) -> SourceLocation {
    SourceLocation(file: try readString(), line: try readInt(), column: try readInt())
  }

  mutating func readSubActions() throws(RuleSetSnapshot.Failure) -> [SubAction] {
    var list: [SubAction] = []
    for name in try readStrings() {
      guard let subAction = SubAction(name: name) else { throw .corrupt("sub-action '\(name)'") }
      list.append(subAction)
    }
    return list
  }
}

extension Condition {
  /// The keywords written in this condition and the conditions under it (not through guards).
  var keywordTexts: [String] {
    switch self {
    case .anyKeyword(let keywords, _), .allKeywords(let keywords, _): keywords
    case .all(let list), .any(let list), .none(let list), .atLeast(_, let list): list.flatMap(\.keywordTexts)
    case .regex, .senderIs, .senderPrefix, .senderRegex, .senderKind, .country, .mixedScript, .model, .link, .phone,
      .amount, .guardRef:
      []
    }
  }
}
