import Foundation
import SMSFilterBenchmarks
import SMSFilterModel
import Testing

@testable import SMSFilterDirectory

/// A directory file that is corrupt, truncated, of another version or not a directory at all is
/// refused (or, unverified, survives lookups); statistics and sharing across threads.
@Suite struct DirectoryIntegrityTests {
  /// A small directory file's bytes.
  func image() throws -> [UInt8] {
    var builder = try DirectoryBuilder(country: "IN")
    builder.add(text: DirectoryFileTests.source, source: "a.tsv")
    return try builder.build().bytes
  }

  func openError(_ bytes: [UInt8], verify: Bool = true) throws -> DirectoryFileError? {
    let scratch = try DirectoryScratch()
    try Data(bytes).write(to: URL(fileURLWithPath: scratch.path("x.smsdir")))
    do throws(DirectoryFileError) {
      _ = try SenderDirectory(path: scratch.path("x.smsdir"), verifyChecksum: verify)
      return nil
    } catch {
      return error
    }
  }

  @Test func aCorruptByteIsCaughtByTheChecksum() throws {
    var bytes = try image()
    let payloads = Int(
      UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 64 + 16, as: UInt64.self) }))
    bytes[payloads] ^= 0x01  // the first entry's action
    let error = try #require(try openError(bytes))
    guard case .checksumMismatch(let stored, let computed) = error.kind else {
      Issue.record("expected a checksum mismatch, got \(error)")
      return
    }
    #expect(stored != computed)
    #expect(error.description.contains("checksum mismatch"))
    // Skipping verification opens it, and the statistics report the mismatch.
    let scratch = try DirectoryScratch()
    try Data(bytes).write(to: URL(fileURLWithPath: scratch.path("x.smsdir")))
    let directory = try SenderDirectory(path: scratch.path("x.smsdir"), verifyChecksum: false)
    #expect(!directory.checksumMatches())
    #expect(!directory.statistics().checksumOK)
  }

  @Test func everyFlippedByteAfterTheChecksumIsCaught() throws {
    let bytes = try image()
    for offset in stride(from: DirectoryFormat.checksummedFrom, to: bytes.count, by: 7) {
      var corrupt = bytes
      corrupt[offset] ^= 0x40
      #expect(try openError(corrupt) != nil, "offset \(offset)")
    }
  }

  @Test func corruptFilesOpenedWithoutVerificationNeverCrash() throws {
    let synthetic = SyntheticDirectory(entries: 3_000)
    var builder = try DirectoryBuilder(country: SyntheticDirectory.country)
    builder.add(text: synthetic.source(), source: "s.tsv")
    let bytes = try builder.build().bytes
    let queries = synthetic.hits(count: 300) + synthetic.misses(count: 300)
    let scratch = try DirectoryScratch()
    var random = SplitMix64(seed: 7)
    var opened = 0
    for round in 0..<60 {
      var corrupt = bytes
      for _ in 0..<(1 + round % 40) {
        let offset =
          DirectoryFormat.headerLength + Int(random.next() % UInt64(bytes.count - DirectoryFormat.headerLength))
        corrupt[offset] = UInt8(truncatingIfNeeded: random.next())
      }
      let path = scratch.path("corrupt\(round).smsdir")
      try Data(corrupt).write(to: URL(fileURLWithPath: path))
      guard let directory = try? SenderDirectory(path: path, verifyChecksum: false) else { continue }
      opened += 1
      for query in queries { _ = directory.lookup(query, receiverCountry: SyntheticDirectory.country)?.label }
      _ = directory.lookup(queries, receiverCountry: SyntheticDirectory.country).map { $0?.label }
      directory.forEachEntry { _ = ($0.label, $0.normalizedSender) }
      _ = directory.statistics()
      #expect(!directory.checksumMatches())
    }
    #expect(opened > 30)  // most corruptions leave the header readable: the lookups really ran
  }

  @Test func anotherVersionIsRefused() throws {
    var bytes = try image()
    bytes[8] = 1  // the format before front-coded labels
    let error = try #require(try openError(bytes))
    #expect(error.kind == .unsupportedVersion(found: 1, supported: 2))
    #expect(error.description.contains("version 1 is not supported"))
  }

  @Test func notADirectoryFileIsRefused() throws {
    #expect(try openError(Array("sender\tjunk\n".utf8))?.kind == .notADirectory)
    #expect(try openError([])?.kind == .notADirectory)
    var bytes = try image()
    bytes[1] = 0x00
    #expect(try openError(bytes)?.kind == .notADirectory)
  }

  @Test func aTruncatedFileIsRefusedEvenWithoutVerification() throws {
    let bytes = try image()
    #expect(try openError(Array(bytes.prefix(100)), verify: false)?.kind == .corrupt)
    #expect(try openError(Array(bytes.dropLast(64)), verify: false)?.kind == .corrupt)
    var badSection = bytes
    badSection[64] = 0xFF  // the keys section's offset
    #expect(try openError(badSection, verify: false)?.kind == .corrupt)
  }

  @Test func aMissingFileIsUnreadable() throws {
    let error: DirectoryFileError? = {
      do throws(DirectoryFileError) {
        _ = try SenderDirectory(path: "/nonexistent/senders.smsdir")
        return nil
      } catch {
        return error
      }
    }()
    #expect(error?.kind == .unreadable)
    #expect(error?.description.hasPrefix("/nonexistent/senders.smsdir: cannot open") == true)
  }

  @Test func theChecksumIsXXH64() {
    func xxh64(_ text: String) -> UInt64 {
      Array(text.utf8).withUnsafeBytes { Checksums.xxh64($0) }
    }
    // Reference values of xxHash's XXH64 with seed 0.
    #expect(xxh64("") == 0xEF46_DB37_51D8_E999)
    #expect(xxh64("abc") == 0x44BC_2CF5_AD77_0999)
    #expect(xxh64("Nobody inspects the spammish repetition") == 0xFBCE_A83C_8A37_8BF1)
    #expect(
      xxh64("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef01234567") == 0x05E9_3986_B53B_A7BB)
  }

  @Test func statisticsCountByActionAndKind() throws {
    let scratch = try DirectoryScratch()
    let directory = try scratch.directory([("a.tsv", DirectoryFileTests.source)], country: "IN")
    let stats = directory.statistics()
    #expect(stats.entries == 7)
    #expect(stats.byAction == [.none: 1, .allow: 1, .junk: 2, .promotion: 1, .transaction: 2])
    #expect(stats.byKind == [.phone: 3, .shortCode: 1, .alphanumeric: 2, .email: 1])
    #expect(stats.labels == 5)
    #expect(stats.labelled == 6)
    #expect(stats.checksumOK)
    #expect(stats.fileSize == directory.fileSize)
    #expect(
      stats.sections.map(\.name) == [
        "keys", "payloads", "fence", "fence hints", "text offsets", "text bytes", "label blocks", "label bytes",
      ])
  }

  @Test func aDirectoryIsSharedAcrossThreads() async throws {
    let scratch = try DirectoryScratch()
    let directory = try scratch.directory([("a.tsv", DirectoryFileTests.source)], country: "IN")
    let found = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<4 {
        group.addTask {
          var hits = 0
          for _ in 0..<1000 where directory.lookup("VM-HDFCBK") != nil { hits += 1 }
          return hits
        }
      }
      return await group.reduce(0, +)
    }
    #expect(found == 4000)
  }
}
