import Foundation
import SMSFilter
import SMSFilterBenchmarks
import SMSFilterEvaluation
import Testing

/// `bench CORPUS --model-only`: the model's lines from the command line, with the digest the
/// library computes for the same messages.
@Suite struct BenchModelCLITests {
  /// Messages written by the test, three of them 100-120 bytes long.
  static let bodies = [
    "see you at the station at six",
    "your parcel is out for delivery today and will reach you before eight in the evening, track it in the app",
    "get 40% off every pizza this weekend only: order in the app and use the code at checkout before sunday night",
    "your account was debited for the electricity bill and the new balance is shown in the app, call us if it is wrong",
    "can we move lunch to friday?",
  ]

  @Test func modelOnlyPrintsBothLinesAndTheLibrarysDigest() throws {
    #expect(Self.bodies.filter { (100...120).contains($0.utf8.count) }.count == 3)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("smsfilter-bench-model-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("bodies.jsonl").path
    let lines = Self.bodies.map { #"{"sender":"VM-SHOPIN","body":"\#($0)"}"# }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))

    let result = try CLI.run(["bench", path, "--model-only", "--seconds", "0.01"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.lines.count == 4, "\(result.stdout)")
    guard result.lines.count == 4 else { return }
    #expect(result.lines[0].hasPrefix("machine: "))
    #expect(
      result.lines[1].wholeMatch(
        of:
          /model alone \(features and scoring, 1 core\) on the 5 corpus messages: [0-9.]+ [kM] msgs\/s, [0-9]+ ns\/msg \([0-9]+ bytes on average\); [0-9]+ ns\/msg of the thread's CPU time/
      ) != nil, "\(result.lines[1])")
    let model = try #require(try Classifier.builtIn().model)
    let digest = Benchmark.modelDigest(model, try CorpusReader.unlabeledMessages(at: path))
    #expect(
      result.lines[2]
        == "probabilities digest (every message's, bit for bit; equal digests, equal scores): \(String(digest, radix: 16))"
    )
    #expect(
      result.lines[3].wholeMatch(
        of:
          /model alone on the 3 corpus messages of 100-120 bytes: [0-9]+ ns\/msg; [0-9]+ ns\/msg of the thread's CPU time/
      ) != nil, "\(result.lines[3])")
  }

  @Test func theDigestFollowsEveryProbability() throws {
    let model = try Classifier.builtIn().model
    let queries = Self.bodies.map { MessageQuery(sender: "VM-SHOPIN", messageBody: $0) }
    guard let model else {
      Issue.record("the built-in rules have no model")
      return
    }
    let digest = Benchmark.modelDigest(model, queries)
    #expect(Benchmark.modelDigest(model, queries) == digest)
    var changed = queries
    changed[2] = MessageQuery(sender: "VM-SHOPIN", messageBody: queries[2].messageBody + " today")
    #expect(Benchmark.modelDigest(model, changed) != digest)
    #expect(Benchmark.modelDigest(model, Array(queries.dropLast())) != digest)
  }
}
