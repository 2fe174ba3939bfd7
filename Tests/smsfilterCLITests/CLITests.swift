import Foundation
import Testing

/// End-to-end tests of the built `smsfilter` binary on real input.
enum CLI {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static var binary: URL {
    let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("smsfilter")
    if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
    for dir in [".build/debug", ".build/release"] {
      let candidate = root.appendingPathComponent(dir).appendingPathComponent("smsfilter")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return besideTests
  }

  struct Result {
    let status: Int32
    let stdout: String
    let stdoutBytes: Data
    let stderr: String
    var lines: [Substring] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
  }

  /// Runs the binary with `arguments`, feeding `input` on stdin, from a scratch directory (so
  /// nothing relies on the working directory).
  static func run(_ arguments: [String], input: Data = Data()) throws -> Result {
    try runWithEnvironment(nil, arguments, input: input)
  }

  /// Runs the binary as ``run(_:input:)`` does, with `environment` added to this process's.
  static func runWithEnvironment(
    _ environment: [String: String]?, _ arguments: [String], input: Data = Data()
  ) throws -> Result {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("smsfilter-cli-\(UUID())")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let inputFile = scratch.appendingPathComponent("stdin")
    let errorFile = scratch.appendingPathComponent("stderr")
    try input.write(to: inputFile)
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if let environment {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.currentDirectoryURL = scratch
    process.standardInput = try FileHandle(forReadingFrom: inputFile)
    // Output to files, not pipes: Foundation's readDataToEndOfFile traps on EINTR, which the
    // children of concurrent tests can cause.
    let outputFile = scratch.appendingPathComponent("stdout")
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    process.waitUntilExit()
    let data = (try? Data(contentsOf: outputFile)) ?? Data()
    let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    return Result(
      status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self), stdoutBytes: data,
      stderr: stderr)
  }
}

@Suite struct ClassifyCommandTests {
  @Test func aBankDebitIsFinance() throws {
    let result = try CLI.run(["classify"], input: Data("Rs 2,500.00 debited from A/c XX1234 on 21-11-26\n".utf8))
    #expect(result.status == 0)
    let fields = result.stdout.split(separator: "\t")
    #expect(fields.count == 3)
    #expect(fields[0] == "transaction" && fields[1] == "transactionalFinance")
    #expect(fields[2].hasSuffix("\n") && fields[2].count > 1)
  }

  @Test func capabilitiesOverrideDropsTheSubAction() throws {
    let result = try CLI.run(
      ["classify", "--capabilities", "transactionalOrders,promotionalCoupons"],
      input: Data("Rs 2,500.00 debited from A/c XX1234 on 21-11-26\n".utf8))
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("transaction\tnone\t"))
  }

