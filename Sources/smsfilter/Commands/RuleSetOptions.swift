import ArgumentParser
import SMSFilter

/// `--rules` and `--capabilities`: the rule set and the sub-actions it declares, for every command
/// (``RuleOptions`` adds what only classifying needs).
struct RuleSetOptions: ParsableArguments {
  @Option(
    name: .customLong("rules"),
    help: ArgumentHelp(
      "A rule file or folder (repeatable; order is rule order). Default: the built-in rules.",
      valueName: "path"),
    completion: .file(extensions: ["yaml", "yml", "json"]))
  var rulePaths: [String] = []

  @Option(
    name: .customLong("capabilities"),
    help: ArgumentHelp(
      "Comma-separated sub-actions to declare instead of the rule set's own (at most 5 transactional and 5 promotional).",
      valueName: "list"),
    completion: .list(SubAction.allCases.filter { $0 != .none }.map(\.name)))
  var capabilities: String?

  /// The rule set, loaded from the paths or the built-in set.
  func loadRuleSet() throws -> RuleSet {
    do {
      return rulePaths.isEmpty ? try DefaultRules.ruleSet() : try RuleLoader.load(paths: rulePaths)
    } catch {
      throw CommandFailure(message: error.description, status: ExitStatus.refused)
    }
  }

  /// The capabilities override, validated.
  func capabilitiesOverride() throws -> Capabilities? {
    guard let capabilities else { return nil }
    do {
      return try Capabilities(parsing: capabilities)
    } catch {
      throw CommandFailure(message: "--capabilities: \(error)", status: ExitStatus.refused)
    }
  }
}
