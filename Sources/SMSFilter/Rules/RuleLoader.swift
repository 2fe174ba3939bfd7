import Foundation
import PCRE2
import Yams

/// Reads rule files (YAML, and so JSON too) into a validated ``RuleSet``, all or nothing.
///
/// Files are read in the order given; a folder contributes its `.yaml`, `.yml` and `.json` files
/// in name order. The first error stops the load and is thrown as a ``RuleLoadError`` naming the
/// file, line, column, rule id and reason. See `README.md` for the format.
public enum RuleLoader {
  /// The keys a rule-file's top level may have.
  static let topLevelKeys: Set<String> = [
    "ruleset", "description", "capabilities", "fallback", "guards", "rules", "directories", "model",
  ]
  /// The keys a rule may have.
  static let ruleKeys: Set<String> = [
    "id", "description", "action", "subAction", "priority", "when", "unless", "examples",
  ]
  /// The condition keys (leaves and compositions) a condition mapping may have.
  static let conditionKeys = Set(ConditionKey.allCases.map(\.rawValue))

  /// Loads and validates rule files or folders.
  ///
  /// - Parameter paths: files or folders, in rule order.
  /// - Throws: ``RuleLoadError``.
  public static func load(paths: [String]) throws(RuleLoadError) -> RuleSet {
    var sources: [(name: String, text: String)] = []
    for path in paths {
      for file in try expand(path) {
        guard let data = FileManager.default.contents(atPath: file) else {
          throw RuleLoadError(
            .unreadable, at: SourceLocation(file: file, line: 0, column: 0),
            message: "cannot read the file")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
          throw RuleLoadError(
            .syntax, at: SourceLocation(file: file, line: 0, column: 0),
            message: "the file is not valid UTF-8")
        }
        sources.append((file, text))
      }
    }
    return try load(sources: sources)
  }

  /// Loads and validates rules from in-memory texts, each with a name used in error locations.
  ///
  /// ```swift
  /// let set = try RuleLoader.load(sources: [("inline.yaml", yamlText)])
  /// ```
  public static func load(sources: [(name: String, text: String)]) throws(RuleLoadError) -> RuleSet {
    var builder = Builder()
    for source in sources {
      try builder.read(text: source.text, file: source.name)
    }
    return try builder.finish()
  }

  /// The rule files a path stands for: itself, or a folder's rule files in name order.
  static func expand(_ path: String) throws(RuleLoadError) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw RuleLoadError(
        .unreadable, at: SourceLocation(file: path, line: 0, column: 0),
        message: "no such file or folder")
    }
    guard isDirectory.boolValue else { return [path] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    let files = names.filter { name in
      !name.hasPrefix(".") && [".yaml", ".yml", ".json"].contains(where: { name.hasSuffix($0) })
    }.sorted()
    let base = path.hasSuffix("/") ? String(path.dropLast()) : path
    return files.map { "\(base)/\($0)" }
  }
}

extension RuleLoader {
  /// Accumulates files into a rule set, checking as it goes.
  struct Builder {
    var name: (String, SourceLocation)?
    var capabilities: (Capabilities, SourceLocation)?
    var fallback: (Action, SourceLocation)?
    var guards: [String: (Condition, SourceLocation)] = [:]
    var guardOrder: [String] = []
    var rules: [Rule] = []
    var ruleLocations: [String: SourceLocation] = [:]
    var directoryPaths: [String] = []
    var model: (ModelReference, SourceLocation)?

