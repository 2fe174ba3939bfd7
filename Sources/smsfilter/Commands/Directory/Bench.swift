import ArgumentParser
import Foundation
import SMSFilter
import SMSFilterBenchmarks
import SMSFilterIO

extension DirectoryCommand {
  /// `directory bench [--entries N] …`: the measurement is ``DirectoryBenchmark``'s.
  struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Measure build time, file size, open time, lookups/s and resident memory on a generated directory.",
      discussion: """
        Generates N entries deterministically (94% phone numbers over 22 countries, 3% short codes, \
        2% alphanumeric and DLT IDs, 1% e-mail; about 20,000 labels), builds them from text into \
        a temporary file, opens it (with and without checksum verification) and looks up senders \
        that are in it (hits) and senders that are not (misses), in random order, on one core, one \
        at a time and in batches; each figure is the median of at least three passes over the \
        query set (the fastest and the mean are in the JSON report).
        Memory: the growth of resident memory while the directory is opened and queried, less \
        the file's pages mapped in (RssFile), from /proc/self/status on Linux; the directory is \
        opened --residency mapped unless told otherwise (copied: the whole file is anonymous \
        memory). Then the Call Directory export: written, read back from its file through \
        CallDirectoryStreamReader (checked ascending and complete, resident memory sampled), and \
        a diff against a version with --call-directory-changes entries changed, applied to the \
        old export and compared with the new one byte for byte. Build with -c release.

        Examples:
          swift run -c release smsfilter directory bench
          smsfilter directory bench --entries 1000000 --format json
          smsfilter directory bench --distinct-labels
        """)

    /// `--residency`'s values.
    enum Residency: String, CaseIterable, ExpressibleByArgument {
      case automatic, copied, mapped

      var value: DirectoryResidency {
        switch self {
        case .automatic: .automatic
        case .copied: .copied
        case .mapped: .mapped
        }
      }
    }

    @Option(help: "Entries to generate.")
    var entries = 2_000_000

    @Option(help: "Distinct query senders in each of the hit and miss sets.")
    var queries = 1_000_000

    @Option(help: "Senders per call in the batch lookup measurement.")
    var batch = 1024

    @Option(help: "Seconds per lookup measurement.")
    var seconds = 1.0

    @Option(help: "Output format.")
    var format: ReportFormat = .text

    @Flag(help: "Give every entry a label of its own ('Entry N', the caller-ID case).")
    var distinctLabels = false

    @Option(help: "How the directory is opened: automatic, copied or mapped.")
    var residency: Residency = .mapped

    @Option(help: "Entries changed between the two versions the Call Directory diff compares (0: skip that part).")
    var callDirectoryChanges = 10_000

    @Option(help: "Keep the built directory file at this path.")
    var keep: String?

    func validate() throws {
      if entries < 1 { throw ValidationError("--entries must be at least 1") }
      if queries < 1 { throw ValidationError("--queries must be at least 1") }
      if batch < 1 { throw ValidationError("--batch must be at least 1") }
      if callDirectoryChanges < 0 { throw ValidationError("--call-directory-changes must be 0 or more") }
    }

    func run() throws {
      try reportingFailures {
        let path =
          keep
          ?? FileManager.default.temporaryDirectory
          .appendingPathComponent("smsfilter-directory-bench-\(getpid()).smsdir").path
        defer { if keep == nil { try? FileManager.default.removeItem(atPath: path) } }
        var benchmark = DirectoryBenchmark(entries: entries, queries: queries, batch: batch, seconds: seconds)
        benchmark.distinctLabels = distinctLabels
        benchmark.residency = residency.value
        benchmark.callDirectoryChanges = callDirectoryChanges
        let report: DirectoryBenchmark.Report
        do {
          report = try benchmark.run(writingTo: path) { line in
            if format == .text { print(line) } else { printError(line) }
          }
        } catch let failure as CommandFailure {
          throw failure
        } catch {
          throw CommandFailure(message: "\(error)", status: ExitStatus.refused)
        }
        if format == .json { try BenchSupport.printJSON(report) }
      }
    }
  }
}
