import ArgumentParser
import Foundation
import SMSFilter
import SMSFilterBenchmarks
import SMSFilterIO

extension DirectoryCommand {
  /// `directory stats FILE`.
  struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Entries by action and kind, labels, file size, version, sections, and whether the checksum matches (exit 1 if not).",
      discussion: """
        Examples:
          smsfilter directory stats senders.smsdir
          smsfilter directory stats senders.smsdir --format json
        """)

    @Argument(help: "The directory file.")
    var file: String

    @Option(help: "Output format.")
    var format: ReportFormat = .text

    struct Report: Codable {
      var file: String
      var version: UInt32
      var fileSize: Int
      var entries: Int
      var byAction: [String: Int]
      var byKind: [String: Int]
      var labels: Int
      var labelledEntries: Int
      var checksum: String
      var checksumOK: Bool
      var sections: [String: Int]
    }

    func run() throws {
      try reportingFailures {
        let directory = try DirectoryCommand.open(file, verify: false)
        let stats = directory.statistics()
        let checksum = SenderDirectory.hex(stats.checksum)
        switch format {
        case .text:
          print("file: \(file)")
          print("version: \(stats.version)")
          print("size: \(stats.fileSize) bytes (\(String(format: "%.1f", Double(stats.fileSize) / 1_048_576)) MiB)")
          print("entries: \(stats.entries)")
          print("by action: " + Action.allCases.map { "\($0.name) \(stats.byAction[$0] ?? 0)" }.joined(separator: ", "))
          print(
            "by kind: "
              + SenderID.Kind.allCases.map { "\($0.rawValue) \(stats.byKind[$0] ?? 0)" }.joined(separator: ", "))
          print("labels: \(stats.labels) distinct, \(stats.labelled) entries labelled")
          print("checksum: \(checksum) \(stats.checksumOK ? "ok" : "MISMATCH (the file is corrupt)")")
          print("sections: " + stats.sections.map { "\($0.name) \($0.bytes)" }.joined(separator: ", "))
        case .json:
          let report = Report(
            file: file, version: stats.version, fileSize: stats.fileSize, entries: stats.entries,
            byAction: Dictionary(uniqueKeysWithValues: stats.byAction.map { ($0.key.name, $0.value) }),
            byKind: Dictionary(uniqueKeysWithValues: stats.byKind.map { ($0.key.rawValue, $0.value) }),
            labels: stats.labels, labelledEntries: stats.labelled, checksum: checksum, checksumOK: stats.checksumOK,
            sections: Dictionary(uniqueKeysWithValues: stats.sections.map { ($0.name, $0.bytes) }))
          try BenchSupport.printJSON(report)
        }
        if !stats.checksumOK { throw ExitCode(1) }
      }
    }
  }
}