    mutating func read(text: String, file: String) throws(RuleLoadError) {
      let node: Node?
      do {
        node = try Yams.compose(yaml: text)
      } catch let error as YamlError {
        throw Builder.syntaxError(error, file: file)
      } catch {
        throw RuleLoadError(
          .syntax, at: SourceLocation(file: file, line: 1, column: 1), message: "\(error)")
      }
      guard let node else {
        throw RuleLoadError(
          .invalidValue, at: SourceLocation(file: file, line: 1, column: 1),
          message: "the file is empty; expected a mapping with 'rules'")
      }
      var reader = NodeReader(file: file)
      let top = try reader.mapping(node, what: "the top level of a rule file")
      try reader.checkKeys(top, allowed: RuleLoader.topLevelKeys, context: "the top level")
      for (key, value) in top.pairs {
        let location = reader.location(of: key)
        switch key.string ?? "" {
        case "ruleset":
          let text = try reader.string(value, what: "ruleset")
          if let previous = name {
            throw RuleLoadError(
              .conflictingHeader("ruleset"), at: location,
              message: "'ruleset' is already declared at \(previous.1)")
          }
          name = (text, location)
        case "description":
          _ = try reader.string(value, what: "description")
        case "directories":
          // Paths relative to the rule file's folder.
          let folder = file.contains("/") ? String(file[..<file.lastIndex(of: "/")!]) : "."
          for path in try reader.strings(value, what: "directories") {
            directoryPaths.append(path.hasPrefix("/") ? path : folder + "/" + path)
          }
        case "model":
          let text = try reader.string(value, what: "model")
          if let previous = model {
            throw RuleLoadError(
              .conflictingHeader("model"), at: location, message: "'model' is already declared at \(previous.1)")
          }
          // `built-in`, or a path relative to the rule file's folder.
          let folder = file.contains("/") ? String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) : "."
          model = (text == "built-in" ? .builtIn : .file(text.hasPrefix("/") ? text : folder + "/" + text), location)
        case "capabilities":
          if let previous = capabilities {
            throw RuleLoadError(
              .conflictingHeader("capabilities"), at: location,
              message: "'capabilities' is already declared at \(previous.1)")
          }
          capabilities = (try reader.capabilities(value), location)
        case "fallback":
          if let previous = fallback {
            throw RuleLoadError(
              .conflictingHeader("fallback"), at: location,
              message: "'fallback' is already declared at \(previous.1)")
          }
          fallback = (try reader.action(value, what: "fallback"), location)
        case "guards":
          let map = try reader.mapping(value, what: "guards")
          for (guardKey, guardValue) in map.pairs {
            let guardName = try reader.identifier(guardKey, what: "a guard name")
            let guardLocation = reader.location(of: guardKey)
            if let previous = guards[guardName] {
              throw RuleLoadError(
                .duplicate(guardName), at: guardLocation,
                message: "guard '\(guardName)' is already defined at \(previous.1)")
            }
            reader.currentRule = "guard \(guardName)"
            let condition = try reader.condition(guardValue)
            reader.currentRule = nil
            guards[guardName] = (condition, guardLocation)
            guardOrder.append(guardName)
          }
        case "rules":
          let list = try reader.sequence(value, what: "rules")
          for item in list {
            let rule = try reader.rule(item)
            if let previous = ruleLocations[rule.id] {
              throw RuleLoadError(
                .duplicate(rule.id), at: rule.location, ruleID: rule.id,
                message: "rule id '\(rule.id)' is already used at \(previous)")
            }
            ruleLocations[rule.id] = rule.location
            rules.append(rule)
          }
        default:
          break
        }
      }
    }

    /// Checks cross-file references and returns the rule set.
    func finish() throws(RuleLoadError) -> RuleSet {
      let guardConditions = guards.mapValues(\.0)
      // Every guard reference resolves, and guards do not refer to themselves in a cycle.
      for name in guardOrder {
        let (condition, location) = guards[name]!
        try Builder.checkGuardReferences(
          condition, guards: guardConditions, path: [name], location: location,
          ruleID: "guard \(name)")
      }
      for rule in rules {
        try Builder.checkGuardReferences(
          rule.condition, guards: guardConditions, path: [], location: rule.location,
          ruleID: rule.id)
      }
      return RuleSet(
        name: name?.0 ?? "rules", capabilities: capabilities?.0 ?? .unrestricted,
        fallbackAction: fallback?.0 ?? .none, guards: guardConditions, rules: rules,
        directoryPaths: directoryPaths, model: model?.0)
    }

    static func checkGuardReferences(
      _ condition: Condition, guards: [String: Condition], path: [String],
      location: SourceLocation, ruleID: String
    ) throws(RuleLoadError) {
      switch condition {
      case .guardRef(let name):
        guard let target = guards[name] else {
          let known = guards.keys.sorted().joined(separator: ", ")
          throw RuleLoadError(
            .unknownGuard(name), at: location, ruleID: ruleID,
            message: "no guard named '\(name)'" + (known.isEmpty ? "" : " (known: \(known))"))
        }
        if path.contains(name) {
          throw RuleLoadError(
            .unknownGuard(name), at: location, ruleID: ruleID,
            message: "guards refer to each other in a cycle: "
              + (path + [name]).joined(separator: " → "))
        }
        try checkGuardReferences(
          target, guards: guards, path: path + [name], location: location, ruleID: ruleID)
      case .all(let children), .any(let children), .none(let children), .atLeast(_, let children):
        for child in children {
          try checkGuardReferences(
            child, guards: guards, path: path, location: location, ruleID: ruleID)
        }
      default:
        break
      }
    }

    static func syntaxError(_ error: YamlError, file: String) -> RuleLoadError {
      switch error {
      case .scanner(let context, let problem, let mark, _),
        .parser(let context, let problem, let mark, _),
        .composer(let context, let problem, let mark, _):
        let contextText = context.map { "\($0.text): " } ?? ""
        return RuleLoadError(
          .syntax, at: SourceLocation(file: file, line: mark.line, column: mark.column),
          message: "YAML: \(contextText)\(problem)")
      case .duplicatedKeysInMapping(let duplicates, let context):
        return RuleLoadError(
          .duplicate(duplicates.first ?? ""),
          at: SourceLocation(file: file, line: context.mark.line, column: context.mark.column),
          message: "duplicate key '\(duplicates.joined(separator: "', '"))' in a mapping")
      case .reader(let problem, _, _, _):
        return RuleLoadError(
          .syntax, at: SourceLocation(file: file, line: 1, column: 1), message: "YAML: \(problem)")
      default:
        return RuleLoadError(
          .syntax, at: SourceLocation(file: file, line: 1, column: 1), message: "YAML: \(error)")
      }
    }
  }
}
