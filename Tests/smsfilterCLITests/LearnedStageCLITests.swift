import Foundation
import Testing

/// `train`, `eval --folds` and the model in `classify --explain`, from the command line.
@Suite struct LearnedStageCLITests {
  /// A small labeled corpus written by the test: prizes are junk, lunches personal, codes OTPs.
  func corpus(in folder: URL) throws -> String {
    var lines: [String] = []
    let junk = ["claim your cash prize now", "you won the prize draw, claim today", "prize winner: claim the reward"]
    let personal = ["lunch tomorrow at noon?", "see you at lunch", "can we move lunch to friday"]
    let codes = ["your login code is 4821", "use code 1187 to sign in", "code 5530 for your login"]
    for round in 0..<6 {
      for body in junk { lines.append(#"{"body":"\#(body) \#(round)","action":"junk"}"#) }
      for body in personal { lines.append(#"{"body":"\#(body) \#(round)","action":"allow"}"#) }
      for body in codes {
        lines.append(#"{"body":"\#(body) \#(round)","action":"transaction","subAction":"transactionalOthers"}"#)
      }
    }
    let path = folder.appendingPathComponent("tiny.jsonl").path
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func trainIsDeterministicAndEvalRetrainsFoldsFromTheModelFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("smsfilter-train-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = try corpus(in: folder)
    let first = folder.appendingPathComponent("a.smsmodel").path
    let second = folder.appendingPathComponent("b.smsmodel").path
    let trained = try CLI.run(["train", corpus, "-o", first, "--seed", "5", "--hash-bits", "12", "--folds", "3"])
    #expect(trained.status == 0, "\(trained.stderr)")
    #expect(trained.stdout.contains("out-of-fold (3 folds)") && trained.stdout.contains("action accuracy"))
    #expect(try CLI.run(["train", corpus, "-o", second, "--seed", "5", "--hash-bits", "12"]).status == 0)
    #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: second))

    let rules = folder.appendingPathComponent("rules.yaml").path
    try Data("rules:\n  - id: M\n    action: junk\n    when: {model: {junk: 0.5}}\n".utf8).write(
      to: URL(fileURLWithPath: rules))
    let report = try CLI.run([
      "eval", corpus, "--rules", rules, "--model", first, "--folds", "3", "--format", "json", "--no-rule-statistics",
    ])
    #expect(report.status == 0, "\(report.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: report.stdoutBytes) as? [String: Any])
    let stages = try #require(json["stages"] as? [[String: Any]])
    #expect(stages.map { $0["name"] as? String } == ["rules", "model", "rules+model"])
    let note = try #require(json["outOfFold"] as? [String: Any])
    #expect(note["folds"] as? Int == 3 && note["messagesOutOfFold"] as? Int == 54)

    let explained = try CLI.run(
      ["classify", "--rules", rules, "--model", first, "--explain", "--output", "jsonl"],
      input: Data("claim the cash prize\n".utf8))
    let record = try #require(try JSONSerialization.jsonObject(with: Data(explained.stdout.utf8)) as? [String: Any])
    let model = try #require(record["model"] as? [String: Any])
    #expect(model["class"] as? String == "junk" && (model["features"] as? [Any])?.isEmpty == false)
    #expect(record["rule"] as? String == "M")
  }

  @Test func aBrokenModelFileIsRefusedWithItsReason() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("smsfilter-badmodel-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("bad.smsmodel").path
    try Data("SMSFMODL but nothing else".utf8).write(to: URL(fileURLWithPath: path))
    let result = try CLI.run(["classify", "--model", path], input: Data("hi\n".utf8))
    #expect(result.status == 2)
    #expect(result.stderr.contains("bad.smsmodel: model file:"))
  }
}
