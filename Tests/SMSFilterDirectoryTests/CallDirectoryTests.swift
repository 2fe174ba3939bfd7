import Foundation
import SMSFilterBenchmarks
import SMSFilterModel
import Testing

@testable import SMSFilterDirectory

/// The Call Directory export, its reader, diffs and their application.
@Suite struct CallDirectoryTests {
  static let source = """
    +44 7700 900125\tjunk\tSpam Likely
    +44 7700 900123\tjunk
    +1 415 555 0101\tnone\tAcme Bank
    +44 7700 900124\tallow\tMum
    +91 98765 43210\ttransaction/transactionalFinance
    56161\tpromotion\tAcme Rewards
    VM-HDFCBK\ttransaction\tHDFC Bank
    alerts@bank.example\tjunk
    """

  static func records(_ bytes: [UInt8]) throws -> [CallDirectoryRecord] {
    let reader = try CallDirectoryStreamReader(bytes: bytes)
    var records: [CallDirectoryRecord] = []
    while let record = try reader.next() { records.append(record) }
    return records
  }

  @Test func anExportHasBothStreamsAscendingAndCountsWhatItLeavesOut() throws {
    let scratch = try DirectoryScratch()
    let directory = try scratch.directory([("a.tsv", Self.source)], country: "IN")
    let records = try Self.records(directory.callDirectoryExport())
    #expect(
      records.map(\.textLine) == [
        "447700900123", "447700900125", "14155550101\tAcme Bank", "447700900124\tMum",
      ])
    #expect(records.map(\.section) == [.blocking, .blocking, .identification, .identification])
    let counts = directory.callDirectoryExportCounts()
    #expect(counts.blocking == 2)
    #expect(counts.identification == 2)
    #expect(counts.unlabelled == 1)
    #expect(counts.leftOut == [.shortCode: 1, .alphanumeric: 1, .email: 1])
    #expect(
      counts.summary.contains("left out (CallKit takes phone numbers only): 1 shortCode, 1 alphanumeric, 1 email"))
  }

  @Test func aLargeExportIsCompleteAndStrictlyAscendingReadFromAFile() throws {
    let scratch = try DirectoryScratch()
    let synthetic = SyntheticDirectory(entries: 50_000)
    let directory = try scratch.directory([("s.tsv", synthetic.source())], country: SyntheticDirectory.country)
    let bytes = directory.callDirectoryExport()
    try Data(bytes).write(to: URL(fileURLWithPath: scratch.path("e.sdex")))
    let reader = try CallDirectoryStreamReader(path: scratch.path("e.sdex"))
    var counts: [CallDirectoryStream.Section: Int] = [:]
    var previous: (CallDirectoryStream.Section, Int64)?
    while let record = try reader.next() {
      if let (section, number) = previous, section == record.section { #expect(number < record.number) }
      previous = (record.section, record.number)
      counts[record.section, default: 0] += 1
      #expect((record.label != nil) == (record.section == .identification))
    }
    let expected = directory.callDirectoryExportCounts()
    #expect(counts[.blocking] == expected.blocking)
    #expect(counts[.identification] == expected.identification)
    #expect(expected.blocking + expected.identification + expected.unlabelled + expected.leftOutCount == 50_000)
    #expect(bytes.count > 65_536)  // the file reader really refilled its buffer
  }

  @Test func aDamagedStreamIsRefused() throws {
    let scratch = try DirectoryScratch()
    let directory = try scratch.directory([("a.tsv", Self.source)], country: "IN")
    let bytes = directory.callDirectoryExport()
    func error(_ bytes: [UInt8]) -> CallDirectoryStreamError? {
      do {
        _ = try Self.records(bytes)
        return nil
      } catch let error as CallDirectoryStreamError {
        return error
      } catch {
        return nil
      }
    }
    #expect(error(bytes) == nil)
    #expect(error(Array(bytes.dropLast()))?.kind == .malformed)
    #expect(error(bytes + [0])?.kind == .malformed)
    var flipped = bytes
    flipped[bytes.count - 10] ^= 0x20  // "Mum" becomes "MUm"
    #expect(error(flipped)?.kind == .checksumMismatch)
    var magic = bytes
    magic[1] = 0
    #expect(error(magic)?.kind == .notAStream)
    var version = bytes
    version[8] = 9
    #expect(error(version)?.kind == .unsupportedVersion(9))
    for cut in stride(from: 0, to: bytes.count, by: 3) { #expect(error(Array(bytes.prefix(cut))) != nil) }
  }

  @Test func aDiffAppliedToTheOldExportGivesTheNewExportByteForByte() throws {
    let scratch = try DirectoryScratch()
    let synthetic = SyntheticDirectory(entries: 20_000)
    let old = try scratch.directory([("s.tsv", synthetic.source())], country: SyntheticDirectory.country, name: "old")
    // Remove 300 entries, change 300 (action or label), add 300 new ones.
    var removals: [String] = []
    var changes: [String] = []
    var additions: [String] = []
    for index in 0..<300 {
      removals.append(synthetic.sender(index * 7, asWritten: false))
      let changed = synthetic.sender(index * 7 + 3, asWritten: false)
      removals.append(changed)
      changes.append("\(changed)\t\(index % 2 == 0 ? "junk" : "none")\tRenamed \(index)")
      additions.append("+4420\(String(format: "%08d", index * 13))\t\(index % 3 == 0 ? "junk" : "none")\tNew \(index)")
    }
    var builder = try DirectoryBuilder(country: SyntheticDirectory.country)
    builder.include(old)
    builder.remove(text: removals.joined(separator: "\n"), source: "remove.tsv")
    builder.add(text: (changes + additions).joined(separator: "\n"), source: "add.tsv")
    try builder.build().write(to: scratch.path("new"))
    let new = try SenderDirectory(path: scratch.path("new"))

    let diff = CallDirectoryDiff.stream(from: old, to: new)
    let records = try Self.records(diff)
    #expect(Set(records.map(\.section)).count == 5)
    let rebuilt = try CallDirectoryDiff.apply(
      try CallDirectoryStreamReader(bytes: diff), to: try CallDirectoryStreamReader(bytes: old.callDirectoryExport()))
    #expect(rebuilt == new.callDirectoryExport())
    // The same diff does not fit the new export.
    #expect(throws: CallDirectoryStreamError.self) {
      _ = try CallDirectoryDiff.apply(
        try CallDirectoryStreamReader(bytes: diff), to: try CallDirectoryStreamReader(bytes: new.callDirectoryExport()))
    }
    // No change, no records.
    #expect(try Self.records(CallDirectoryDiff.stream(from: new, to: new)).isEmpty)
  }

  @Test func aCorruptDirectoryExportsAndDiffsWithoutCrashing() throws {
    let scratch = try DirectoryScratch()
    let synthetic = SyntheticDirectory(entries: 3_000)
    let sound = try scratch.directory([("s.tsv", synthetic.source())], country: SyntheticDirectory.country)
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: scratch.path("test.smsdir"))))
    var random = SplitMix64(seed: 18)
    var opened = 0
    for round in 0..<40 {
      var damaged = bytes
      for _ in 0..<8 {
        let at = DirectoryFormat.headerLength + Int(random.next() % UInt64(bytes.count - DirectoryFormat.headerLength))
        damaged[at] = UInt8(truncatingIfNeeded: random.next())
      }
      try Data(damaged).write(to: URL(fileURLWithPath: scratch.path("bad\(round)")))
      guard let corrupt = try? SenderDirectory(path: scratch.path("bad\(round)"), verifyChecksum: false) else {
        continue
      }
      opened += 1
      let export = corrupt.callDirectoryExport()
      _ = try Self.records(export)  // whatever was exported is a valid stream
      _ = corrupt.callDirectoryExportCounts()
      _ = try Self.records(CallDirectoryDiff.stream(from: sound, to: corrupt))
      _ = try Self.records(CallDirectoryDiff.stream(from: corrupt, to: sound))
    }
    // Damage in the keys and payloads leaves most files openable without the checksum: the
    // loop above must have exported and diffed many of them.
    #expect(opened > 20)
  }
}
