import ArgumentParser
import Dispatch
import Foundation
import SMSFilter
import SMSFilterBenchmarks
import SMSFilterIO

/// `smsfilter classify`: stdin to stdout, one output line per input line, in order.
struct ClassifyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "classify",
    abstract: "Classify messages from standard input, one per line.",
    discussion: """
      Input: one message per line, plain text (the body) or JSON Lines with "sender", "body", \
      "receiverISOCountryCode" and "id" (auto-detected from the first non-empty line), or with \
      --input tsv sender<TAB>body.

      Live input: each line is answered as soon as it is read when no more input is ready, so a \
      coprocess, a FIFO or `tail -f` gets every answer within milliseconds.

      Output: one line per input line, in order: TSV action<TAB>subAction<TAB>ruleId ("-" when no \
      rule matched), or JSON Lines. A line that cannot be read yields an error record in its place \
      (TSV: error<TAB>none<TAB>REASON), a message on stderr with its line number, and exit \
      status 1 at the end.

      Examples:
        printf 'Your OTP is 482913\\n' | smsfilter classify
        smsfilter classify --output jsonl < in.jsonl > out.jsonl
        smsfilter classify --rules my-rules/ --explain < bodies.txt
      """)

  @OptionGroup var rules: RuleOptions

  @Option(help: ArgumentHelp("Input format (tsv: sender<TAB>body).", valueName: "format"))
  var input: MessageInputFormat = .auto

  @Option(help: ArgumentHelp("Output format.", valueName: "format"))
  var output: DecisionRecordFormat = .tsv

  @Flag(help: "List every rule that matched and the span it matched.")
  var explain = false

  @Option(help: "Worker threads, 1 to \(ClassifyCommand.maxThreads) (default: all cores).")
  var threads: Int?

  /// The most worker threads: each holds its own match state and up to two batches in flight,
  /// so more than a machine could use would only cost memory.
  static let maxThreads = 256

  func validate() throws {
    if let threads, !(1...Self.maxThreads).contains(threads) {
      throw ValidationError("--threads must be between 1 and \(Self.maxThreads), not \(threads)")
    }
  }

  func run() throws {
    try reportingFailures {
      let classifier = try rules.makeClassifier()
      OutputWriter.ignoreBrokenPipeSignal()
      let lines = LineClassifier(encoder: DecisionRecordEncoder(format: output), explain: explain)
      let pipeline = OrderedBatchPipeline(
        input: input, workers: threads ?? min(ProcessInfoCores.count, Self.maxThreads),
        makeContext: { classifier.makeSession() },
        transform: { batch, format, firstLine, session in
          lines.classify(batch, format: format, firstLine: firstLine, session: session)
        })
      let outcome = pipeline.run()
      if let readError = outcome.readError {
        // Everything read before the error was classified and written; what follows is lost.
        throw CommandFailure(
          message: "cannot read the input: \(String(cString: strerror(readError)))", status: ExitStatus.ioError)
      }
      let errors = outcome.unreadableLines
      if errors > 0 {
        printError("smsfilter: \(errors) input line\(errors == 1 ? "" : "s") could not be read")
        throw ExitCode(1)
      }
    }
  }
}

extension MessageInputFormat: ExpressibleByArgument {}
extension DecisionRecordFormat: ExpressibleByArgument {}
