import ArgumentParser
import SMSFilter
import SMSFilterBenchmarks
import SMSFilterIO

/// `--rules`, `--capabilities`, `--directory` and `--model`, shared by the commands that classify
/// messages (``RuleSetOptions`` alone serves the commands that only load rules).
struct RuleOptions: ParsableArguments {
  /// `--rules` and `--capabilities`.
  @OptionGroup var ruleSet: RuleSetOptions

  /// The rule paths given with `--rules`.
  var rulePaths: [String] { ruleSet.rulePaths }

  @Option(
    name: .customLong("directory"),
    help: ArgumentHelp(
      "A sender directory file (from `smsfilter directory build`), consulted before the rules (repeatable).",
      valueName: "file"))
  var directoryPaths: [String] = []

  @Option(
    name: .customLong("model"),
    help: ArgumentHelp(
      "A model file (from `smsfilter train`) for the rules' `model:` conditions, instead of the one the rule set names.",
      valueName: "file"))
  var modelPath: String?

  /// The model named with --model, read.
  func openModel() throws -> LinearModel? {
    guard let modelPath else { return nil }
    do {
      return try LinearModel(contentsOf: modelPath)
    } catch {
      throw CommandFailure(message: error.description, status: ExitStatus.refused)
    }
  }

  /// The sender directories named with --directory, opened.
  func openDirectories() throws -> [SenderDirectory] {
    var directories: [SenderDirectory] = []
    for path in directoryPaths {
      do {
        directories.append(try SenderDirectory(path: path))
      } catch {
        throw CommandFailure(message: "\(error)", status: ExitStatus.refused)
      }
    }
    return directories
  }

  /// The rule set, loaded from the paths or the built-in set.
  func loadRuleSet() throws -> RuleSet { try ruleSet.loadRuleSet() }

  /// The capabilities override, validated.
  func capabilitiesOverride() throws -> Capabilities? { try ruleSet.capabilitiesOverride() }

  /// The classifier for these options.
  func makeClassifier() throws -> Classifier {
    let ruleSet = try loadRuleSet()
    let override = try capabilitiesOverride()
    do {
      return try Classifier(
        ruleSet: ruleSet, capabilities: override, directories: openDirectories(), model: openModel())
    } catch let error as RuleLoadError {
      throw CommandFailure(message: error.description, status: ExitStatus.refused)
    }
  }
}

extension ParsableCommand {
  /// Runs `body`, turning a ``CommandFailure`` into its message on stderr and its exit status.
  func reportingFailures(_ body: () throws -> Void) throws {
    do {
      try body()
    } catch let failure as CommandFailure {
      printError("smsfilter: \(failure.message)")
      throw ExitCode(failure.status)
    }
  }
}
