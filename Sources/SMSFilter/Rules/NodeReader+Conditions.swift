import PCRE2
import Yams

// Conditions: a mapping of condition keys (several keys: all of them), or a list (all of its items).
extension NodeReader {
  /// A condition: a mapping (several keys mean all of them), or a list (all of its items).
  func condition(_ node: Node) throws(RuleLoadError) -> Condition {
    if case .sequence = node {
      return try conditionList(node, combine: { .all($0) })
    }
    let pairs = try mapping(node, what: "a condition")
    try checkKeys(
      pairs, allowed: RuleLoader.conditionKeys.union(ConditionKey.modifiers.keys), context: "a condition")
    var parts: [Condition] = []
    var wordBoundary = true
    if let boundaryNode = pairs.value(for: "wordBoundary") {
      guard pairs.value(for: "keywords") != nil || pairs.value(for: "allKeywords") != nil else {
        throw error(.invalidValue, boundaryNode, "'wordBoundary' goes with 'keywords' or 'allKeywords'")
      }
      wordBoundary = try bool(boundaryNode, what: "wordBoundary")
    }
    if let ofNode = pairs.keyNode(for: "of"), pairs.value(for: "atLeast") == nil {
      throw error(.invalidValue, ofNode, "'of' goes with 'atLeast'")
    }
    for (key, value) in pairs.pairs {
      // Modifiers (`wordBoundary`, `of`) were read above with the key they modify; every other
      // key is a ConditionKey (checkKeys allowed nothing else).
      guard let conditionKey = ConditionKey(rawValue: key.string ?? "") else { continue }
      switch conditionKey {
      case .keywords:
        parts.append(.anyKeyword(try keywords(value, what: "keywords"), wordBoundary: wordBoundary))
      case .allKeywords:
        parts.append(.allKeywords(try keywords(value, what: "allKeywords"), wordBoundary: wordBoundary))
      case .regex:
        let patterns = try strings(value, what: "regex")
        try validateRegexes(patterns, node: value)
        parts.append(patterns.count == 1 ? .regex(patterns[0]) : .any(patterns.map { .regex($0) }))
      case .sender:
        parts.append(.senderIs(try strings(value, what: "sender")))
      case .senderPrefix:
        parts.append(.senderPrefix(try strings(value, what: "senderPrefix")))
      case .senderRegex:
        let patterns = try strings(value, what: "senderRegex")
        try validateRegexes(patterns, node: value)
        parts.append(patterns.count == 1 ? .senderRegex(patterns[0]) : .any(patterns.map { .senderRegex($0) }))
      case .senderKind:
        var kinds: [SenderKind] = []
        for text in try strings(value, what: "senderKind") {
          guard let kind = SenderKind(rawValue: text) else {
            throw error(
              .invalidValue, value,
              "senderKind '\(text)' is not one of: \(SenderKind.allCases.map(\.rawValue).joined(separator: ", "))")
          }
          kinds.append(kind)
        }
        parts.append(.senderKind(kinds))
      case .country:
        parts.append(.country(try strings(value, what: "country").map { $0.uppercased() }))
      case .mixedScript:
        parts.append(.mixedScript(try bool(value, what: "mixedScript")))
      case .model:
        parts.append(.model(try modelThresholds(value)))
      case .link:
        parts.append(.link(try linkCondition(value)))
      case .phone:
        parts.append(.phone(try phoneCondition(value)))
      case .amount:
        parts.append(.amount(try amountCondition(value)))
      case .all:
        parts.append(try conditionList(value, combine: { .all($0) }))
      case .any:
        parts.append(try conditionList(value, combine: { .any($0) }))
      case .none:
        parts.append(.none([try conditionList(value, combine: { .any($0) })]))
      case .atLeast:
        let count = try int(value, what: "atLeast")
        guard let ofNode = pairs.value(for: "of") else {
          throw error(.missingKey("of"), key, "'atLeast: N' needs 'of: [conditions]'")
        }
        let children = try sequence(ofNode, what: "of")
        guard count >= 1, count <= children.count else {
          throw error(
            .invalidValue, value, "atLeast must be between 1 and the \(children.count) conditions listed in 'of'")
        }
        var list: [Condition] = []
        for child in children { list.append(try condition(child)) }
        parts.append(.atLeast(count, list))
      case .guard:
        parts.append(.guardRef(try identifier(value, what: "a guard name")))
      }
    }
    guard !parts.isEmpty else {
      throw error(
        .invalidValue, node,
        "an empty condition; use one of: \(RuleLoader.conditionKeys.sorted().joined(separator: ", "))")
    }
    return parts.count == 1 ? parts[0] : .all(parts)
  }

