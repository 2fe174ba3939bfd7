import Foundation
import SMSFilterBenchmarks
import SMSFilterModel
import Testing

/// End-to-end input robustness of `smsfilter classify` on the built binary: one output record per
/// input line, in order, or a clear error naming the line; never a crash or a silent drop.
@Suite struct RobustnessTests {
  @Test func nulCRAndEmptyLinesEachGiveOneRecord() throws {
    var input = Data()
    input.append(contentsOf: Array("a\u{0}b\u{0}c\n".utf8))  // NUL bytes inside a line
    input.append(contentsOf: Array("one\rtwo\rthree\n".utf8))  // lone CRs stay inside the line
    input.append(contentsOf: Array("\n\n".utf8))  // empty lines
    input.append(contentsOf: Array("crlf line\r\n".utf8))
    input.append(contentsOf: Array("no newline at the end".utf8))
    let result = try CLI.run(["classify"], input: input)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.lines.count == 6)
    #expect(result.lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 3 })
  }

  @Test func aTenMegabyteLine() throws {
    var input = Data(String(repeating: "free prize ", count: 1_000_000).utf8)
    input.append(0x0A)
    input.append(Data("short one\n".utf8))
    let result = try CLI.run(["classify"], input: input)
    #expect(result.status == 0)
    #expect(result.lines.count == 2)
  }

  @Test func binaryGarbageGivesErrorRecordsInPlace() throws {
    // Seeded, so a failure can be replayed.
    var generator = SplitMix64(seed: 0x5EED_6A2B)
    var input = Data()
    var lines = 0
    for _ in 0..<200 {
      let length = Int.random(in: 0..<300, using: &generator)
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }.filter { $0 != 0x0A }
      input.append(contentsOf: bytes)
      input.append(0x0A)
      lines += 1
    }
    let result = try CLI.run(["classify", "--input", "text"], input: input)
    #expect(result.lines.count == lines)
    let errors = result.lines.filter { $0.hasPrefix("error\t") }.count
    #expect(errors > 100)  // random bytes are rarely valid UTF-8
    #expect(result.status == 1)  // lines could not be read: the exit status says so
    #expect(result.stderr.components(separatedBy: "\n").filter { $0.contains(": line ") }.count == errors)
  }

  @Test func hostileJSONLines() throws {
    let nested = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let lines = [
      #"{"body": "hello", "id": 1}"#,
      #"{"body": "truncated"#,
      #"{"body": "deep", "x": \#(nested), "id": 3}"#,
      #"{"body": "huge number", "n": 1e999999999, "m": 123456789012345678901234567890, "id": 4}"#,
      #"{"body": "unknown fields", "weird": {"a": [1, 2, {"b": null}]}, "flag": true, "id": 5}"#,
      #"{"body": 42, "id": 6}"#,
      #"["not", "an", "object"]"#,
      #"{"sender": "VM-HDFCBK", "body": "Rs 500 debited from A/c XX1234 \ud83d\ude00 \u0000", "id": 7}"#,
      #"{"id": 9}"#,
      #"{}"#,
    ]
    let result = try CLI.run(
      ["classify", "--output", "jsonl"], input: Data((lines.joined(separator: "\n") + "\n").utf8))
    #expect(result.status == 1)
    let output = result.lines
    #expect(output.count == lines.count)
    #expect(output[0].hasSuffix(",\"id\":1}") && output[0].hasPrefix("{\"action\""))
    #expect(output[1].hasPrefix("{\"error\":\"bad-json\""))
    #expect(output[2].hasPrefix("{\"error\":\"bad-json\""))  // nesting beyond the limit
    #expect(output[3].hasSuffix(",\"id\":4}") && output[3].hasPrefix("{\"action\""))
    #expect(output[4].hasSuffix(",\"id\":5}") && output[4].hasPrefix("{\"action\""))
    #expect(output[5].hasPrefix("{\"error\":\"bad-json\""))  // body must be a string
    #expect(output[6].hasPrefix("{\"error\":\"bad-json\""))
    #expect(output[7].contains("\"subAction\":\"transactionalFinance\"") && output[7].hasSuffix(",\"id\":7}"))
    #expect(output[8].hasPrefix("{\"error\":\"missing-body\"") && output[8].hasSuffix(",\"id\":9}"))
    #expect(output[9].hasPrefix("{\"error\":\"missing-body\""))
    for line in [2, 3, 6, 7, 9, 10] { #expect(result.stderr.contains("line \(line):"), "line \(line)") }
  }
}

@Suite struct DirectoryClassifyTests {
  @Test func classifyWithADirectoryPrintsTheLabel() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-dir-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("senders.tsv")
    try "+919876543210\tjunk\tScam ring\nVM-HDFCBK\tnone\tHDFC Bank\n".write(
      to: source, atomically: true, encoding: .utf8)
    let file = folder.appendingPathComponent("senders.smsdir").path
    let build = try CLI.run(["directory", "build", source.path, "-o", file])
    #expect(build.status == 0, "\(build.stderr)")
    let input =
      [
        #"{"sender": "+919876543210", "body": "hello", "id": 1}"#,
        #"{"sender": "AD-HDFCBK", "body": "Rs 2,500.00 debited from A/c XX1234", "id": 2}"#,
      ].joined(separator: "\n") + "\n"
    let result = try CLI.run(["classify", "--directory", file, "--output", "jsonl"], input: Data(input.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.lines.count == 2)
    #expect(result.lines[0].contains("\"action\":\"junk\"") && result.lines[0].contains("\"label\":\"Scam ring\""))
    #expect(
      result.lines[1].contains("\"subAction\":\"transactionalFinance\"")
        && result.lines[1].contains("\"label\":\"HDFC Bank\""))
  }
}
