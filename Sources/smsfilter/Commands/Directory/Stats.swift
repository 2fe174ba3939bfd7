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
        "Entries by action and kind, labels, file size, version, sections, bytes per entry, the Call Directory export's counts, and whether the checksum matches (exit 1 if not).",
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
      /// Bytes per entry: `keys` (keys, fence and hints), `payloads`, `labels` (label blocks
      /// and bytes), `texts` (text offsets and bytes), `file`.
      var bytesPerEntry: [String: Double]
      /// What `directory export` writes: `blocking`, `identification`, `unlabelled` phone
      /// entries, and `leftOut` (entries CallKit cannot take).
      var callDirectory: [String: Int]
    }

    /// Bytes per entry of each part of the file.
    static func bytesPerEntry(_ stats: DirectoryStatistics) -> [(String, Double)] {
      let size = Dictionary(uniqueKeysWithValues: stats.sections.map { ($0.name, $0.bytes) })
      let entries = Double(max(stats.entries, 1))
      func per(_ names: [String]) -> Double { Double(names.reduce(0) { $0 + (size[$1] ?? 0) }) / entries }
      return [
        ("keys", per(["keys", "fence", "fence hints"])), ("payloads", per(["payloads"])),
        ("labels", per(["label blocks", "label bytes"])), ("texts", per(["text offsets", "text bytes"])),
        ("file", Double(stats.fileSize) / entries),
      ]
    }

    func run() throws {
      try reportingFailures {
        let directory = try DirectoryCommand.open(file, verify: false)
        let stats = directory.statistics()
        let export = directory.callDirectoryExportCounts()
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
          print(
            "bytes per entry: "
              + Stats.bytesPerEntry(stats).map { "\($0.0) \(String(format: "%.2f", $0.1))" }.joined(separator: ", "))
          print("call directory export: \(export.summary)")
        case .json:
          let report = Report(
            file: file, version: stats.version, fileSize: stats.fileSize, entries: stats.entries,
            byAction: Dictionary(uniqueKeysWithValues: stats.byAction.map { ($0.key.name, $0.value) }),
            byKind: Dictionary(uniqueKeysWithValues: stats.byKind.map { ($0.key.rawValue, $0.value) }),
            labels: stats.labels, labelledEntries: stats.labelled, checksum: checksum, checksumOK: stats.checksumOK,
            sections: Dictionary(uniqueKeysWithValues: stats.sections.map { ($0.name, $0.bytes) }),
            bytesPerEntry: Dictionary(uniqueKeysWithValues: Stats.bytesPerEntry(stats)),
            callDirectory: [
              "blocking": export.blocking, "identification": export.identification, "unlabelled": export.unlabelled,
              "leftOut": export.leftOutCount,
            ])
          try BenchSupport.printJSON(report)
        }
        if !stats.checksumOK { throw ExitCode(1) }
      }
    }
  }
}