  /// A list of conditions (or a single one) combined with `combine`.
  func conditionList(_ node: Node, combine: ([Condition]) -> Condition) throws(RuleLoadError) -> Condition {
    guard case .sequence(let sequence) = node else { return try condition(node) }
    var list: [Condition] = []
    for item in sequence { list.append(try condition(item)) }
    guard !list.isEmpty else { throw error(.invalidValue, node, "an empty list of conditions") }
    return list.count == 1 ? list[0] : combine(list)
  }

  /// `{junk: 0.9, transactionalFinance: top, transactionalOrders: {top: true, atLeast: 0.2}}`:
  /// action or sub-action names, each with a probability, `top` (the most likely at its level),
  /// or both in a mapping; several entries: any.
  func modelThresholds(_ node: Node) throws(RuleLoadError) -> [ModelThreshold] {
    let pairs = try mapping(node, what: "model")
    guard !pairs.pairs.isEmpty else {
      throw error(.invalidValue, node, "model needs at least one 'name: probability' or 'name: top'")
    }
    var thresholds: [ModelThreshold] = []
    for (key, value) in pairs.pairs {
      let name = try string(key, what: "a model target")
      let target: ModelThreshold.Target
      if name == "filtered" {
        target = .filtered
      } else if let action = Action(name: name), action != .none {
        target = .action(action)
      } else if let subAction = SubAction(name: name), subAction != .none {
        target = .subAction(subAction)
      } else {
        throw error(
          .invalidValue, key,
          "model target '\(name)' is not an action (junk, promotion, transaction, allow), 'filtered' (junk or promotion) or a sub-action"
        )
      }
      let (minimum, mostLikely) = try modelTest(value, name: name)
      thresholds.append(ModelThreshold(target: target, minimum: minimum, mostLikely: mostLikely))
    }
    return thresholds
  }

  /// One target's test: a probability, `top`, or `{top: true, atLeast: P}`.
  private func modelTest(_ value: Node, name: String) throws(RuleLoadError) -> (Float, Bool) {
    if case .scalar(let scalar) = value, scalar.string == "top" { return (0, true) }
    if case .mapping = value {
      let pairs = try mapping(value, what: "model: \(name)")
      try checkKeys(pairs, allowed: ["top", "atLeast"], context: "model: \(name)")
      var mostLikely = false
      if let node = pairs.value(for: "top") { mostLikely = try bool(node, what: "top") }
      var minimum: Float = 0
      if let node = pairs.value(for: "atLeast") { minimum = try probability(node, name: name) }
      guard mostLikely || minimum > 0 else {
        throw error(.invalidValue, value, "model: \(name) needs 'top: true', 'atLeast: P' or both")
      }
      return (minimum, mostLikely)
    }
    return (try probability(value, name: name), false)
  }

  private func probability(_ value: Node, name: String) throws(RuleLoadError) -> Float {
    guard case .scalar(let scalar) = value, let minimum = Float(scalar.string), minimum > 0, minimum <= 1 else {
      throw error(
        .invalidValue, value,
        "model: \(name) needs a probability above 0 and at most 1, or 'top' (the most likely at its level), not \(describe(value))"
      )
    }
    return minimum
  }

  func keywords(_ node: Node, what: String) throws(RuleLoadError) -> [String] {
    let list = try strings(node, what: what)
    for keyword in list where TextNormalizer.normalize(keyword).isEmpty {
      throw error(.invalidValue, node, "keyword '\(keyword)' is empty after normalisation")
    }
    return list
  }
}
