import ArgumentParser
import Foundation
import SMSFilter
import SMSFilterBenchmarks
import SMSFilterEvaluation
import SMSFilterIO

/// `smsfilter eval CORPUS…`: metrics of a rule set on labeled corpora.
struct EvalCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "eval",
    abstract: "Measure the rules on labeled corpora (JSON Lines, or label<TAB>body TSV with --label-map).",
    discussion: """
      With --compare, the rule set of --rules (or the built-in one) is "before" and the rule set \
      named by --compare is "after": the report lists the messages whose decision changed between \
      them, better or worse.

      Examples:
        smsfilter eval corpus/
        smsfilter eval spam.tsv --label-map 'ham=allow|none,spam=junk|promotion' --format json
        smsfilter eval corpus/ --rules rules/ --compare my-rules/ --format markdown
      """)

  @Argument(help: "Corpus files or folders (.jsonl, .tsv).", completion: .file(extensions: ["jsonl", "tsv"]))
  var corpus: [String]

  @OptionGroup var rules: RuleOptions

  @Option(help: "Map TSV labels to actions, e.g. 'ham=allow|none,spam=junk|promotion'.")
  var labelMap: String?

  @Option(
    help: ArgumentHelp(
      "Another rule file or folder (repeatable), the \"after\" to --rules' \"before\": list the messages whose decision changes.",
      valueName: "path"),
    completion: .file(extensions: ["yaml", "yml", "json"]))
  var compare: [String] = []

  @Option(help: "Report format.")
  var format: ReportFormat = .text

  @Option(help: "How many misclassified messages the text and markdown reports list.")
  var showMisclassified = 50

  @Flag(help: "Skip per-rule statistics (faster on large corpora).")
  var noRuleStatistics = false

  @Option(
    help: """
      Judge messages of the corpora the model trained on with K fold models retrained without them \
      (out of fold; the corpora and options come from the model file).
      """)
  var folds: Int?

  func validate() throws {
    if let folds, folds < 2 { throw ValidationError("--folds must be at least 2") }
    if folds != nil && !compare.isEmpty { throw ValidationError("--folds cannot be combined with --compare") }
  }

  /// The report's format: for a person, for a script, or for a pull request.
  enum ReportFormat: String, CaseIterable, ExpressibleByArgument { case text, json, markdown }

  func run() throws {
    try reportingFailures {
      let classifier = try rules.makeClassifier()
      var reader = CorpusReader()
      if let labelMap {
        do { reader.labelMap = try CorpusReader.parseLabelMap(labelMap) } catch {
          throw CommandFailure(message: "\(error)", status: ExitStatus.refused)
        }
      }
      let messages: [LabeledMessage]
      do { messages = try reader.read(paths: corpus) } catch {
        throw CommandFailure(message: "\(error)", status: ExitStatus.refused)
      }
      var other: Classifier?
      if !compare.isEmpty {
        do {
          other = try Classifier(
            ruleSet: RuleLoader.load(paths: compare), capabilities: rules.capabilitiesOverride(),
            directories: rules.openDirectories())
        } catch let error as RuleLoadError {
          throw CommandFailure(message: "\(error)", status: ExitStatus.refused)
        }
      }
      var evaluator = Evaluator(classifier: classifier)
      evaluator.perRuleStatistics = !noRuleStatistics
      if isatty(2) != 0 && messages.count >= 2000 {
        evaluator.progress = { done, total in
          if done % 500 == 0 || done == total {
            FileHandle.standardError.write(Data("\r\(done)/\(total) messages\(done == total ? "\n" : "")".utf8))
          }
        }
      }
      let report: EvaluationReport
      if folds != nil && classifier.model == nil {
        throw CommandFailure(
          message: "--folds: the rule set has no model to judge out of fold", status: ExitStatus.refused)
      }
      if classifier.model != nil && other == nil {
        var staged = StagedEvaluation(classifier: classifier, folds: folds)
        staged.evaluator = evaluator
        staged.log = { printError($0) }
        do { report = try staged.run(messages) } catch {
          throw CommandFailure(message: "\(error)", status: ExitStatus.refused)
        }
      } else {
        report = evaluator.evaluate(messages, compareWith: other)
      }
      switch format {
      case .text: print(ReportFormatter.text(report, misclassifiedLimit: showMisclassified), terminator: "")
      case .markdown: print(ReportFormatter.markdown(report, misclassifiedLimit: showMisclassified), terminator: "")
      case .json: print(ReportFormatter.json(report))
      }
    }
  }
}
