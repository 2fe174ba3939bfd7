import Dispatch
import Foundation
import SMSFilter

/// The Call Directory part of `smsfilter directory bench`: exports a built directory, reads the
/// export back from its file through ``CallDirectoryStreamReader`` (checking that each stream
/// ascends strictly and that the counts match the directory's) while sampling resident
/// memory, and diffs the directory against a version in which `changes` entries differ,
/// applying the diff to the old export and comparing with the new one byte for byte.
package struct CallDirectoryBenchmark {
  /// Entries that differ between the two versions of the diff measurement.
  package var changes: Int

  /// A benchmark with `changes` differing entries.
  package init(changes: Int) {
    self.changes = changes
  }

  /// The figures.
  package struct Report: Codable {
    /// The export stream's size in bytes.
    package var exportBytes: Int
    /// Seconds to write the export (in memory).
    package var exportSeconds: Double
    /// Records in each stream, as read back, and as the directory counts them.
    package var blocking: Int
    package var identification: Int
    package var expectedBlocking: Int
    package var expectedIdentification: Int
    /// Entries CallKit cannot take, and phone entries with nothing to load.
    package var leftOut: Int
    package var unlabelled: Int
    /// Whether both streams were strictly ascending and the counts matched.
    package var ascendingAndComplete: Bool
    /// Seconds to read the export file through the reader.
    package var readSeconds: Double
    /// The largest growth of resident memory while reading (sampled every 65,536 records), in MB.
    package var readResidentGrowthMegabytes: Double
    /// Entries that differ between the versions diffed, the diff's size, records and time.
    package var changedEntries: Int
    package var diffBytes: Int
    package var diffRecords: Int
    package var diffSeconds: Double
    /// Seconds to apply the diff to the old export, and whether that gave the new export
    /// byte for byte.
    package var applySeconds: Double
    package var appliedEqualsNewExport: Bool
  }

  /// Runs it on `directory` (built from `synthetic`), writing scratch files beside `path`.
  package func run(
    _ directory: SenderDirectory, synthetic: SyntheticDirectory, path: String, log: (String) -> Void
  ) throws -> Report {
    let counts = directory.callDirectoryExportCounts()
    let (export, exportSeconds) = Self.timed { directory.callDirectoryExport() }
    let exportPath = path + ".sdex"
    defer { try? FileManager.default.removeItem(atPath: exportPath) }
    try Data(export).write(to: URL(fileURLWithPath: exportPath))
    log(
      "call directory export: \(export.count) bytes in \(String(format: "%.2f", exportSeconds)) s; \(counts.summary)")

    // Read it back from the file, in constant memory.
    let before = Benchmark.processStatus()["VmRSS"] ?? 0
    var peak = before
    var seen: [CallDirectoryStream.Section: Int] = [:]
    var ascending = true
    let (_, readSeconds) = try Self.timed { () throws -> Void in
      let reader = try CallDirectoryStreamReader(path: exportPath)
      var previous: (CallDirectoryStream.Section, Int64)?
      var read = 0
      while let record = try reader.next() {
        if let (section, number) = previous, section == record.section, number >= record.number { ascending = false }
        previous = (record.section, record.number)
        seen[record.section, default: 0] += 1
        read += 1
        if read % 65_536 == 0 { peak = max(peak, Benchmark.processStatus()["VmRSS"] ?? 0) }
      }
      peak = max(peak, Benchmark.processStatus()["VmRSS"] ?? 0)
    }
    let complete =
      ascending && seen[.blocking, default: 0] == counts.blocking
      && seen[.identification, default: 0] == counts.identification
    log(
      "read back through CallDirectoryStreamReader: \(String(format: "%.2f", readSeconds)) s, \(complete ? "strictly ascending and complete" : "NOT ascending or incomplete"); resident memory +\(String(format: "%.2f", (peak - before) / 1024)) MB at most"
    )

    // A second version in which `changes` entries differ: a third removed, a third changed
    // (another action or label), a third new.
    // (At most half the directory changes, so that the removed and changed entries differ.)
    let changes = min(self.changes, synthetic.entries / 2)
    let third = changes / 3
    var removals: [String] = []
    var additions: [String] = []
    let stride = max(1, synthetic.entries / (2 * max(third, 1)))
    for step in 0..<third {
      removals.append(synthetic.sender(step * stride, asWritten: false))
      let changed = synthetic.sender(step * stride + stride / 2, asWritten: false)
      removals.append(changed)
      additions.append("\(changed)\t\(step % 2 == 0 ? "junk" : "none")\tChanged \(step)")
    }
    for step in 0..<max(0, changes - 2 * third) {
      additions.append("\(synthetic.sender(synthetic.entries + step, asWritten: false))\tnone\tNew \(step)")
    }
    var builder = try DirectoryBuilder(country: SyntheticDirectory.country)
    builder.include(directory)
    builder.remove(text: removals.joined(separator: "\n"), source: "remove.tsv")
    builder.add(text: additions.joined(separator: "\n"), source: "add.tsv")
    let newPath = path + ".new"
    defer { try? FileManager.default.removeItem(atPath: newPath) }
    try builder.build().write(to: newPath)
    let newDirectory = try SenderDirectory(path: newPath)
    let (diff, diffSeconds) = Self.timed { CallDirectoryDiff.stream(from: directory, to: newDirectory) }
    var diffRecords = 0
    let diffReader = try CallDirectoryStreamReader(bytes: diff)
    while try diffReader.next() != nil { diffRecords += 1 }
    let (applied, applySeconds) = try Self.timed {
      try CallDirectoryDiff.apply(
        try CallDirectoryStreamReader(bytes: diff), to: try CallDirectoryStreamReader(bytes: export))
    }
    let equal = applied == newDirectory.callDirectoryExport()
    log(
      "diff of \(changes) changed entries: \(diffRecords) records, \(diff.count) bytes in \(String(format: "%.3f", diffSeconds)) s; applied to the old export in \(String(format: "%.3f", applySeconds)) s: \(equal ? "the new export, byte for byte" : "NOT the new export")"
    )
    return Report(
      exportBytes: export.count, exportSeconds: exportSeconds, blocking: seen[.blocking, default: 0],
      identification: seen[.identification, default: 0], expectedBlocking: counts.blocking,
      expectedIdentification: counts.identification, leftOut: counts.leftOutCount, unlabelled: counts.unlabelled,
      ascendingAndComplete: complete, readSeconds: readSeconds, readResidentGrowthMegabytes: (peak - before) / 1024,
      changedEntries: changes, diffBytes: diff.count, diffRecords: diffRecords, diffSeconds: diffSeconds,
      applySeconds: applySeconds, appliedEqualsNewExport: equal)
  }

  private static func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try body()
    return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
}
