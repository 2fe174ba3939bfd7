import ArgumentParser
import Dispatch
import Foundation
import PCRE2
import SMSFilter
import SMSFilterBenchmarks
import SMSFilterEvaluation
import SMSFilterIO

/// `smsfilter bench [CORPUS]`: speed of the engine, the naive baseline, scaling and end-to-end.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure throughput, latency, compile time, memory, the naive baseline and scaling.",
    discussion: """
      The headline runs a generated set of 1,000 rules (about 70% keyword, 30% regex) on generated \
      messages of about 110 bytes: the engine on one core, and in the same run the naive baseline \
      (every rule evaluated in priority order with PCRE2-JIT, first match). Then a scaling series over \
      generated sets (--scaling), measured in turns so its ratios come from the same moments, and \
      end-to-end `classify` over a file of lines with one and two threads. With CORPUS, the rule set \
      (--rules or the built-in one, with its model) is also measured on the corpus's message bodies, in \
      the same run: the engine (and its share of the headline), the naive loop, the PCRE2 runs a \
      message, the start-up time (`classify < /dev/null`, median of 21) and end to end.

      Throughputs are the median of timed passes; end-to-end figures the fastest of three \
      alternating runs. --no-jit runs every regex in PCRE2's interpreter, as on iOS.

      Examples:
        swift run -c release smsfilter bench
        smsfilter bench corpus/ --end-to-end-lines 0 --scaling 1000
        smsfilter bench corpus/ --no-jit --format json
        smsfilter bench corpus/ --model-only
      """)

  @Argument(help: "Optional corpus (JSON Lines or TSV) whose bodies to classify with the rule set.")
  var corpus: String?

  @OptionGroup var rules: RuleOptions

  @Option(help: "Output format.")
  var format: ReportFormat = .text

  @Option(help: "Seconds per throughput measurement.")
  var seconds = 1.0

  @Option(help: "Lines for the end-to-end classify measurement (0 to skip).")
  var endToEndLines = 1_000_000

  @Option(
    help:
      "Keep the generated rules (rules.yaml for the headline, rules-N.yaml for the scaling series) and the end-to-end input (messages.txt) in this folder, to rerun or profile them."
  )
  var keepWorkload: String?

  @Option(help: "Rule counts of the scaling series, comma-separated.")
  var scaling = "10,100,1000,10000"

  @Flag(
    name: .customLong("no-jit"),
    help: "Run every regex in PCRE2's interpreter, as an iOS message filter extension must (iOS forbids JIT).")
  var noJIT = false

  @Flag(
    help:
      "Measure only the rule set's learned model on CORPUS (all its messages, then those of 100-120 bytes), skipping everything else."
  )
  var modelOnly = false

  func run() throws {
    try reportingFailures {
      if modelOnly {
        try runModelOnly()
        return
      }
      if noJIT {
        // Read once, when the first pattern compiles; the end-to-end `classify` runs inherit it.
        setenv("SMSFILTER_PCRE2_JIT", "0", 1)
        guard !Pattern.jitEnabled else {
          throw CommandFailure(message: "--no-jit: the JIT was already in use", status: ExitStatus.refused)
        }
      }
      let workload = SyntheticWorkload()
      let messages = workload.messages(count: 20_000)
      let keep = keepWorkload.map { URL(fileURLWithPath: $0) }
      if let keep { try FileManager.default.createDirectory(at: keep, withIntermediateDirectories: true) }
      let log: (String) -> Void = { line in if format == .text { print(line) } else { printError(line) } }
      let environment = EngineBenchmarkReport.Environment(
        date: ISO8601DateFormatter().string(from: Date()), machine: BenchSupport.machine(),
        cores: ProcessInfoCores.count, toolchain: BenchSupport.buildKind(), regexJIT: Pattern.jitEnabled)
      log(
        "machine: \(environment.machine), \(environment.cores) cores; \(environment.toolchain); \(environment.date); regexes: PCRE2 \(environment.regexJIT ? "JIT" : "interpreter (--no-jit)")"
      )

      // Headline: 1,000 generated rules.
      let yaml = workload.rulesYAML(count: 1000)
      let (classifier, compileMs) = try Benchmark.compile(yaml: yaml)
      let regexRules = classifier.ruleSet.rules.filter { $0.condition.containsRegex }.count
      let averageBytes = Double(messages.reduce(0) { $0 + $1.messageBody.utf8.count }) / Double(messages.count)
      let stats = classifier.statistics
      log(
        "workload: \(classifier.ruleSet.rules.count) generated rules (\(classifier.ruleSet.rules.count - regexRules) keyword, \(regexRules) regex), \(messages.count) messages of \(String(format: "%.0f", averageBytes)) bytes on average"
      )
      log(
        "compile: \(String(format: "%.1f", compileMs)) ms, \(stats.literals) literals, \(stats.automatonStates) automaton states, \(stats.regexes) regexes (\(stats.regexesWithoutLiterals) without literals)"
      )
      let engine = Benchmark.throughput(classifier, messages, seconds: seconds)
      let naive = Benchmark.throughput(classifier, messages, seconds: seconds, naive: true)
      let latency = Benchmark.latency(classifier, messages, passes: 3)
      let speedup = engine.messagesPerSecond / naive.messagesPerSecond
      log(
        "engine (1 core): \(BenchSupport.rate(engine.messagesPerSecond)) msgs/s, \(String(format: "%.1f", engine.megabytesPerSecond)) MB/s, \(String(format: "%.0f", engine.nanosecondsPerMessage)) ns/msg"
      )
      log(
        "latency: p50 \(Int(latency.p50)) ns, p99 \(Int(latency.p99)) ns, p99.9 \(Int(latency.p999)) ns, max \(Int(latency.max)) ns"
      )
      log("naive baseline (1 core): \(BenchSupport.rate(naive.messagesPerSecond)) msgs/s")
      log("speed-up: \(String(format: "%.1f", speedup))x")

      // Scaling series: every set compiled first (resident memory read after each), then their
      // passes measured in turns, so the ratios between them come from the same moments.
      var points: [Benchmark.ScalingPoint] = []
      var scaledClassifiers: [Classifier] = []
      for count in scaling.split(separator: ",").compactMap({ Int($0) }) {
        let scaledYAML = workload.rulesYAML(count: count)
        if let keep {
          try scaledYAML.write(
            to: keep.appendingPathComponent("rules-\(count).yaml"), atomically: true, encoding: .utf8)
        }
        let (scaled, ms) = try Benchmark.compile(yaml: scaledYAML)
        let memory = Benchmark.residentMemory()
        let s = scaled.statistics
        scaledClassifiers.append(scaled)
        points.append(
          Benchmark.ScalingPoint(
            rules: count, messagesPerSecond: 0, compileMilliseconds: ms,
            automatonStates: s.automatonStates, automatonBytes: s.automatonBytes, residentMegabytes: memory.current))
      }
      let scaledRates = Benchmark.interleavedThroughput(scaledClassifiers, messages, seconds: seconds)
      for index in points.indices {
        points[index].messagesPerSecond = scaledRates[index].messagesPerSecond
        let point = points[index]
        log(
          "scaling: \(point.rules) rules: \(BenchSupport.rate(point.messagesPerSecond)) msgs/s, compile \(String(format: "%.0f", point.compileMilliseconds)) ms, \(point.automatonStates) states, automaton \(String(format: "%.1f", Double(point.automatonBytes) / 1e6)) MB, RSS \(String(format: "%.1f", point.residentMegabytes)) MB"
        )
      }
      scaledClassifiers.removeAll()

      // The real rule set on a corpus.
      var corpusRun: EngineBenchmarkReport.RuleSetRun?
      var modelRun: Benchmark.Throughput?
      var modelRunNear110: Benchmark.Throughput?
      var corpusBodies: [String] = []
      if let corpus {
        let ruleClassifier = try rules.makeClassifier()
        let bodies = try BenchCommand.readBodies(corpus)
        corpusBodies = bodies.map(\.messageBody)
        let e = Benchmark.throughput(ruleClassifier, bodies, seconds: seconds)
        let n = Benchmark.throughput(ruleClassifier, bodies, seconds: seconds, naive: true)
        let runs = Benchmark.regexRunsPerMessage(ruleClassifier, bodies)
        let startup = try EndToEndBenchmark.startupMilliseconds(ruleArguments: ruleArguments)
        corpusRun = .init(
          name: ruleClassifier.ruleSet.name, rules: ruleClassifier.ruleSet.rules.count, messages: bodies.count,
          engine: e, naive: n, speedup: e.messagesPerSecond / n.messagesPerSecond, regexRunsPerMessage: runs,
          shareOfHeadline: e.messagesPerSecond / engine.messagesPerSecond, startupMilliseconds: startup)
        log(
          "rule set \(ruleClassifier.ruleSet.name) (\(ruleClassifier.ruleSet.rules.count) rules) on \(bodies.count) corpus messages: engine \(BenchSupport.rate(e.messagesPerSecond)) msgs/s (\(String(format: "%.0f", 100 * e.messagesPerSecond / engine.messagesPerSecond))% of the headline), naive \(BenchSupport.rate(n.messagesPerSecond)) msgs/s, speed-up \(String(format: "%.1f", e.messagesPerSecond / n.messagesPerSecond))x, \(String(format: "%.2f", runs)) PCRE2 runs a message, start-up \(String(format: "%.1f", startup)) ms"
        )
        if let model = ruleClassifier.model {
          let run = Benchmark.modelRun(model, bodies, seconds: seconds)
          modelRun = run.all
          modelRunNear110 = run.near110
          let lines = BenchCommand.modelLines(run, messages: bodies.count)
          if let near110 = lines.near110 { log(near110) }
          log(lines.all)
        }
      }

      // End to end: the classify command over a file of plain-text lines — the headline's
      // generated rules and messages, and the rule set on the corpus's messages.
      var endToEnd: EngineBenchmarkReport.EndToEnd?
      var endToEndOnCorpus: EngineBenchmarkReport.EndToEnd?
      if endToEndLines > 0 {
        let rulesFile =
          keep?.appendingPathComponent("rules.yaml")
          ?? FileManager.default.temporaryDirectory.appendingPathComponent("smsfilter-bench-rules-\(getpid()).yaml")
        try yaml.write(to: rulesFile, atomically: true, encoding: .utf8)
        defer { if keep == nil { try? FileManager.default.removeItem(at: rulesFile) } }
        endToEnd = try EndToEndBenchmark.run(
          lines: endToEndLines, bodies: messages.map(\.messageBody), ruleArguments: ["--rules", rulesFile.path],
          keepingInputAt: keep?.appendingPathComponent("messages.txt"))
        if let e = endToEnd {
          log(
            "end-to-end classify, generated rules and messages (\(e.lines) lines, \(String(format: "%.1f", Double(e.bytes) / 1e6)) MB): 1 thread \(BenchSupport.rate(e.oneThreadLinesPerSecond)) lines/s, 2 threads \(BenchSupport.rate(e.twoThreadsLinesPerSecond)) lines/s (\(String(format: "%.2f", e.twoThreadSpeedup))x)"
          )
        }
        if !corpusBodies.isEmpty {
          endToEndOnCorpus = try EndToEndBenchmark.run(
            lines: endToEndLines, bodies: corpusBodies, ruleArguments: ruleArguments)
          if let e = endToEndOnCorpus {
            log(
              "end-to-end classify, the rule set on corpus messages (\(e.lines) lines, \(String(format: "%.1f", Double(e.bytes) / 1e6)) MB): 1 thread \(BenchSupport.rate(e.oneThreadLinesPerSecond)) lines/s, 2 threads \(BenchSupport.rate(e.twoThreadsLinesPerSecond)) lines/s (\(String(format: "%.2f", e.twoThreadSpeedup))x)"
            )
          }
        }
      }
      let peak = Benchmark.residentMemory().peak
      log("peak resident memory: \(String(format: "%.1f", peak)) MB")
      if format == .json {
        let report = EngineBenchmarkReport(
          environment: environment,
          workload: .init(
            rules: classifier.ruleSet.rules.count, keywordRules: classifier.ruleSet.rules.count - regexRules,
            regexRules: regexRules, messages: messages.count, averageMessageBytes: averageBytes,
            compileMilliseconds: compileMs, automatonStates: stats.automatonStates, literals: stats.literals),
          engine: engine, latencyNanoseconds: latency, naive: naive, speedup: speedup, scaling: points,
          ruleSetOnCorpus: corpusRun, modelScoring: modelRun, modelScoringNear110Bytes: modelRunNear110,
          endToEnd: endToEnd, endToEndOnCorpus: endToEndOnCorpus,
          peakResidentMegabytes: peak)
        try BenchSupport.printJSON(report)
      }
    }
  }

  /// The rule options to pass on to a `classify` this command runs.
  var ruleArguments: [String] {
    rules.rulePaths.flatMap { ["--rules", $0] } + rules.directoryPaths.flatMap { ["--directory", $0] }
      + (rules.modelPath.map { ["--model", $0] } ?? [])
  }

  /// The messages of a corpus file or folder (labels are not needed).
  static func readBodies(_ path: String) throws -> [MessageQuery] {
    let queries: [MessageQuery]
    do { queries = try CorpusReader.unlabeledMessages(at: path) } catch {
      throw CommandFailure(message: "\(error)", status: ExitStatus.refused)
    }
    guard !queries.isEmpty else { throw CommandFailure(message: "\(path): no messages", status: ExitStatus.refused) }
    return queries
  }
}
