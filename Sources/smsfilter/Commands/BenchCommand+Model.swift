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
    let scoring = Benchmark.modelScoring(model, bodies, seconds: seconds)
    let onCPU = Benchmark.modelScoring(model, bodies, seconds: seconds, onCPU: true)
    let averageBytes = Double(bodies.reduce(0) { $0 + $1.messageBody.utf8.count }) / Double(bodies.count)
    print(
      "model alone (features and scoring, 1 core) on the \(bodies.count) corpus messages: \(BenchSupport.rate(scoring.messagesPerSecond)) msgs/s, \(String(format: "%.0f", scoring.nanosecondsPerMessage)) ns/msg (\(String(format: "%.0f", averageBytes)) bytes on average); \(String(format: "%.0f", onCPU.nanosecondsPerMessage)) ns/msg of the thread's CPU time"
    )
    let near110 = bodies.filter { (100...120).contains($0.messageBody.utf8.count) }
    let digest = String(Benchmark.modelDigest(model, bodies), radix: 16)
    print("probabilities digest (every message's, bit for bit; equal digests, equal scores): \(digest)")
    if !near110.isEmpty {
      let short = Benchmark.modelScoring(model, near110, seconds: seconds)
      let shortOnCPU = Benchmark.modelScoring(model, near110, seconds: seconds, onCPU: true)
      print(
        "model alone on the \(near110.count) corpus messages of 100-120 bytes: \(String(format: "%.0f", short.nanosecondsPerMessage)) ns/msg; \(String(format: "%.0f", shortOnCPU.nanosecondsPerMessage)) ns/msg of the thread's CPU time"
      )
    }
  }
}
