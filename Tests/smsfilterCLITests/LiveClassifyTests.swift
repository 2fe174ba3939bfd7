import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `classify` as a coprocess: one line in, its answer out, while the input stays open.
@Suite struct LiveClassifyTests {
  /// Waits up to `milliseconds` for bytes on `descriptor` and reads what has arrived.
  static func read(_ descriptor: Int32, within milliseconds: Int32) -> String? {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, milliseconds) == 1 else { return nil }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
  }

  @Test(arguments: ["1", "2", "4"])
  func eachLineIsAnsweredWhileTheInputStaysOpen(threads: String) throws {
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = ["classify", "--threads", threads, "--input", "jsonl", "--output", "jsonl"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    defer {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
    let reader = output.fileHandleForReading.fileDescriptor
    // The first answer may wait for the rules to load; time the ones after it.
    input.fileHandleForWriting.write(Data("{\"body\":\"hello\"}\n".utf8))
    #expect(Self.read(reader, within: 10_000)?.hasPrefix("{\"action\":") == true)
    let lines = [
      #"{"sender":"VM-HDFCBK","body":"Rs 2,500.00 debited from A/c XX1234","id":1}"#,
      #"{"body":"see you at 6?","id":2}"#,
    ]
    for (index, line) in lines.enumerated() {
      let start = ContinuousClock.now
      input.fileHandleForWriting.write(Data((line + "\n").utf8))
      // Waits up to 2 s, so the 100 ms bound below is what decides.
      let answer = Self.read(reader, within: 2_000)
      let elapsed = ContinuousClock.now - start
      #expect(answer?.hasSuffix("\"id\":\(index + 1)}\n") == true, "threads \(threads): \(answer ?? "no answer")")
      #expect(elapsed < .milliseconds(100), "threads \(threads): answered after \(elapsed)")
    }
  }

  @Test func tsvInputCarriesTheSender() throws {
    let tsv = "VM-HDFCBK\tRs 2,500.00 debited from A/c XX1234 on 12-03\n\tsee you at 6?\nno tab here\n"
    let result = try CLI.run(["classify", "--input", "tsv"], input: Data(tsv.utf8))
    #expect(result.status == 1)
    #expect(result.lines.count == 3)
    let jsonl =
      #"{"sender":"VM-HDFCBK","body":"Rs 2,500.00 debited from A/c XX1234 on 12-03"}"# + "\n"
      + #"{"body":"see you at 6?"}"# + "\n"
    let expected = try CLI.run(["classify"], input: Data(jsonl.utf8))
    #expect(Array(result.lines.prefix(2)) == expected.lines)
    #expect(result.lines[2] == "error\tnone\tmissing-tab")
    #expect(result.stderr.contains("line 3: no TAB between sender and body"))
  }
}
