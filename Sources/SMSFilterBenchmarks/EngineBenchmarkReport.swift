/// The JSON report of `smsfilter bench` (`--format json`): the environment, the generated
/// 1,000-rule headline, the scaling series, a rule set on a corpus, end to end and memory.
package struct EngineBenchmarkReport: Codable {
  package struct Environment: Codable {
    package var date: String
    package var machine: String
    package var cores: Int
    package var toolchain: String
    /// Whether regexes ran on PCRE2's JIT (false: its interpreter, as on iOS).
    package var regexJIT: Bool

    /// Creates the record.
    package init(date: String, machine: String, cores: Int, toolchain: String, regexJIT: Bool = true) {
      self.date = date
      self.machine = machine
      self.cores = cores
      self.toolchain = toolchain
      self.regexJIT = regexJIT
    }
  }
  package struct Headline: Codable {
    package var rules: Int
    package var keywordRules: Int
    package var regexRules: Int
    package var messages: Int
    package var averageMessageBytes: Double
    package var compileMilliseconds: Double
    package var automatonStates: Int
    package var literals: Int

    /// Creates the record.
    package init(
      rules: Int, keywordRules: Int, regexRules: Int, messages: Int, averageMessageBytes: Double,
      compileMilliseconds: Double, automatonStates: Int, literals: Int
    ) {
      self.rules = rules
      self.keywordRules = keywordRules
      self.regexRules = regexRules
      self.messages = messages
      self.averageMessageBytes = averageMessageBytes
      self.compileMilliseconds = compileMilliseconds
      self.automatonStates = automatonStates
      self.literals = literals
    }
  }
  package struct RuleSetRun: Codable {
    package var name: String
    package var rules: Int
    package var messages: Int
    package var engine: Benchmark.Throughput
    package var naive: Benchmark.Throughput
    package var speedup: Double
    /// The average number of PCRE2 runs a message cost the compiled matcher.
    package var regexRunsPerMessage: Double
    /// The engine's throughput as a share of the generated 1,000-rule headline's, same run.
    package var shareOfHeadline: Double
    /// The median time from process start to ready-to-classify with this rule set
    /// (`classify < /dev/null`), in milliseconds; `nil` when not measured.
    package var startupMilliseconds: Double?

    /// Creates the record.
    package init(
      name: String, rules: Int, messages: Int, engine: Benchmark.Throughput, naive: Benchmark.Throughput,
      speedup: Double, regexRunsPerMessage: Double, shareOfHeadline: Double, startupMilliseconds: Double?
    ) {
      self.name = name
      self.rules = rules
      self.messages = messages
      self.engine = engine
      self.naive = naive
      self.speedup = speedup
      self.regexRunsPerMessage = regexRunsPerMessage
      self.shareOfHeadline = shareOfHeadline
      self.startupMilliseconds = startupMilliseconds
    }
  }
  package struct EndToEnd: Codable {
    package var lines: Int
    package var bytes: Int
    package var oneThreadLinesPerSecond: Double
    package var twoThreadsLinesPerSecond: Double
    package var twoThreadSpeedup: Double

    /// Creates the record.
    package init(
      lines: Int, bytes: Int, oneThreadLinesPerSecond: Double, twoThreadsLinesPerSecond: Double,
      twoThreadSpeedup: Double
    ) {
      self.lines = lines
      self.bytes = bytes
      self.oneThreadLinesPerSecond = oneThreadLinesPerSecond
      self.twoThreadsLinesPerSecond = twoThreadsLinesPerSecond
      self.twoThreadSpeedup = twoThreadSpeedup
    }
  }
  package var environment: Environment
  package var workload: Headline
  package var engine: Benchmark.Throughput
  package var latencyNanoseconds: Benchmark.Latency
  package var naive: Benchmark.Throughput
  package var speedup: Double
  package var scaling: [Benchmark.ScalingPoint]
  package var ruleSetOnCorpus: RuleSetRun?
  /// The learned model alone (features and scoring) on the corpus messages, when the rule set
  /// has one.
  package var modelScoring: Benchmark.Throughput?
  /// The same, on the corpus messages of 100 to 120 bytes (the 110-byte message of issue 13's
  /// target), when there are any.
  package var modelScoringNear110Bytes: Benchmark.Throughput?
  package var endToEnd: EndToEnd?
  package var endToEndOnCorpus: EndToEnd?
  package var peakResidentMegabytes: Double

  /// Creates the record.
  package init(
    environment: Environment, workload: Headline, engine: Benchmark.Throughput, latencyNanoseconds: Benchmark.Latency,
    naive: Benchmark.Throughput, speedup: Double, scaling: [Benchmark.ScalingPoint], ruleSetOnCorpus: RuleSetRun?,
    modelScoring: Benchmark.Throughput? = nil, modelScoringNear110Bytes: Benchmark.Throughput? = nil,
    endToEnd: EndToEnd?, endToEndOnCorpus: EndToEnd?,
    peakResidentMegabytes: Double
  ) {
    self.environment = environment
    self.workload = workload
    self.engine = engine
    self.latencyNanoseconds = latencyNanoseconds
    self.naive = naive
    self.speedup = speedup
    self.scaling = scaling
    self.modelScoring = modelScoring
    self.modelScoringNear110Bytes = modelScoringNear110Bytes
    self.ruleSetOnCorpus = ruleSetOnCorpus
    self.endToEnd = endToEnd
    self.endToEndOnCorpus = endToEndOnCorpus
    self.peakResidentMegabytes = peakResidentMegabytes
  }
}