  @Test func sixTransactionalCapabilitiesAreRefused() throws {
    let result = try CLI.run([
      "classify", "--capabilities",
      "transactionalOthers,transactionalFinance,transactionalOrders,transactionalReminders,transactionalHealth,transactionalWeather",
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("limit is 5"))
    #expect(result.stdout.isEmpty)
  }

  @Test func aThousandLinesWithBadOnesGiveAThousandLinesInOrder() throws {
    var input = Data()
    var expectedErrors = Set<Int>()
    for index in 1...1000 {
      if index % 97 == 0 {
        input.append(contentsOf: [0x62, 0x61, 0x64, 0xFF, 0xFE, 0x0A])  // invalid UTF-8
        expectedErrors.insert(index)
      } else if index % 89 == 0 {
        input.append(Data("{\"body\": \"unterminated\n".utf8))  // bad JSON
        expectedErrors.insert(index)
      } else {
        input.append(
          Data(
            "{\"id\": \(index), \"sender\": \"VM-HDFCBK\", \"body\": \"Rs \(index).00 debited from A/c XX1234\"}\n".utf8
          ))
      }
    }
    let result = try CLI.run(["classify", "--output", "jsonl"], input: input)
    #expect(result.status == 1)
    let lines = result.lines
    #expect(lines.count == 1000)
    for (offset, line) in lines.enumerated() {
      let index = offset + 1
      if expectedErrors.contains(index) {
        #expect(line.hasPrefix("{\"error\":"), "line \(index): \(line)")
        #expect(result.stderr.contains("line \(index):"))
      } else {
        #expect(line.hasSuffix(",\"id\":\(index)}"), "line \(index): \(line)")
      }
    }
  }

  @Test func plainTextWithInvalidUTF8KeepsCountAndOrder() throws {
    var input = Data("hello there\n".utf8)
    input.append(contentsOf: [0xC3, 0x28, 0x0A])
    input.append(Data("\nlast line without newline".utf8))
    let result = try CLI.run(["classify"], input: input)
    #expect(result.status == 1)
    #expect(result.lines.count == 4)
    #expect(result.lines[1] == "error\tnone\tinvalid-utf8")
    #expect(result.stderr.contains("line 2: invalid UTF-8"))
  }

  @Test func crlfAndThreadsKeepOrder() throws {
    let bodies = (0..<5000).map { $0 % 3 == 0 ? "Your OTP is \(100_000 + $0)" : "see you at \($0)" }
    let input = Data(bodies.joined(separator: "\r\n").utf8)
    let one = try CLI.run(["classify", "--threads", "1"], input: input)
    let two = try CLI.run(["classify", "--threads", "2"], input: input)
    #expect(one.lines.count == 5000)
    #expect(one.stdout == two.stdout)
    // Clean runs: no error, nothing on standard error (where a sanitizer-built binary reports).
    #expect(one.status == 0 && two.status == 0 && one.stderr.isEmpty && two.stderr.isEmpty)
    // CR LF ends a line as LF does: the same decisions, spans and offsets as the LF input.
    let explained = ["classify", "--threads", "2", "--explain", "--output", "jsonl"]
    let crlf = try CLI.run(explained, input: input)
    let lf = try CLI.run(explained, input: Data(bodies.joined(separator: "\n").utf8))
    #expect(crlf.lines.count == 5000)
    #expect(crlf.stdout == lf.stdout)
    #expect(!crlf.stdout.contains("\\r"))
  }

  @Test func overlappedThreadsKeepOrderAcrossManyBatches() throws {
    // Five batches and more, so the reader, the workers and the writer all overlap; invalid
    // lines at known places must come out as error records at those places, for any thread count.
    var input = Data()
    var invalid: [Int] = []
    for index in 0..<45_000 {
      if index % 9_973 == 17 {
        input.append(contentsOf: [0xFF, 0x0A])
        invalid.append(index + 1)
      } else {
        input.append(Data((index % 3 == 0 ? "Your OTP is \(100_000 + index)\n" : "see you at \(index)\n").utf8))
      }
    }
    let one = try CLI.run(["classify", "--threads", "1"], input: input)
    #expect(one.lines.count == 45_000)
    #expect(one.status == 1)  // some lines could not be read
    for line in invalid { #expect(one.lines[line - 1] == "error\tnone\tinvalid-utf8") }
    for threads in ["2", "3"] {
      let many = try CLI.run(["classify", "--threads", threads], input: input)
      #expect(many.stdout == one.stdout, "threads \(threads)")
      #expect(many.stderr == one.stderr, "threads \(threads)")
      #expect(many.status == one.status)
    }
    let reported = one.stderr.split(separator: "\n").filter { $0.contains("invalid UTF-8") }
    #expect(reported.map { String($0) } == invalid.map { "smsfilter: line \($0): invalid UTF-8" })
  }

  @Test func explainShowsMatchedSpans() throws {
    let result = try CLI.run(
      ["classify", "--explain", "--output", "jsonl"],
      input: Data("{\"body\":\"Rs 2,500.00 debited from A/c XX1234\"}\n".utf8))
    #expect(result.status == 0)
    #expect(result.stdout.contains("\"matches\":[{\"rule\":"))
    #expect(result.stdout.contains("\"spans\":[{"))
  }

  @Test func aClosedPipeEndsQuietly() throws {
    // `smsfilter classify | head -1` on a long input: no error message, no crash.
    let lines = String(repeating: "Your OTP is 123456\n", count: 200_000)
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID()).txt")
    try lines.write(to: scratch, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID()).err")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorFile) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "'\(CLI.binary.path)' classify < '\(scratch.path)' | head -1"]
    let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID()).out")
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: outputFile) }
    // Output and stderr to files, not pipes read afterwards: a full pipe would block the writer,
    // and Foundation's readDataToEndOfFile traps on EINTR.
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    process.waitUntilExit()
    let out = String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self)
    let err = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    #expect(out.split(separator: "\n").count == 1)
    #expect(err.isEmpty, "stderr: \(err)")
  }
}

