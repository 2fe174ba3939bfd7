import Dispatch
import Foundation
import SMSFilter

/// Speed measurements of the engine: throughput and latency on one core, the naive per-rule
/// baseline on the same rules and messages, compile time, and a scaling series over generated
/// rule sets. Figures are measured, never assumed; ratios are taken within one run.
package enum Benchmark {
  /// Throughput and latency of one configuration.
  ///
  /// The messages are classified pass after pass; each pass is timed on its own. The headline
  /// figures are the median pass's: on a shared machine other load only ever slows a pass, and
  /// the median is neither the luckiest pass nor one that another process disturbed.
  package struct Throughput: Codable, Sendable {
    /// The figures of `passes` over `messages`.
    package init(_ passes: PassTimes, _ messages: [MessageQuery]) {
      let count = Double(messages.count)
      let bytes = Double(messages.reduce(0) { $0 + $1.messageBody.utf8.count })
      messagesPerSecond = count / passes.median
      megabytesPerSecond = bytes / passes.median / 1e6
      nanosecondsPerMessage = passes.median * 1e9 / count
      fastestMessagesPerSecond = count / passes.fastest
      meanMessagesPerSecond = count / passes.mean
      self.passes = passes.count
    }

    /// Messages classified per second on one core (the median pass).
    package var messagesPerSecond: Double
    /// Megabytes (10^6 bytes) of message body per second (the median pass).
    package var megabytesPerSecond: Double
    /// Nanoseconds per message (the median pass).
    package var nanosecondsPerMessage: Double
    /// Messages per second over the fastest pass.
    package var fastestMessagesPerSecond: Double
    /// Messages per second over all passes together.
    package var meanMessagesPerSecond: Double
    /// Passes made.
    package var passes: Int
  }

  /// Latency percentiles, in nanoseconds.
  package struct Latency: Codable, Sendable {
    /// Median.
    package var p50: Double
    /// 99th percentile.
    package var p99: Double
    /// 99.9th percentile.
    package var p999: Double
    /// Maximum.
    package var max: Double
  }

  /// One point of the scaling series.
  package struct ScalingPoint: Codable, Sendable {
    /// Rules in the generated set.
    package var rules: Int
    /// Engine throughput on one core.
    package var messagesPerSecond: Double
    /// Time to load and compile the rule set, in milliseconds.
    package var compileMilliseconds: Double
    /// Automaton states.
    package var automatonStates: Int
    /// Automaton tables, in bytes.
    package var automatonBytes: Int
    /// Resident memory of the process after compiling this set, in megabytes.
    package var residentMegabytes: Double

    /// Creates a point.
    package init(
      rules: Int, messagesPerSecond: Double, compileMilliseconds: Double, automatonStates: Int,
      automatonBytes: Int, residentMegabytes: Double
    ) {
      self.rules = rules
      self.messagesPerSecond = messagesPerSecond
      self.compileMilliseconds = compileMilliseconds
      self.automatonStates = automatonStates
      self.automatonBytes = automatonBytes
      self.residentMegabytes = residentMegabytes
    }
  }

  /// Classifies `messages` repeatedly for at least `seconds`, on the calling thread; returns the
  /// throughput. `naive` selects the plain per-rule evaluation.
  package static func throughput(
    _ classifier: Classifier, _ messages: [MessageQuery], seconds: Double, naive: Bool = false
  ) -> Throughput {
    let session = classifier.makeSession()
    return measure(messages, of: messages, seconds: seconds) { classifyAll(session, $0, naive: naive) }
  }

  /// Runs `work` over `items` pass after pass, each pass timed on its own, for at least
  /// `seconds` (``timedPasses(seconds:minimumPasses:onCPU:_:)``), after an untimed warm-up on the
  /// first ``warmUpMessages`` items (caches, branch predictors, lazily built tables); the figures
  /// are per message of `messages` (one item a message). `work` returns a value derived from its
  /// results, kept so the optimiser cannot drop the work.
  @inline(__always)
  package static func measure<Item>(
    _ items: [Item], of messages: [MessageQuery], seconds: Double, onCPU: Bool = false,
    _ work: (ArraySlice<Item>) -> Int
  ) -> Throughput {
    var sink = work(items.prefix(warmUpMessages))
    let passes = timedPasses(seconds: seconds, onCPU: onCPU) { sink &+= work(items[...]) }
    blackHole(sink)
    return Throughput(passes, messages)
  }

  /// The average number of PCRE2 runs a message costs the compiled matcher (one pass, untimed).
  package static func regexRunsPerMessage(_ classifier: Classifier, _ messages: [MessageQuery]) -> Double {
    let session = classifier.makeSession()
    var runs = 0
    for message in messages {
      _ = session.classify(message)
      runs += session.regexRunsOfLastMessage
    }
    return messages.isEmpty ? 0 : Double(runs) / Double(messages.count)
  }

  /// Messages classified, untimed, before a classifier's timed passes.
  package static let warmUpMessages = 2000

  /// Classifies every message (compiled or naive), returning a sum of the actions so the work
  /// cannot be optimised away.
  @inline(__always)
  package static func classifyAll(
    _ session: ClassificationSession, _ messages: some Collection<MessageQuery>, naive: Bool
  ) -> Int {
    var sink = 0
    if naive {
      for message in messages { sink &+= session.classifyNaively(message).action.rawValue }
    } else {
      for message in messages { sink &+= session.classify(message).action.rawValue }
    }
    return sink
  }

  /// The seconds a pass took: median, fastest and mean, and how many passes were made.
  package struct PassTimes: Sendable {
    /// The median pass: the headline figure (other load only ever slows a pass; the median is
    /// neither the luckiest pass nor a disturbed one).
    package var median: Double
    /// The fastest pass.
    package var fastest: Double
    /// The mean over all passes.
    package var mean: Double
    /// Passes made.
    package var count: Int

    /// The summary of pass times in nanoseconds (at least one).
    package init(nanoseconds times: [UInt64]) {
      let sorted = times.sorted()
      median = Double(sorted[sorted.count / 2]) / 1e9
      fastest = Double(sorted[0]) / 1e9
      mean = Double(sorted.reduce(0, +)) / 1e9 / Double(sorted.count)
      count = sorted.count
    }
  }

  /// Runs `pass` again and again, timing each run, for at least `seconds` and `minimumPasses`;
  /// with `onCPU`, by the thread's CPU clock (``passNanoseconds(seconds:minimumPasses:onCPU:_:)``).
  package static func timedPasses(
    seconds: Double, minimumPasses: Int = 3, onCPU: Bool = false, _ pass: () -> Void
  ) -> PassTimes {
    PassTimes(nanoseconds: passNanoseconds(seconds: seconds, minimumPasses: minimumPasses, onCPU: onCPU, pass))
  }

  /// Each run's time, running `pass` for at least `seconds` and `minimumPasses`.
  /// With `onCPU`, each pass is timed by the thread's CPU clock instead (the time it ran, not
  /// the time it waited for a core another process held); the `seconds` are still wall time.
  package static func passNanoseconds(
    seconds: Double, minimumPasses: Int, onCPU: Bool = false, _ pass: () -> Void
  ) -> [UInt64] {
    var times: [UInt64] = []
    let start = DispatchTime.now().uptimeNanoseconds
    var elapsed: UInt64 = 0
    repeat {
      let passStart = onCPU ? threadCPUNanoseconds() : DispatchTime.now().uptimeNanoseconds
      pass()
      let passEnd = onCPU ? threadCPUNanoseconds() : DispatchTime.now().uptimeNanoseconds
      times.append(passEnd - passStart)
      elapsed = DispatchTime.now().uptimeNanoseconds - start
    } while Double(elapsed) < seconds * 1e9 || times.count < minimumPasses
    return times
  }

  /// The CPU time the calling thread has used, in nanoseconds.
  package static func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  /// The throughput of several classifiers on the same messages, measured in turns: each
  /// classifier in turn classifies a short untimed slice (so it starts with its own tables in
  /// cache), then makes timed passes for a quarter of a second; round after round, for about
  /// `seconds` per classifier. Slow drifts of a shared machine then fall on all of them alike, so
  /// the ratios between them (the scaling series) hold within one run even when the absolute
  /// figures move.
  package static func interleavedThroughput(
    _ classifiers: [Classifier], _ messages: [MessageQuery], seconds: Double, turnSeconds: Double = 0.25
  ) -> [Throughput] {
    let sessions = classifiers.map { $0.makeSession() }
    var times = [[UInt64]](repeating: [], count: classifiers.count)
    var sink = 0
    let rounds = max(3, Int((seconds / turnSeconds).rounded()))
    for _ in 0..<rounds {
      for (index, session) in sessions.enumerated() {
        sink &+= classifyAll(session, messages.prefix(warmUpMessages), naive: false)
        times[index] += passNanoseconds(seconds: turnSeconds, minimumPasses: 1) {
          sink &+= classifyAll(session, messages, naive: false)
        }
      }
    }
    blackHole(sink)
    return times.map { Throughput(PassTimes(nanoseconds: $0), messages) }
  }

  /// Times each message on its own (clock read around each call) over `passes` passes.
  package static func latency(_ classifier: Classifier, _ messages: [MessageQuery], passes: Int) -> Latency {
    let session = classifier.makeSession()
    var samples: [UInt64] = []
    samples.reserveCapacity(messages.count * passes)
    var sink = 0
    for _ in 0..<passes {
      for message in messages {
        let start = DispatchTime.now().uptimeNanoseconds
        sink &+= session.classify(message).action.rawValue
        samples.append(DispatchTime.now().uptimeNanoseconds - start)
      }
    }
    blackHole(sink)
    samples.sort()
    func percentile(_ p: Double) -> Double {
      guard !samples.isEmpty else { return 0 }
      return Double(samples[min(samples.count - 1, Int(Double(samples.count) * p))])
    }
    return Latency(p50: percentile(0.5), p99: percentile(0.99), p999: percentile(0.999), max: Double(samples.last ?? 0))
  }

  /// Loads and compiles a rule set from YAML, timing it.
  package static func compile(yaml: String) throws -> (Classifier, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let classifier = try Classifier(yaml: yaml, name: "synthetic.yaml")
    return (classifier, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }

  /// The process's resident memory now and at its peak, in megabytes (Linux `/proc`).
  package static func residentMemory() -> (current: Double, peak: Double) {
    let status = processStatus()
    return ((status["VmRSS"] ?? 0) / 1024, (status["VmHWM"] ?? 0) / 1024)
  }

  /// The numeric fields of `/proc/self/status` (`VmRSS`, `VmHWM`, `RssAnon`, `RssFile`, …), in
  /// the units it gives them (kB for memory); empty where there is no `/proc` (every platform
  /// but Linux: memory figures then read 0).
  package static func processStatus() -> [String: Double] {
    #if !os(Linux)
    return [:]
    #else
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return [:] }
    var values: [String: Double] = [:]
    for line in status.split(separator: "\n") {
      let parts = line.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "\t" })
      if parts.count >= 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
    }
    return values
    #endif
  }

  /// Keeps a computed value alive, so the optimiser cannot drop the work that made it.
  @inline(never)
  package static func blackHole(_ value: Int) {
    if value == Int.min { print("") }
  }
}
