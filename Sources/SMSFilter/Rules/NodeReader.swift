import PCRE2
import Yams

/// Reads YAML nodes into rule values, turning every mistake into a positioned ``RuleLoadError``.
struct NodeReader {
  let file: String
  /// The rule (or guard) being read, for error messages.
  var currentRule: String?

  init(file: String) { self.file = file }

  /// The key/value pairs of a mapping, in file order.
  struct Pairs {
    let pairs: [(Node, Node)]
    let location: SourceLocation

    func value(for key: String) -> Node? {
      pairs.first(where: { $0.0.string == key })?.1
    }
    func keyNode(for key: String) -> Node? {
      pairs.first(where: { $0.0.string == key })?.0
    }
  }

  func location(of node: Node) -> SourceLocation {
    let mark = node.mark
    return SourceLocation(file: file, line: mark?.line ?? 0, column: mark?.column ?? 0)
  }

  func error(_ kind: RuleLoadError.Kind, _ node: Node, _ message: String) -> RuleLoadError {
    RuleLoadError(kind, at: location(of: node), ruleID: currentRule, message: message)
  }

  func describe(_ node: Node) -> String {
    switch node {
    case .scalar(let scalar): "'\(scalar.string)'"
    case .mapping: "a mapping"
    case .sequence: "a list"
    case .alias: "an alias"
    }
  }

  // MARK: Shapes

  func mapping(_ node: Node, what: String) throws(RuleLoadError) -> Pairs {
    guard case .mapping(let mapping) = node else {
      throw error(.invalidValue, node, "\(what) must be a mapping, not \(describe(node))")
    }
    return Pairs(pairs: mapping.map { ($0.key, $0.value) }, location: location(of: node))
  }

  func sequence(_ node: Node, what: String) throws(RuleLoadError) -> [Node] {
    guard case .sequence(let sequence) = node else {
      throw error(.invalidValue, node, "\(what) must be a list, not \(describe(node))")
    }
    return Array(sequence)
  }

  func string(_ node: Node, what: String) throws(RuleLoadError) -> String {
    guard case .scalar(let scalar) = node else {
      throw error(.invalidValue, node, "\(what) must be a string, not \(describe(node))")
    }
    return scalar.string
  }

  /// A string, or a list of strings (a single string counts as a one-element list).
  func strings(_ node: Node, what: String) throws(RuleLoadError) -> [String] {
    if case .scalar(let scalar) = node { return [scalar.string] }
    let list = try sequence(node, what: what)
    var result: [String] = []
    for item in list { result.append(try string(item, what: "each entry of \(what)")) }
    if result.isEmpty { throw error(.invalidValue, node, "\(what) must not be empty") }
    return result
  }

  func int(_ node: Node, what: String) throws(RuleLoadError) -> Int {
    guard case .scalar(let scalar) = node, let value = Int(scalar.string) else {
      throw error(.invalidValue, node, "\(what) must be a whole number, not \(describe(node))")
    }
    return value
  }

  func bool(_ node: Node, what: String) throws(RuleLoadError) -> Bool {
    guard case .scalar(let scalar) = node, let value = Bool(scalar.string.lowercased()) else {
      throw error(.invalidValue, node, "\(what) must be true or false, not \(describe(node))")
    }
    return value
  }

