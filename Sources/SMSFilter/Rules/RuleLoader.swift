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
    "ruleset", "description", "capabilities", "fallback", "guards", "rules", "directories", "model", "brands",
    "shorteners",
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
        // A FIFO or a device would block the read or never end: only regular files are read,
        // and only up to the size limit.
        let attributes = try? FileManager.default.attributesOfItem(atPath: file)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
          throw RuleLoadError(
            .unreadable, at: SourceLocation(file: file, line: 0, column: 0), message: "not a regular file")
        }
        try RuleFileLimits.checkSize((attributes?[.size] as? Int) ?? 0, file: file)
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
        try RuleFileLimits.checkSize(data.count, file: file)
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
    var brands: [Brand] = []
    var shorteners: [String] = []

    mutating func read(text: String, file: String) throws(RuleLoadError) {
      try RuleFileLimits.checkSize(text.utf8.count, file: file)
      // A UTF-8 byte order mark (as some editors write) is not part of the YAML.
      let text = text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
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
      try RuleFileLimits.check(node, file: file)
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
          let folder = file.contains("/") ? String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) : "."
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
            if guards.count >= RuleFileLimits.maxGuards {
              throw RuleLoadError(
                .limit, at: guardLocation, message: "more than \(RuleFileLimits.maxGuards) guards in the rule set")
            }
            reader.currentRule = "guard \(guardName)"
            let condition = try reader.condition(guardValue)
            reader.currentRule = nil
            guards[guardName] = (condition, guardLocation)
            guardOrder.append(guardName)
          }
        case "brands":
          brands += try reader.brands(value)
        case "shorteners":
          shorteners += try reader.domainList(value, what: "shorteners")
        case "rules":
          let list = try reader.sequence(value, what: "rules")
          for item in list {
            if rules.count >= RuleFileLimits.maxRules {
              throw RuleLoadError(
                .limit, at: reader.location(of: item),
                message: "more than \(RuleFileLimits.maxRules) rules in the rule set")
            }
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
      // Every guard reference resolves, and guards do not refer to themselves in a cycle. Each
      // guard is checked once (`checked`), so guards built on guards cost their number, not
      // the number of paths through them.
      var checked: [String: Int] = [:]
      for name in guardOrder {
        guard let (condition, location) = guards[name] else { continue }
        var path = GuardPath(names: [name], members: [name])
        try Builder.checkGuardReferences(
          condition, guards: guardConditions, path: &path, checked: &checked, location: location,
          ruleID: "guard \(name)")
        checked[name] = Builder.heightBelow(condition, guards: guardConditions, checked: checked) + 1
      }
      for rule in rules {
        var path = GuardPath()
        try Builder.checkGuardReferences(
          rule.condition, guards: guardConditions, path: &path, checked: &checked, location: rule.location,
          ruleID: rule.id)
      }
      var ruleSet = RuleSet(
        name: name?.0 ?? "rules", capabilities: capabilities?.0 ?? .unrestricted,
        fallbackAction: fallback?.0 ?? .none, guards: guardConditions, rules: rules,
        directoryPaths: directoryPaths, model: model?.0)
      ruleSet.brands = brands
      ruleSet.shorteners = shorteners
      return ruleSet
    }

    /// The guards being checked, outermost first, for finding and reporting a cycle.
    struct GuardPath {
      var names: [String] = []
      var members: Set<String> = []
    }

    /// The most guards a condition reaches through one chain of references, from the heights
    /// of the (already checked) guards it refers to directly.
    static func heightBelow(_ condition: Condition, guards: [String: Condition], checked: [String: Int]) -> Int {
      condition.guardReferences.map { checked[$0] ?? 0 }.max() ?? 0
    }

    /// Checks that every guard `condition` refers to exists, that none refers back to a guard on
    /// `path`, and that no chain of references is deeper than ``RuleFileLimits/maxGuardDepth``;
    /// guards in `checked` (with their heights) are known good and not entered again.
    static func checkGuardReferences(
      _ condition: Condition, guards: [String: Condition], path: inout GuardPath, checked: inout [String: Int],
      location: SourceLocation, ruleID: String
    ) throws(RuleLoadError) {
      switch condition {
      case .guardRef(let name):
        guard let target = guards[name] else {
          let known = guards.keys.sorted().joined(separator: ", ")
          throw RuleLoadError(
            .unknownGuard(name), at: location, ruleID: ruleID,
            message: "no guard named '\(name)'" + (known.isEmpty ? "" : " (known: \(known))")
              + "; guards are shared by the files loaded together: load the file that defines it too, or the whole folder"
          )
        }
        if path.members.contains(name) {
          throw RuleLoadError(
            .unknownGuard(name), at: location, ruleID: ruleID,
            message: "guards refer to each other in a cycle: "
              + (path.names + [name]).joined(separator: " → "))
        }
        if let height = checked[name] {
          guard path.names.count + height <= RuleFileLimits.maxGuardDepth else {
            throw RuleLoadError(
              .limit, at: location, ruleID: ruleID,
              message: "guards refer to guards more than \(RuleFileLimits.maxGuardDepth) deep, through '\(name)'")
          }
          return
        }
        guard path.names.count < RuleFileLimits.maxGuardDepth else {
          throw RuleLoadError(
            .limit, at: location, ruleID: ruleID,
            message: "guards refer to guards more than \(RuleFileLimits.maxGuardDepth) deep: "
              + (path.names.prefix(3) + ["…", name]).joined(separator: " → "))
        }
        path.names.append(name)
        path.members.insert(name)
        try checkGuardReferences(
          target, guards: guards, path: &path, checked: &checked, location: location, ruleID: ruleID)
        path.names.removeLast()
        path.members.remove(name)
        checked[name] = heightBelow(target, guards: guards, checked: checked) + 1
      case .all(let children), .any(let children), .none(let children), .atLeast(_, let children):
        for child in children {
          try checkGuardReferences(
            child, guards: guards, path: &path, checked: &checked, location: location, ruleID: ruleID)
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
        // A regex in double quotes (`"\d+"`) is the usual cause: YAML reads its backslashes.
        let hint =
          problem.contains("escape")
          ? " (in double quotes YAML reads backslashes as escapes: write regexes in single quotes, as regex: '\\d+')"
          : ""
        return RuleLoadError(
          .syntax, at: SourceLocation(file: file, line: mark.line, column: mark.column),
          message: "YAML: \(contextText)\(problem)\(hint)")
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
