import ArgumentParser
import SMSFilter
import SMSFilterBenchmarks
import SMSFilterIO

/// `smsfilter check`: load rule files and run every rule's examples.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Load the rules and check every rule's examples; failures are reported as file:line.")

  @OptionGroup var rules: RuleOptions

  func run() throws {
    try reportingFailures {
      let classifier = try rules.makeClassifier()
      let report = RuleExampleCheck.run(classifier)
      for failure in report.failures { print(failure.description) }
      let stats = classifier.statistics
      print(
        "\(classifier.ruleSet.rules.count) rules (\(stats.literals) literals, \(stats.regexes) regexes), "
          + "\(report.examplesChecked) examples: \(report.failures.isEmpty ? "all pass" : "\(report.failures.count) failed")"
      )
      if !report.failures.isEmpty { throw ExitCode(1) }
    }
  }
}
