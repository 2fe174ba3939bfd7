import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The built `smsfilter` as a coprocess: lines written to its input while the input stays open,
/// each answer read as it arrives, for the commands that must answer one line before the next
/// comes (`classify`, `directory lookup -`).
final class Coprocess {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()

  /// Starts the binary with `arguments`.
  init(_ arguments: [String]) throws {
    process.executableURL = CLI.binary
    process.arguments = arguments
    process.standardInput = input
    process.standardOutput = output
    try process.run()
  }

  /// Writes `line` and a newline, then waits up to `milliseconds` for bytes on the output: what
  /// arrived (`nil` if nothing did) and how long it took from the write.
  func answer(to line: String, within milliseconds: Int32) -> (text: String?, elapsed: Duration) {
    let start = ContinuousClock.now
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
    let descriptor = output.fileHandleForReading.fileDescriptor
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, milliseconds) == 1 else { return (nil, ContinuousClock.now - start) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    let text = count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
    return (text, ContinuousClock.now - start)
  }

  /// Closes the input and waits for the process to end.
  func finish() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}
