import ArgumentParser
import Foundation
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

      Also notes, for speed, every regex that is only a word list (write it as keywords) and every \
      part of a regex that requires no literal (it runs PCRE2 on every message its rule is \
      evaluated for). With --cost CORPUS, measures the PCRE2 runs a message costs on the corpus, \
      by rule and by regex, and the time: the work the rules share and each rule's own.

      Examples:
        smsfilter check
        smsfilter check --rules rules/ --rules my-extra-rules.yaml
        smsfilter check --cost corpus/
      """)

  @OptionGroup var ruleSet: RuleSetOptions

  @Option(
    name: .customLong("model"),
    help: ArgumentHelp(
      "A model file (from `smsfilter train`) for the rules' `model:` conditions, instead of the one the rule set names.",
      valueName: "file"),
    completion: .file(extensions: ["smsmodel"]))
  var modelPath: String?

  @Option(
    help: ArgumentHelp(
      "Also measure what the rules cost on this corpus's messages (JSON Lines or TSV): PCRE2 runs a message, by rule and by regex, and the time of the shared work and of each rule.",
      valueName: "corpus"),
    completion: .file())
  var cost: String?

  @Option(
    name: .customLong("write-snapshot"),
    help: ArgumentHelp(
      "Write the built-in rules' snapshot, read from their YAML files, to this file (scripts/update-rules-snapshot).",
      valueName: "file", visibility: .hidden))
  var snapshotPath: String?

  func run() throws {
    try reportingFailures {
      if let snapshotPath {
        try writeSnapshot(to: snapshotPath)
        return
      }
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
      // Speed advice: regexes that are word lists, and parts that no literal gates.
      let advice = RegexAdvice.of(classifier.ruleSet)
      for item in advice { print("note: \(item)") }
      if ruleSet.rulePaths.isEmpty, case .failure(let why) = DefaultRules.snapshotStatus {
        print(
          "note: the built-in rules start from YAML, not their snapshot (\(why)): run scripts/update-rules-snapshot")
      }
      if let cost {
        let queries = try BenchCommand.readBodies(cost)
        let count = Double(queries.count)
        let profile = classifier.regexRunProfile(queries)
        let total = profile.reduce(0) { $0 + $1.runs }
        print(
          "cost on \(queries.count) messages of \(cost): \(String(format: "%.2f", Double(total) / count)) PCRE2 runs a message; by rule (its regexes and its guards'):"
        )
        for (rule, runs) in classifier.ruleRunProfile(queries) {
          print("  \(String(format: "%6.3f", Double(runs) / count))  \(rule)")
        }
        print("by regex (as compiled: decomposed, word lists as keywords), runs and matches a message:")
        for (source, runs, matches) in profile {
          print(
            "  \(String(format: "%6.3f", Double(runs) / count))  \(String(format: "%6.3f", Double(matches) / count))  \(source)"
          )
        }
        printTimeProfile(classifier.timeProfile(queries), corpus: cost)
      }
      if !report.failures.isEmpty { throw ExitCode(ExitStatus.someFailed) }
    }
  }

  /// Prints where deciding the corpus's messages spends its time: shared work, then each rule's
  /// own conditions, costliest first.
  private func printTimeProfile(_ report: TimeProfile, corpus: String) {
    func microseconds(_ nanoseconds: Double) -> String { String(format: "%6.3f", nanoseconds / 1000) }
    func percent(_ share: Double) -> String { String(format: "%5.1f%%", share * 100) }
    print(
      "time on \(report.messages) messages of \(corpus): \(String(format: "%.2f", report.unprofiledNanoseconds / 1000)) us a message "
        + "(the parts below, each timed on its own, add up to \(String(format: "%.2f", report.measuredNanoseconds / 1000)) us);"
    )
    print("shared work, done once for the messages that need it (us a message, share of messages):")
    for figures in report.stages {
      print("  \(microseconds(figures.nanoseconds))  \(percent(figures.share))  \(Self.name(of: figures.stage))")
    }
    print("by rule, its evaluations with that work apart (us a message, evaluations a message, share that held):")
    for rule in report.rules {
      print(
        "  \(microseconds(rule.nanoseconds))  \(String(format: "%5.2f", rule.evaluations))  \(percent(rule.held))  \(rule.id)"
      )
    }
  }

  /// How the time profile names a stage.
  private static func name(of stage: TimeProfile.Stage) -> String {
    switch stage {
    case .normalizing: "normalising the body"
    case .automaton: "the automaton pass (keywords and regex literals)"
    case .model: "the learned model"
    case .links: "the link scan"
    case .phones: "the phone-number scan"
    case .amounts: "the amount scan"
    }
  }

  /// Writes the snapshot of the built-in rules, loaded from their files (never from the snapshot).
  private func writeSnapshot(to path: String) throws {
    guard ruleSet.rulePaths.isEmpty else {
      throw CommandFailure(
        message: "--write-snapshot writes the built-in rules' snapshot; it takes no --rules", status: ExitStatus.refused
      )
    }
    let rules: RuleSet
    do {
      rules = try DefaultRules.ruleSetFromFiles()
    } catch {
      throw CommandFailure(message: error.description, status: ExitStatus.refused)
    }
    let bytes = RuleSetSnapshot.encode(rules, sources: DefaultRules.sources)
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
      throw CommandFailure(message: "cannot write \(path)", status: ExitStatus.ioError)
    }
    print("\(path): \(rules.rules.count) rules, \(bytes.count) bytes")
  }
}