@Suite struct OtherCommandTests {
  @Test func checkPassesOnTheBuiltInRules() throws {
    let result = try CLI.run(["check"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("all pass"))
  }

  @Test func checkReportsAFailingExampleWithFileAndLine() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("r.yaml")
    try """
    rules:
      - id: PRIZE
        action: junk
        when: {keywords: [prize]}
        examples:
          match: ['you won a prize', 'you won a car']
          noMatch: ['hello']
    """.write(to: file, atomically: true, encoding: .utf8)
    let result = try CLI.run(["check", "--rules", file.path])
    #expect(result.status == 1)
    #expect(result.stdout.contains("r.yaml:6:"))
    #expect(result.stdout.contains("rule PRIZE: example should match but does not: \"you won a car\""))
  }

  @Test func checkNotesSlowRegexesAndMeasuresTheirCost() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("advice-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("r.yaml")
    try #"""
    rules:
      - id: WORDS
        action: junk
        when: {regex: '(?<!\w)(?:prize|winner)(?!\w)'}
      - id: DIGITS
        action: junk
        when: {regex: '\b\d{6}\b|code \d+'}
      - id: SHORT
        action: allow
        when: {regex: '^.{0,3}$'}
    """#.write(to: file, atomically: true, encoding: .utf8)
    let corpus = dir.appendingPathComponent("c.tsv")
    try "ham\tcall me\nham\tyour code 123456\n".write(to: corpus, atomically: true, encoding: .utf8)
    let result = try CLI.run(["check", "--rules", file.path, "--cost", corpus.path])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("rule WORDS: regex '(?<!\\w)(?:prize|winner)(?!\\w)' is a word list"))
    // Six digits in a row is a run of bytes every match holds: no note for it.
    #expect(!result.stdout.contains(#"no required literal: '\b\d{6}\b'"#))
    #expect(result.stdout.contains(#"rule SHORT: no required literal: '^.{0,3}$' runs PCRE2"#))
    // Decomposed, the gated part runs first and only where "code " occurs (where it holds, the
    // ungated part need not run); the ungated part needs a digit, which "call me" lacks: one run
    // in two messages. SHORT, last in decision order, runs on the message no rule before it took.
    #expect(result.stdout.contains("1.00 PCRE2 runs a message"), "\(result.stdout)")
    #expect(result.stdout.contains("0.500  DIGITS"))
    #expect(result.stdout.contains("0.500  SHORT"))
    #expect(result.stdout.contains(#"0.500  code \d+"#))
  }

  @Test func aBadRuleFileIsRefusedWithItsPosition() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("bad.yaml")
    try "rules:\n  - id: BANK_DEBIT\n    action: transaction\n    when:\n      regex: 'debit(ed'\n".write(
      to: file, atomically: true, encoding: .utf8)
    let result = try CLI.run(["classify", "--rules", file.path], input: Data("x\n".utf8))
    #expect(result.status == 2)
    #expect(result.stderr.contains("bad.yaml:5:"))
    #expect(result.stderr.contains("rule BANK_DEBIT: regex 'debit(ed': missing closing parenthesis"))
  }

  @Test func capabilitiesCommand() throws {
    let result = try CLI.run(["capabilities", "--format", "json"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("\"transactionalSubActions\""))
    let overridden = try CLI.run(["capabilities", "--capabilities", "transactionalOrders"])
    #expect(overridden.stdout.contains("transactionalSubActions: transactionalOrders"))
  }

  @Test func evalPrintsTheReport() throws {
    let result = try CLI.run([
      "eval", CLI.root.appendingPathComponent("corpus").path, "--format", "json", "--no-rule-statistics",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any]
    #expect((object?["messages"] as? Int ?? 0) >= 1500)
  }
}
