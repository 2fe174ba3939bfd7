import Foundation
import SMSFilter
import SMSFilterBenchmarks

extension BenchCommand {
  /// `bench CORPUS --model-only`: the model's two lines alone (all the corpus's messages, then
  /// those of 100-120 bytes), in seconds instead of the minutes of the whole bench, and a digest
  /// of every message's probabilities, so that two builds can be shown to score alike. Each line
  /// gives the wall-clock figure (the bench's) and the thread's CPU time a message, which holds
  /// better when other work shares the cores.
  func runModelOnly() throws {
    guard let corpus else {
      throw CommandFailure(message: "--model-only needs a CORPUS to score", status: ExitStatus.refused)
    }
    guard format == .text else {
      throw CommandFailure(message: "--model-only prints text only (no --format json)", status: ExitStatus.refused)
    }
    let classifier = try rules.makeClassifier()
    guard let model = classifier.model else {
      throw CommandFailure(message: "--model-only: the rule set has no model", status: ExitStatus.refused)
    }
    let bodies = try BenchCommand.readBodies(corpus)
    print(
      "machine: \(BenchSupport.machine()), \(ProcessInfoCores.count) cores; \(BenchSupport.buildKind()); model \(model.source)"
    )
    let run = Benchmark.modelRun(model, bodies, seconds: seconds, onCPU: true)
    let digest = String(Benchmark.modelDigest(model, bodies), radix: 16)
    let lines = BenchCommand.modelLines(run, messages: bodies.count)
    print(lines.all)
    print("probabilities digest (every message's, bit for bit; equal digests, equal scores): \(digest)")
    if let near110 = lines.near110 { print(near110) }
  }

  /// The model's lines of the bench: on all the messages and on those of 100-120 bytes (`nil`
  /// when there are none). A run timed by the CPU clock too is `--model-only`'s: its lines give the
  /// message count and the CPU time; otherwise the whole bench's, whose rule-set line above
  /// includes the model.
  static func modelLines(_ run: Benchmark.ModelRun, messages: Int) -> (all: String, near110: String?) {
    func nanoseconds(_ throughput: Benchmark.Throughput) -> String {
      String(format: "%.0f", throughput.nanosecondsPerMessage)
    }
    let onCPU = { (throughput: Benchmark.Throughput?) in
      throughput.map { "; \(nanoseconds($0)) ns/msg of the thread's CPU time" } ?? ""
    }
    let count = run.allOnCPU == nil ? "" : " \(messages)"
    let tail = run.allOnCPU == nil ? "; the rule set's figures above include it" : onCPU(run.allOnCPU)
    let all =
      "model alone (features and scoring, 1 core) on the\(count) corpus messages: \(BenchSupport.rate(run.all.messagesPerSecond)) msgs/s, \(nanoseconds(run.all)) ns/msg (\(String(format: "%.0f", run.averageBytes)) bytes on average)\(tail)"
    let near110 = run.near110.map {
      "model alone on the \(run.near110Count) corpus messages of 100-120 bytes: \(nanoseconds($0)) ns/msg\(onCPU(run.near110OnCPU))"
    }
    return (all, near110)
  }
}
