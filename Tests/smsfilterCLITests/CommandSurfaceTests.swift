import Foundation
import Testing

/// What surrounds the commands: `--version`, exit statuses, help text and completions.
@Suite struct CommandSurfaceTests {
  /// Every command and subcommand, as its path of names.
  static let commands: [[String]] = [
    ["classify"], ["eval"], ["bench"], ["check"], ["capabilities"], ["train"], ["serve"],
    ["directory"], ["directory", "build"], ["directory", "update"], ["directory", "lookup"],
    ["directory", "stats"], ["directory", "export"], ["directory", "diff"], ["directory", "apply"],
    ["directory", "bench"],
  ]

  /// A command added later must join ``commands``, and so meet every test below.
  @Test func theListIsEveryCommandTheToolHas() throws {
    let dump = try CLI.run(["--experimental-dump-help"])
    let root = try #require(try JSONSerialization.jsonObject(with: dump.stdoutBytes) as? [String: Any])
    var found: [[String]] = []
    func walk(_ command: [String: Any], _ path: [String]) {
      for case let sub as [String: Any] in command["subcommands"] as? [Any] ?? [] {
        guard let name = sub["commandName"] as? String, name != "help" else { continue }
        found.append(path + [name])
        walk(sub, path + [name])
      }
    }
    walk(try #require(root["command"] as? [String: Any]), [])
    #expect(
      found.map { $0.joined(separator: " ") }.sorted() == Self.commands.map { $0.joined(separator: " ") }.sorted())
  }

  @Test func versionNamesThePackageTheRulesAndTheModel() throws {
    let result = try CLI.run(["--version"])
    #expect(result.status == 0)
    let lines = result.lines
    #expect(lines.count == 4)
    #expect(lines.first?.range(of: #"^smsfilter \d+\.\d+\.\d+$"#, options: .regularExpression) != nil)
    #expect(lines.dropFirst().first?.hasPrefix("rules: smsfilter-default (") == true)
    #expect(lines.dropFirst(2).first?.hasPrefix("model: built-in (checksum ") == true)
    #expect(lines.last?.hasPrefix("pcre2: 10.") == true && lines.last?.hasSuffix("(JIT)") == true)
  }

  @Test func withoutTheJITTheDecisionsAreTheSame() throws {
    let input = Data(
      """
      Rs 2,500.00 debited from A/c XX1234 on 21-11-26
      Your OTP for login is 482913. Do not share it with anyone.
      URGENT! You have won a 1,000 cash prize. To claim call 09061701461 now
      Use code SAVE20 for 20% off your next order. T&C apply
      are we still on for dinner tonight?

      """.utf8)
    let version = try CLI.runWithEnvironment(["SMSFILTER_PCRE2_JIT": "0"], ["--version"])
    #expect(version.lines.last?.hasSuffix("(interpreter: SMSFILTER_PCRE2_JIT=0)") == true)
    let jit = try CLI.run(["classify", "--explain"], input: input)
    let interpreted = try CLI.runWithEnvironment(["SMSFILTER_PCRE2_JIT": "0"], ["classify", "--explain"], input: input)
    #expect(jit.status == 0 && interpreted.status == 0)
    #expect(jit.lines.count == 5)
    #expect(jit.stdout == interpreted.stdout)
  }

  @Test(arguments: [
    ["classify", "--threads", "0"], ["classify", "--input", "xml"], ["classify", "--bogus"],
    ["check", "stray"], ["capabilities", "--capabilities", "transactionalFinance,bogus"],
    ["eval"], ["nosuchcommand"], ["check", "--rules", "/nonexistent/rules.yaml"],
  ])
  func everyRefusalExitsTwo(arguments: [String]) throws {
    let result = try CLI.run(arguments)
    #expect(result.status == 2, "\(arguments): \(result.stderr)")
    #expect(!result.stderr.isEmpty)
    #expect(result.stdout.isEmpty)
  }

  @Test func theRootHelpDocumentsEveryExitStatus() throws {
    let help = try CLI.run(["--help"])
    #expect(help.status == 0)
    for status in ["0 success", "1 some input lines", "2 the arguments", "74 reading the input"] {
      #expect(help.stdout.contains(status), "\(status)")
    }
  }

  @Test(arguments: commands)
  func everyHelpHasAnExampleAndWrapsWithinTheWidth(command: [String]) throws {
    let result = try CLI.runWithEnvironment(["COLUMNS": "80"], command + ["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Examples:"), "\(command)")
    // Only the usage line may run past 80 columns (argument-parser never wraps it).
    for line in result.lines where !line.hasPrefix("USAGE:") {
      #expect(line.count <= 80, "\(command): \(line)")
    }
    // Every example is a command line of this tool for this command.
    let examples = result.stdout.components(separatedBy: "Examples:\n").last ?? ""
    let first = examples.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.contains("smsfilter " + command.joined(separator: " ")) || command == ["directory"], "\(first)")
  }

  @Test func optionsAreOfferedOnlyWhereTheyDoSomething() throws {
    for command in [["check"], ["capabilities"]] {
      let help = try CLI.run(command + ["--help"])
      #expect(!help.stdout.contains("--directory"), "\(command)")
    }
    #expect(try CLI.run(["capabilities", "--help"]).stdout.contains("--model") == false)
    #expect(try CLI.run(["classify", "--help"]).stdout.contains("--directory"))
    let update = try CLI.run(["directory", "update", "--help"])
    #expect(!update.stdout.contains("NEWFILE"))
    #expect(update.stdout.contains("-o, --output <output>"))
  }

  @Test func bashCompletionOffersTheInputAndOutputFormats() throws {
    let script = try CLI.run(["--generate-completion-script", "bash"])
    #expect(script.status == 0)
    // The values offered after `classify --input` and `--output`, in the script's own words.
    #expect(script.stdout.contains("-W 'auto'$'\\n''text'$'\\n''jsonl'$'\\n''tsv'"))
    #expect(script.stdout.contains("-W 'tsv'$'\\n''jsonl'"))
  }

  @Test func bashCompletesClassifyInputInARealShell() throws {
    guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
    let script = try CLI.run(["--generate-completion-script", "bash"])
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("smsfilter-completion-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("smsfilter.bash")
    try script.stdoutBytes.write(to: file)
    // What bash does on `smsfilter classify --input <TAB>`: call the completion function with
    // the words so far and print what it offers.
    let driver = """
      source '\(file.path)'
      COMP_WORDS=(smsfilter classify --input ''); COMP_CWORD=3
      COMP_LINE='smsfilter classify --input '; COMP_POINT=${#COMP_LINE}
      _smsfilter smsfilter '' --input
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", driver]
    process.environment = ["PATH": CLI.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"]
    let output = folder.appendingPathComponent("out")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let offered = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(offered.sorted() == ["auto", "jsonl", "text", "tsv"])
  }
}
