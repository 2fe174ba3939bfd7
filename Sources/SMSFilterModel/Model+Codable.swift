// The model's JSON form is the one the command line prints: IdentityLookup's case names
// (`"transaction"`, `"transactionalFinance"`), never raw values, so a library client's
// `JSONEncoder` output and `smsfilter classify --output jsonl` agree.

extension Action: Codable {
  /// Decodes an action from its name (`"junk"`; `"filter"`, its deprecated alias, too).
  public init(from decoder: any Decoder) throws {
    self = try NameCoding.decode(from: decoder, what: "an action name", Action.init(name:))
  }

  /// Encodes the action's name.
  public func encode(to encoder: any Encoder) throws { try NameCoding.encode(name, to: encoder) }
}

extension SubAction: Codable {
  /// Decodes a sub-action from its name (`"transactionalFinance"`).
  public init(from decoder: any Decoder) throws {
    self = try NameCoding.decode(from: decoder, what: "a sub-action name", SubAction.init(name:))
  }

  /// Encodes the sub-action's name.
  public func encode(to encoder: any Encoder) throws { try NameCoding.encode(name, to: encoder) }
}

/// Values coded as a single name string.
private enum NameCoding {
  static func decode<Value>(from decoder: any Decoder, what: String, _ named: (String) -> Value?) throws -> Value {
    let name = try decoder.singleValueContainer().decode(String.self)
    guard let value = named(name) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "'\(name)' is not \(what)"))
    }
    return value
  }

  static func encode(_ name: String, to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }
}

extension Capabilities: Codable {
  private enum CodingKeys: String, CodingKey {
    case transactional, promotional, limitPerGroup
  }

  /// Decodes `{"transactional": [names], "promotional": [names]}` (and an optional
  /// `limitPerGroup`), validated as a declaration is.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let limit = try container.decodeIfPresent(Int.self, forKey: .limitPerGroup) ?? Capabilities.defaultLimitPerGroup
    do {
      try self.init(
        transactional: container.decodeIfPresent([SubAction].self, forKey: .transactional) ?? [],
        promotional: container.decodeIfPresent([SubAction].self, forKey: .promotional) ?? [],
        limitPerGroup: limit)
    } catch let error as CapabilitiesError {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
    }
  }

  /// Encodes the two groups by name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(transactional, forKey: .transactional)
    try container.encode(promotional, forKey: .promotional)
  }
}

extension Decision: Codable {
  private enum CodingKeys: String, CodingKey {
    case action, subAction, rule, droppedSubAction, dropReason, limitExceeded, budgetExhausted, label
  }

  /// Decodes the record ``encode(to:)`` writes (absent flags are `false`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      decoded: try container.decode(Action.self, forKey: .action),
      subAction: try container.decode(SubAction.self, forKey: .subAction),
      ruleID: try container.decodeIfPresent(String.self, forKey: .rule),
      droppedSubAction: try container.decodeIfPresent(SubAction.self, forKey: .droppedSubAction),
      dropReason: try container.decodeIfPresent(DropReason.self, forKey: .dropReason),
      limitExceeded: try container.decodeIfPresent(Bool.self, forKey: .limitExceeded) ?? false,
      budgetExhausted: try container.decodeIfPresent(Bool.self, forKey: .budgetExhausted) ?? false,
      label: try container.decodeIfPresent(String.self, forKey: .label))
  }

  /// Encodes the decision as `classify --output jsonl` writes it: `action`, `subAction` and
  /// `rule` (null when no rule matched) always; `droppedSubAction` (with `dropReason`),
  /// `limitExceeded`, `budgetExhausted` and `label` only when they apply.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(action, forKey: .action)
    try container.encode(subAction, forKey: .subAction)
    try container.encode(ruleID, forKey: .rule)
    try container.encodeIfPresent(droppedSubAction, forKey: .droppedSubAction)
    try container.encodeIfPresent(dropReason, forKey: .dropReason)
    if limitExceeded { try container.encode(true, forKey: .limitExceeded) }
    if budgetExhausted { try container.encode(true, forKey: .budgetExhausted) }
    try container.encodeIfPresent(label, forKey: .label)
  }
}

extension Decision.DropReason: Codable {}
