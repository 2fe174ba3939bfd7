import SMSFilterModel

// How a ``Condition`` tree is written in a snapshot: a tag byte per case, then its fields. The
// switches name every case with no `default:`, so a new condition kind does not compile until it
// has a tag here (and the round-trip test covers every kind the built-in rules use).

extension SnapshotWriter {
  /// Writes a condition tree.
  mutating func write(_ condition: Condition) {
    switch condition {
    case .anyKeyword(let keywords, let wordBoundary):
      writeTag(0)
      write(keywords)
      write(wordBoundary)
    case .allKeywords(let keywords, let wordBoundary):
      writeTag(1)
      write(keywords)
      write(wordBoundary)
    case .regex(let source):
      writeTag(2)
      write(source)
    case .senderIs(let senders):
      writeTag(3)
      write(senders)
    case .senderPrefix(let prefixes):
      writeTag(4)
      write(prefixes)
    case .senderRegex(let source):
      writeTag(5)
      write(source)
    case .senderKind(let kinds):
      writeTag(6)
      write(kinds.map(\.rawValue))
    case .country(let codes):
      writeTag(7)
      write(codes)
    case .mixedScript(let value):
      writeTag(8)
      write(value)
    case .model(let thresholds):
      writeTag(9)
      write(UInt64(thresholds.count))
      for threshold in thresholds { write(threshold) }
    case .link(let link):
      writeTag(10)
      write(link)
    case .phone(let phone):
      writeTag(11)
      write(phone.kinds)
    case .amount(let amount):
      writeTag(12)
      write(amount.currencies)
      write(amount.minimum != nil)
      if let minimum = amount.minimum { writeFixed(minimum.bitPattern) }
    case .all(let list):
      writeTag(13)
      write(list)
    case .any(let list):
      writeTag(14)
      write(list)
    case .none(let list):
      writeTag(15)
      write(list)
    case .atLeast(let count, let list):
      writeTag(16)
      write(count)
      write(list)
    case .guardRef(let name):
      writeTag(17)
      write(name)
    }
  }

  /// Writes a list of conditions.
  mutating func write(_ list: [Condition]) {
    write(UInt64(list.count))
    for condition in list { write(condition) }
  }

  mutating func write(_ threshold: ModelThreshold) {
    switch threshold.target {
    case .action(let action):
      writeTag(0)
      write(action.rawValue)
    case .subAction(let subAction):
      writeTag(1)
      write(subAction.rawValue)
    case .filtered:
      writeTag(2)
    }
    write(UInt64(threshold.minimum.bitPattern))
    write(threshold.mostLikely)
  }

  mutating func write(_ link: LinkCondition) {
    write(link.domains)
    write(link.topLevelDomains)
    for test in [
      link.shortener, link.ipAddress, link.punycode, link.mixedScript, link.lookalike, link.offBrand,
      link.obfuscated, link.userInfo,
    ] {
      write(test)
    }
    write(link.count)
  }
}

extension SnapshotReader {
  /// Reads a condition tree; `depth` bounds the nesting a corrupt snapshot could claim.
  mutating func readCondition(depth: Int = 0) throws(RuleSetSnapshot.Failure) -> Condition {
    guard depth < 256 else { throw .corrupt("conditions nested deeper than 256") }
    switch try readTag() {
    case 0: return .anyKeyword(try readStrings(), wordBoundary: try readBool())
    case 1: return .allKeywords(try readStrings(), wordBoundary: try readBool())
    case 2: return .regex(try readString())
    case 3: return .senderIs(try readStrings())
    case 4: return .senderPrefix(try readStrings())
    case 5: return .senderRegex(try readString())
    case 6:
      var kinds: [SenderKind] = []
      for name in try readStrings() {
        guard let kind = SenderKind(rawValue: name) else { throw .corrupt("sender kind '\(name)'") }
        kinds.append(kind)
      }
      return .senderKind(kinds)
    case 7: return .country(try readStrings())
    case 8: return .mixedScript(try readBool())
    case 9:
      let count = try readCount()
      var thresholds: [ModelThreshold] = []
      for _ in 0..<count { thresholds.append(try readThreshold()) }
      return .model(thresholds)
    case 10: return .link(try readLink())
    case 11: return .phone(PhoneCondition(kinds: try readStrings()))
    case 12:
      let currencies = try readStrings()
      let minimum = try readBool() ? Double(bitPattern: try readFixed()) : nil
      return .amount(AmountCondition(currencies: currencies, minimum: minimum))
    case 13: return .all(try readConditions(depth: depth))
    case 14: return .any(try readConditions(depth: depth))
    case 15: return .none(try readConditions(depth: depth))
    case 16:
      let count = try readInt()
      return .atLeast(count, try readConditions(depth: depth))
    case 17: return .guardRef(try readString())
    case let tag: throw .corrupt("condition tag \(tag)")
    }
  }

  /// Reads a list of conditions.
  mutating func readConditions(depth: Int) throws(RuleSetSnapshot.Failure) -> [Condition] {
    let count = try readCount()
    var list: [Condition] = []
    list.reserveCapacity(count)
    for _ in 0..<count { list.append(try readCondition(depth: depth + 1)) }
    return list
  }

  mutating func readThreshold() throws(RuleSetSnapshot.Failure) -> ModelThreshold {
    let target: ModelThreshold.Target
    switch try readTag() {
    case 0:
      let raw = try readInt()
      guard let action = Action(rawValue: raw) else { throw .corrupt("action \(raw)") }
      target = .action(action)
    case 1:
      let raw = try readInt()
      guard let subAction = SubAction(rawValue: raw) else { throw .corrupt("sub-action \(raw)") }
      target = .subAction(subAction)
    case 2: target = .filtered
    case let tag: throw .corrupt("model target tag \(tag)")
    }
    let bits = try readUInt()
    guard bits <= UInt64(UInt32.max) else { throw .corrupt("probability bits \(bits)") }
    return ModelThreshold(target: target, minimum: Float(bitPattern: UInt32(bits)), mostLikely: try readBool())
  }

  mutating func readLink() throws(RuleSetSnapshot.Failure) -> LinkCondition {
    var link = LinkCondition()
    link.domains = try readOptionalStrings()
    link.topLevelDomains = try readOptionalStrings()
    link.shortener = try readOptionalBool()
    link.ipAddress = try readOptionalBool()
    link.punycode = try readOptionalBool()
    link.mixedScript = try readOptionalBool()
    link.lookalike = try readOptionalBool()
    link.offBrand = try readOptionalBool()
    link.obfuscated = try readOptionalBool()
    link.userInfo = try readOptionalBool()
    link.count = try readInt()
    return link
  }
}
