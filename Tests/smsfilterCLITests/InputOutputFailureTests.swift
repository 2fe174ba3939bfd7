import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Read and write errors are errors (issue 12): a message on stderr and a non-zero status, never
/// a silent end of input or a silent loss of output; and the input's form (a byte order mark,
/// leading blank lines, numbers) gives the same records however it is batched.
@Suite struct InputOutputFailureTests {
  /// Runs `script` with `/bin/sh -c`, `$0` being the binary; returns the status and stderr.
  func shell(_ script: String) throws -> (status: Int32, stderr: String) {
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("smsfilter-sh-\(UUID())")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorFile) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, CLI.binary.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
  }

  @Test func aFullDiskIsReportedByClassifyAndCheck() throws {
    for script in [#"echo hello | "$0" classify > /dev/full"#, #""$0" check > /dev/full"#] {
      let result = try shell(script)
      #expect(result.status == 74, "\(script)")
      #expect(result.stderr.contains("cannot write the output: No space left on device"), "\(script)")
    }
  }

  @Test func readErrorsAreNotTheEndOfInput() throws {
    let closed = try shell(#""$0" classify <&-"#)
    #expect(closed.status == 74)
    #expect(closed.stderr.contains("cannot read the input: Bad file descriptor"))
    let folder = try shell(#""$0" classify < /"#)
    #expect(folder.status == 74)
    #expect(folder.stderr.contains("cannot read the input: Is a directory"))
  }

  @Test func threadCountsAreBounded() throws {
    for count in ["9223372036854775807", "100000", "0"] {
      let result = try CLI.run(["classify", "--threads", count])
      #expect(result.status == 2)
      #expect(result.stderr.contains("--threads must be between 1 and 256"))
    }
  }

  @Test func aByteOrderMarkKeepsJSONLines() throws {
    var input = Data([0xEF, 0xBB, 0xBF])
    input.append(Data(#"{"id":7,"sender":"VM-HDFCBK","body":"hello"}"#.utf8 + [0x0A]))
    let result = try CLI.run(["classify", "--output", "jsonl"], input: input)
    #expect(result.status == 0)
    #expect(result.lines.count == 1 && result.lines[0].hasSuffix(#""id":7}"#))
  }

  @Test func leadingBlankLinesGiveTheSameRecordsInAnyBatch() throws {
    // 9,000 blank lines run past the first 8,192-line batch.
    for blanks in [3, 9_000] {
      let input = Data((String(repeating: "\n", count: blanks) + #"{"id":1,"body":"hello"}"# + "\n").utf8)
      let result = try CLI.run(["classify", "--threads", "2"], input: input)
      #expect(result.status == 0, "\(blanks)")
      #expect(result.lines.count == blanks + 1)
      #expect(result.lines.dropLast().allSatisfy { $0 == "none\tnone\t-" }, "\(blanks)")
    }
  }

  @Test func aLeadingZeroIsBadJSONNotEchoed() throws {
    let result = try CLI.run(["classify", "--output", "jsonl"], input: Data(#"{"id":01,"body":"x"}"#.utf8 + [0x0A]))
    #expect(result.status == 1)
    #expect(result.lines == [#"{"error":"bad-json","message":"invalid number: a leading zero"}"#])
  }

  @Test func directoryCommandsRefuseAFIFOAndAnEndlessSourceAndReportAFullDisk() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("smsfilter-io-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let lookup = try CLI.run(["directory", "lookup", fifo, "+919876543210"])
    #expect(lookup.status == 2 && lookup.stderr == "smsfilter: \(fifo): not a regular file\n")
    let classify = try CLI.run(["classify", "--directory", fifo], input: Data("hello\n".utf8))
    #expect(classify.status == 2 && classify.stderr == "smsfilter: \(fifo): not a regular file\n")
    let zero = try CLI.run(["directory", "build", "/dev/zero", "-o", folder.appendingPathComponent("z").path])
    #expect(zero.status == 1 && zero.stderr.contains("/dev/zero:1:1: error: the line is longer than 4096 bytes"))
    let source = folder.appendingPathComponent("s.tsv")
    try Data("+919876543210\tjunk\tSpam\n".utf8).write(to: source)
    let file = folder.appendingPathComponent("s.smsdir").path
    for script in [
      #""$0" directory build \#(source.path) -o \#(file) > /dev/full"#, #""$0" directory stats \#(file) > /dev/full"#,
    ] {
      let result = try shell(script)
      #expect(result.status == 74, "\(script)")
      #expect(result.stderr.contains("cannot write the output: No space left on device"), "\(script)")
    }
  }
}
