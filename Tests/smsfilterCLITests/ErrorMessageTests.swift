import Foundation
import Testing

/// Errors a rule author meets first say what to do about them.
@Suite struct ErrorMessageTests {
  func ruleFile(_ text: String) throws -> (path: String, cleanup: () -> Void) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("smsfilter-errors-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("rules.yaml")
    try Data(text.utf8).write(to: file)
    return (file.path, { try? FileManager.default.removeItem(at: folder) })
  }

  @Test func aMissingRuleFileIsNamedWithoutAPosition() throws {
    let result = try CLI.run(["check", "--rules", "/nonexistent/rules.yaml"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("smsfilter: /nonexistent/rules.yaml: "), "\(result.stderr)")
    #expect(!result.stderr.contains(":0:0"))
  }

  @Test func aDoubleQuotedRegexHintsAtSingleQuotes() throws {
    let file = try ruleFile(
      #"""
      rules:
        - id: DIGITS
          action: junk
          when:
            regex: "\d+"
      """#)
    defer { file.cleanup() }
    let result = try CLI.run(["check", "--rules", file.path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(file.path):5:"), "\(result.stderr)")
    #expect(result.stderr.contains("write regexes in single quotes"), "\(result.stderr)")
  }

  @Test func aBuiltInRuleFileAloneSaysWhereItsGuardsAre() throws {
    let root = CLI.root.appendingPathComponent("rules")
    let files = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".yaml") }.sorted()
    var refusedForAGuard = 0
    for name in files {
      let alone = try CLI.run(["check", "--rules", root.appendingPathComponent(name).path])
      if alone.stderr.contains("no guard named") {
        refusedForAGuard += 1
        #expect(alone.stderr.contains("load the file that defines it too"), "\(name): \(alone.stderr)")
      }
    }
    #expect(refusedForAGuard > 0)
  }

  @Test func evalJSONHasAComparisonOnlyWithCompare() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("smsfilter-eval-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = folder.appendingPathComponent("c.jsonl")
    try Data(
      """
      {"body": "Your OTP for login is 482913. Do not share it with anyone.", "action": "transaction", "subAction": "transactionalOthers"}
      {"body": "are we still on for dinner tonight?", "action": "allow"}

      """.utf8
    ).write(to: corpus)
    let plain = try CLI.run(["eval", corpus.path, "--format", "json"])
    #expect(plain.status == 0)
    let plainJSON = try #require(try JSONSerialization.jsonObject(with: plain.stdoutBytes) as? [String: Any])
    #expect(plainJSON["comparison"] == nil)
    let rules = CLI.root.appendingPathComponent("rules").path
    let compared = try CLI.run(["eval", corpus.path, "--format", "json", "--compare", rules])
    #expect(compared.status == 0)
    let comparedJSON = try #require(try JSONSerialization.jsonObject(with: compared.stdoutBytes) as? [String: Any])
    #expect(comparedJSON["comparison"] is [String: Any])
  }
}