  func identifier(_ node: Node, what: String) throws(RuleLoadError) -> String {
    let text = try string(node, what: what)
    let valid =
      !text.isEmpty
      && text.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
          UInt8(ascii: "."):
          true
        default: false
        }
      }
    guard valid else {
      throw error(
        .invalidValue, node, "\(what) '\(text)' may use only letters, digits, '_', '-' and '.'")
    }
    return text
  }

  func checkKeys(_ pairs: Pairs, allowed: Set<String>, context: String) throws(RuleLoadError) {
    var seen = Set<String>()
    for (key, _) in pairs.pairs {
      let name = try string(key, what: "a key")
      if !allowed.contains(name) {
        let suggestion = NodeReader.closest(to: name, in: allowed).map { " (did you mean '\($0)'?)" } ?? ""
        throw error(
          .unknownKey(name), key,
          "unknown key '\(name)' in \(context)\(suggestion); allowed: \(allowed.sorted().joined(separator: ", "))")
      }
      if !seen.insert(name).inserted {
        throw error(.duplicate(name), key, "key '\(name)' appears twice")
      }
    }
  }

  /// The allowed key nearest to a misspelt one, by edit distance, if close enough.
  static func closest(to name: String, in allowed: Set<String>) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
      var previous = Array(0...b.count)
      for (i, ca) in a.enumerated() {
        var current = [i + 1]
        for (j, cb) in b.enumerated() {
          current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
        }
        previous = current
      }
      return previous[b.count]
    }
    let lowered = Array(name.lowercased())
    let best = allowed.map { ($0, distance(lowered, Array($0.lowercased()))) }.min { $0.1 < $1.1 }
    guard let best, best.1 <= max(2, name.count / 3) else { return nil }
    return best.0
  }

  // MARK: Model values

  func action(_ node: Node, what: String) throws(RuleLoadError) -> Action {
    let text = try string(node, what: what)
    guard let action = Action(name: text) else {
      throw error(
        .invalidValue, node,
        "\(what) '\(text)' is not an action; expected one of: none, allow, junk, promotion, transaction")
    }
    return action
  }

  func subAction(_ node: Node) throws(RuleLoadError) -> SubAction {
    let text = try string(node, what: "subAction")
    guard let subAction = SubAction(name: text) else {
      throw error(.invalidValue, node, CapabilitiesError.unknownName(text).description)
    }
    return subAction
  }

  func capabilities(_ node: Node) throws(RuleLoadError) -> Capabilities {
    let pairs = try mapping(node, what: "capabilities")
    try checkKeys(pairs, allowed: ["transactional", "promotional", "limitPerGroup"], context: "capabilities")
    var limit = Capabilities.defaultLimitPerGroup
    if let limitNode = pairs.value(for: "limitPerGroup") {
      limit = try int(limitNode, what: "limitPerGroup")
      if limit < 0 { throw error(.invalidValue, limitNode, "limitPerGroup must not be negative") }
    }
    var groups: [[SubAction]] = [[], []]
    for (index, key) in ["transactional", "promotional"].enumerated() {
      guard let listNode = pairs.value(for: key) else { continue }
      if case .sequence(let sequence) = listNode, sequence.isEmpty { continue }
      for item in try sequence(listNode, what: "capabilities.\(key)") {
        groups[index].append(try subAction(item))
      }
    }
    do {
      return try Capabilities(transactional: groups[0], promotional: groups[1], limitPerGroup: limit)
    } catch {
      throw self.error(.capabilities(error), node, "capabilities: \(error)")
    }
  }

  // MARK: Rules

  mutating func rule(_ node: Node) throws(RuleLoadError) -> Rule {
    currentRule = nil
    let pairs = try mapping(node, what: "a rule")
    if let idNode = pairs.value(for: "id") {
      currentRule = try identifier(idNode, what: "a rule id")
    }
    try checkKeys(pairs, allowed: RuleLoader.ruleKeys, context: "a rule")
    guard let idNode = pairs.value(for: "id") else {
      throw error(.missingKey("id"), node, "a rule needs an 'id'")
    }
    let id = try identifier(idNode, what: "a rule id")
    guard let actionNode = pairs.value(for: "action") else {
      throw error(.missingKey("action"), node, "a rule needs an 'action'")
    }
    let action = try self.action(actionNode, what: "action")
    var subAction = SubAction.none
    if let subNode = pairs.value(for: "subAction") {
      subAction = try self.subAction(subNode)
      if !subAction.isValid(with: action) {
        throw error(
          .invalidValue, subNode,
          "subAction \(subAction.name) does not belong to action \(action.name)"
            + (subAction.parentAction.map { " (it belongs to \($0.name))" } ?? ""))
      }
    }
    let priority =
      try pairs.value(for: "priority").map { (node) throws(RuleLoadError) in
        try int(node, what: "priority")
      } ?? 0
    let description = try pairs.value(for: "description").map { (node) throws(RuleLoadError) in
      try string(node, what: "description")
    }
    guard let whenNode = pairs.value(for: "when") else {
      throw error(.missingKey("when"), node, "a rule needs a 'when' condition")
    }
    var condition = try self.condition(whenNode)
    if let unlessNode = pairs.value(for: "unless") {
      let unless = try conditionList(unlessNode, combine: { .any($0) })
      condition = .all([condition, .none([unless])])
    }
    var matching: [RuleExample] = []
    var nonMatching: [RuleExample] = []
    if let examplesNode = pairs.value(for: "examples") {
      let examples = try mapping(examplesNode, what: "examples")
      try checkKeys(examples, allowed: ["match", "noMatch"], context: "examples")
      if let list = examples.value(for: "match") {
        for item in try sequence(list, what: "examples.match") { matching.append(try example(item)) }
      }
      if let list = examples.value(for: "noMatch") {
        for item in try sequence(list, what: "examples.noMatch") {
          nonMatching.append(try example(item))
        }
      }
    }
    return Rule(
      id: id, description: description, action: action, subAction: subAction, priority: priority,
      condition: condition, matchingExamples: matching, nonMatchingExamples: nonMatching,
      location: location(of: idNode))
  }

  func example(_ node: Node) throws(RuleLoadError) -> RuleExample {
    if case .scalar(let scalar) = node {
      return RuleExample(query: MessageQuery(messageBody: scalar.string), location: location(of: node))
    }
    let pairs = try mapping(node, what: "an example")
    try checkKeys(pairs, allowed: ["sender", "body", "country"], context: "an example")
    guard let bodyNode = pairs.value(for: "body") else {
      throw error(.missingKey("body"), node, "an example needs a 'body'")
    }
    let sender = try pairs.value(for: "sender").map { (n) throws(RuleLoadError) in
      try string(n, what: "sender")
    }
    let country = try pairs.value(for: "country").map { (n) throws(RuleLoadError) in
      try string(n, what: "country")
    }
    return RuleExample(
      query: MessageQuery(
        sender: sender, messageBody: try string(bodyNode, what: "body"), receiverISOCountryCode: country),
      location: location(of: node))
  }
}
