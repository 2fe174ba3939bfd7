import Dispatch
import Foundation

/// End to end: this binary's `classify` over a file of plain-text lines, timed from process
/// start to exit.
package enum EndToEndBenchmark {
  /// `classify` exited with a failure status.
  package struct Failure: Error, CustomStringConvertible {
    /// Its exit status.
    package let status: Int32
    /// What failed.
    package var description: String { "end-to-end classify exited with \(status)" }
  }

  /// Runs this binary's `classify` over a generated file, with one and two threads (the
  /// fastest of three runs each, from process start to exit).
  package static func run(
    lines: Int, bodies: [String], ruleArguments: [String], keepingInputAt kept: URL? = nil
  ) throws -> EngineBenchmarkReport.EndToEnd {
    let file = kept ?? FileManager.default.temporaryDirectory.appendingPathComponent("smsfilter-bench-\(getpid()).txt")
    defer { if kept == nil { try? FileManager.default.removeItem(at: file) } }
    // Written in chunks, so the benchmark's own memory stays flat.
    _ = FileManager.default.createFile(atPath: file.path, contents: nil)
    let handle = try FileHandle(forWritingTo: file)
    var chunk = Data()
    var totalBytes = 0
    for index in 0..<lines {
      chunk.append(contentsOf: bodies[index % bodies.count].utf8.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 })
      chunk.append(0x0A)
      if chunk.count >= 1 << 20 || index == lines - 1 {
        try handle.write(contentsOf: chunk)
        totalBytes += chunk.count
        chunk.removeAll(keepingCapacity: true)
      }
    }
    try handle.close()
    #if os(Linux)
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #else
    let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    #endif
    func timed(_ threads: Int) throws -> Double {
      let process = Process()
      process.executableURL = executable
      process.arguments = ["classify", "--threads", "\(threads)", "--input", "text"] + ruleArguments
      process.standardInput = try FileHandle(forReadingFrom: file)
      process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
      let start = DispatchTime.now().uptimeNanoseconds
      try process.run()
      process.waitUntilExit()
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      guard process.terminationStatus == 0 else {
        throw EndToEndBenchmark.Failure(status: process.terminationStatus)
      }
      return Double(lines) / seconds
    }
    // Warm the page cache, then alternate one and two threads, three runs each, and keep each
    // one's fastest run: on a shared machine, a run can only be slowed by others, never sped up.
    _ = try timed(1)
    var one = 0.0
    var two = 0.0
    for _ in 0..<3 {
      one = max(one, try timed(1))
      two = max(two, try timed(2))
    }
    return .init(
      lines: lines, bytes: totalBytes, oneThreadLinesPerSecond: one, twoThreadsLinesPerSecond: two,
      twoThreadSpeedup: two / one)
  }

  /// Start-up: this binary's `classify` on empty input (`classify < /dev/null`), from process
  /// start to exit, in milliseconds: the median of `runs` runs (after one to warm the page
  /// cache). What it measures is the time to be ready to classify: load, compile, first read.
  package static func startupMilliseconds(ruleArguments: [String], runs: Int = 21) throws -> Double {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let arguments = [executable, "classify", "--threads", "1"] + ruleArguments
    // posix_spawn and waitpid, not Foundation's Process: its exit notification arrives through a
    // run loop, which added tens of milliseconds to a start-up of fifty.
    func timed() throws -> Double {
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
      defer { for pointer in argv { free(pointer) } }
      var pid: pid_t = 0
      let start = DispatchTime.now().uptimeNanoseconds
      let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
      guard spawned == 0 else { throw EndToEndBenchmark.Failure(status: spawned) }
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      // Exited normally with status 0 (WIFEXITED and WEXITSTATUS, which Swift cannot import).
      guard status & 0xFFFF == 0 else { throw EndToEndBenchmark.Failure(status: status) }
      return milliseconds
    }
    _ = try timed()
    var times: [Double] = []
    for _ in 0..<max(1, runs) { times.append(try timed()) }
    return times.sorted()[times.count / 2]
  }
}
