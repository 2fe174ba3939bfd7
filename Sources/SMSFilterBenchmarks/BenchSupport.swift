import Foundation

/// What `bench` and `directory bench` share: describing the machine and the build, formatting
/// rates, printing a JSON report.
package enum BenchSupport {
  /// The CPU model and the memory (`"AMD EPYC, 24 GiB"`): from `/proc` on Linux; elsewhere the
  /// memory from Foundation and the core count.
  package static func machine() -> String {
    #if os(Linux)
    let cpu =
      (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
      .split(separator: "\n").first { $0.hasPrefix("model name") }
      .map { String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces) }
      ?? "unknown CPU"
    let memory =
      (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8))?
      .split(separator: "\n").first { $0.hasPrefix("MemTotal") }
      .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Double($0) }.map {
        String(format: "%.0f GiB", $0 / 1_048_576)
      } ?? "?"
    return "\(cpu), \(memory)"
    #else
    let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
    return "\(ProcessInfo.processInfo.processorCount)-core CPU, \(String(format: "%.0f GiB", memory))"
    #endif
  }

  /// The toolchain and whether this is a release build.
  package static func buildKind() -> String {
    #if compiler(>=6.3)
    let compiler = "Swift 6.3+"
    #else
    let compiler = "Swift 6.x"
    #endif
    #if DEBUG
    return compiler + " (debug build: use `swift build -c release` for real figures)"
    #else
    return compiler + " (release build)"
    #endif
  }

  /// `1.20 M` or `904 k`.
  package static func rate(_ value: Double) -> String {
    value >= 1e6 ? String(format: "%.2f M", value / 1e6) : String(format: "%.0f k", value / 1e3)
  }

  /// Prints a report as pretty JSON with sorted keys.
  package static func printJSON<T: Encodable>(_ value: T) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
  }
}
