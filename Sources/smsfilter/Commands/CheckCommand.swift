import ArgumentParser
import SMSFilter
import SMSFilterIO

/// `smsfilter check`: load rule files and run every rule's examples.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Load the rules and check every rule's examples; failures are reported as file:line.",
    discussion: """
      Each rule's examples are checked against that rule alone. Exit status 1 when an example \
      fails, 2 when the rules cannot be loaded.

      Examples:
        smsfilter check
        smsfilter check --rules rules/ --rules my-extra-rules.yaml
      """)

  @OptionGroup var ruleSet: RuleSetOptions

  @Option(
    name: .customLong("model"),
    help: ArgumentHelp(
      "A model file (from `smsfilter train`) for the rules' `model:` conditions, instead of the one the rule set names.",
      valueName: "file"),
    completion: .file(extensions: ["smsmodel"]))
  var modelPath: String?

  func run() throws {
    try reportingFailures {
      let rules = try ruleSet.loadRuleSet()
      let override = try ruleSet.capabilitiesOverride()
      let classifier: Classifier
      do {
        let model = try modelPath.map { path throws(ModelFileError) in try LinearModel(contentsOf: path) }
        classifier = try Classifier(ruleSet: rules, capabilities: override, model: model)
      } catch {
        throw CommandFailure(message: "\(error)", status: ExitStatus.refused)
      }
      let report = RuleExampleCheck.run(classifier)
      for failure in report.failures { print(failure.description) }
      let stats = classifier.statistics
      print(
        "\(classifier.ruleSet.rules.count) rules (\(stats.literals) literals, \(stats.regexes) regexes), "
          + "\(report.examplesChecked) examples: \(report.failures.isEmpty ? "all pass" : "\(report.failures.count) failed")"
      )
      if !report.failures.isEmpty { throw ExitCode(ExitStatus.someFailed) }
    }
  }
}
