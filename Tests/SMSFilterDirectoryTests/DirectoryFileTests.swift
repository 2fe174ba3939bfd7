import Foundation
import Testing

@testable import SMSFilterDirectory
import SMSFilterBenchmarks
import SMSFilterModel

/// Scratch files for directory tests, removed when the value goes away.
final class DirectoryScratch {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("smsfilter-directory-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// Writes a text file and returns its path.
  func write(_ name: String, _ text: String) throws -> String {
    let path = path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Builds `sources` (name, text) into a directory file and opens it.
  func directory(
    _ sources: [(String, String)], country: String? = nil, name: String = "test.smsdir"
  ) throws -> SenderDirectory {
    var builder = try DirectoryBuilder(country: country)
    for (source, text) in sources { builder.add(text: text, source: source) }
    let image = try builder.build()
    try image.write(to: path(name))
    return try SenderDirectory(path: path(name))
  }
}

@Suite struct DirectoryFileTests {
  static let source = """
    # sender<TAB>action[/subAction]<TAB>label
    +91 98765 43210\tjunk\tSpam Likely
    VM-HDFCBK\ttransaction/transactionalFinance\tHDFC Bank
    56161\tpromotion/promotionalOffers
    alerts@Bank.example\tallow\tBank alerts
    098765 43211\tnone\tPizza Place

    +44 (0)20 7946 0958\tjunk\tSpam Likely
    DHL\ttransaction/transactionalOrders\tDHL Express
    """

  @Test func buildAndLookUp() throws {
    let scratch = try DirectoryScratch()
    let directory = try scratch.directory([("a.tsv", Self.source)], country: "IN")
    #expect(directory.count == 7)
    #expect(directory.labelCount == 5)
    #expect(directory.version == DirectoryFormat.version)
    #expect(directory.checksumVerified)

    let spam = directory.lookup("+919876543210", receiverCountry: "IN")
    #expect(spam == DirectoryEntry(action: .junk, subAction: .none, label: "Spam Likely", normalizedSender: "+919876543210"))
    #expect(spam?.description == "junk\tnone\tSpam Likely\t+919876543210")
    // Any writing of the same sender finds the entry.
    #expect(directory.lookup("098765 43210", receiverCountry: "IN")?.action == .junk)
    #expect(directory.lookup("0091 98765 43210")?.action == .junk)
    #expect(directory.lookup("98765 43210") == nil)  // national, no country: cannot be resolved

    let bank = directory.lookup("AD-HDFCBK-S")
    #expect(bank?.action == .transaction)
    #expect(bank?.subAction == .transactionalFinance)
    #expect(bank?.label == "HDFC Bank")
    #expect(bank?.normalizedSender == "HDFCBK")
    #expect(directory.lookup("hdfcbk")?.label == "HDFC Bank")

    let offer = directory.lookup("56161", receiverCountry: "IN")
    #expect(offer?.subAction == .promotionalOffers)
    #expect(offer?.label == nil)
    #expect(offer?.normalizedSender == "IN:56161")
    #expect(directory.lookup("56161", receiverCountry: "US") == nil)  // scoped to India
    #expect(directory.lookup("56161") == nil)

    #expect(directory.lookup("ALERTS@bank.example")?.action == .allow)
    #expect(directory.lookup("+919876543211")?.label == "Pizza Place")
    #expect(directory.lookup("+442079460958")?.label == "Spam Likely")
    #expect(directory.lookup("dhl")?.subAction == .transactionalOrders)

    for miss in ["+919876543212", "+14155550123", "HDFCB", "VM-ICICIB", "other@bank.example", "56162", "garbage!!"] {
      #expect(directory.lookup(miss, receiverCountry: "IN") == nil, "\(miss)")
    }
  }

  @Test func lookupBySenderIDAndUnscopedShortCodes() throws {
    let scratch = try DirectoryScratch()
    let directory = try scratch.directory([("a.tsv", "56161\tjunk\tSpam\n+14155550123\tallow\n")])
    // Built without a country: the short code is unscoped and matches any receiver.
    #expect(directory.lookup("56161", receiverCountry: "IN")?.normalizedSender == "56161")
    #expect(directory.lookup("56161")?.label == "Spam")
    #expect(directory.lookup(try SenderID("56161", receiverCountry: "GB"))?.action == .junk)
    #expect(directory.lookup(try SenderID("+1 415 555 0123"))?.action == .allow)
    #expect(directory.lookup(try SenderID("+1 415 555 0124")) == nil)
  }

  @Test func labelsAreStoredOnceAndLongLabelsSurvive() throws {
    let scratch = try DirectoryScratch()
    let long = String(repeating: "Ünïcødé label ", count: 10)
    let directory = try scratch.directory([
      ("a.tsv", "+14155550001\tjunk\tSpam\n+14155550002\tjunk\tSpam\n+14155550003\tnone\t\(long)\n+14155550004\tnone\t短い\n")
    ])
    #expect(directory.labelCount == 3)
    #expect(directory.lookup("+14155550003")?.label == long.trimmingCharacters(in: .whitespaces))
    #expect(directory.lookup("+14155550004")?.label == "短い")
  }

  @Test func entriesComeBackInKeyOrder() throws {
    let scratch = try DirectoryScratch()
    let directory = try scratch.directory([("a.tsv", Self.source)], country: "IN")
    var senders: [String] = []
    directory.forEachEntry { senders.append($0.normalizedSender) }
    #expect(senders.count == 7)
    // Phones, then short codes, then alphanumerics and e-mails.
    #expect(senders.prefix(3) == ["+442079460958", "+919876543210", "+919876543211"])
    #expect(senders[3] == "IN:56161")
    #expect(Set(senders.suffix(3)) == ["HDFCBK", "DHL", "alerts@bank.example"])
    #expect(directory.entry(at: 0).label == "Spam Likely")
  }

  @Test func anEmptyDirectoryFindsNothing() throws {
    let scratch = try DirectoryScratch()
    let directory = try scratch.directory([("empty.tsv", "# nothing\n\n")])
    #expect(directory.count == 0)
    #expect(directory.lookup("+919876543210") == nil)
    #expect(directory.lookup("HDFCBK") == nil)
    #expect(directory.statistics().checksumOK)
  }

  @Test func everySizeAroundTheFenceBoundariesFindsEveryEntry() throws {
    let scratch = try DirectoryScratch()
    for size in [1, 2, 7, 8, 9, 15, 16, 17, 63, 64, 65, 511, 512, 513, 4097] {
      let senders = (0..<size).map { "+1415\(String(format: "%07d", $0 * 37 % 10_000_000))" }
      let text = senders.enumerated().map { "\($0.element)\t\($0.offset % 2 == 0 ? "junk" : "allow")\tL\($0.offset % 5)" }
        .joined(separator: "\n")
      let directory = try scratch.directory([("s.tsv", text)], name: "s\(size).smsdir")
      #expect(directory.count == size)
      for (index, sender) in senders.enumerated() {
        let entry = directory.lookup(sender)
        #expect(entry?.action == (index % 2 == 0 ? .junk : .allow), "size \(size), \(sender)")
        #expect(entry?.label == "L\(index % 5)")
      }
      #expect(directory.lookup("+14150000001") == nil)
      #expect(directory.lookup("+10000000000") == nil)
      #expect(directory.lookup("+99999999999999") == nil)
      #expect(directory.lookup("ZZZZ") == nil)
    }
  }

  @Test func clusteredAndSparseKeysAgreeWithASet() throws {
    // Dense runs, lone far-away numbers and short codes: fence hints tie often here.
    var senders: [String] = []
    for offset in 0..<1500 { senders.append("+1415555\(String(format: "%04d", offset))") }
    for offset in stride(from: 0, to: 3000, by: 7) { senders.append("+4420794\(String(format: "%05d", offset))") }
    for prefix in ["+971", "+65", "+351", "+99"] { senders.append(prefix + "12345678") }
    for code in 100..<400 { senders.append("\(code)") }
    let scratch = try DirectoryScratch()
    let text = senders.map { "\($0)\tjunk" }.joined(separator: "\n")
    let directory = try scratch.directory([("c.tsv", text)])
    #expect(directory.count == senders.count)
    let present = Set(try senders.map { try SenderID($0).key })
    var random = SplitMix64(seed: 42)
    var probes = senders
    for _ in 0..<5000 {
      let base = try SenderID(senders[Int(random.next() % UInt64(senders.count))]).key
      for delta in [-2, -1, 1, 2, 64, -64] as [Int64] {
        let key = UInt64(Int64(bitPattern: base) &+ delta)
        if key >> 60 == 1 { probes.append("+\(key & ((1 << 60) - 1))") }
      }
    }
    for probe in probes {
      guard let id = try? SenderID(probe) else { continue }
      #expect((directory.lookup(probe) != nil) == present.contains(id.key), "\(probe)")
    }
  }

  @Test func aSyntheticDirectoryRoundTrips() throws {
    let scratch = try DirectoryScratch()
    let synthetic = SyntheticDirectory(entries: 20_000)
    var builder = try DirectoryBuilder(country: SyntheticDirectory.country)
    builder.add(text: synthetic.source(), source: "synthetic.tsv")
    let image = try builder.build()
    #expect(image.warnings.isEmpty)
    #expect(image.entryCount == 20_000)
    try image.write(to: scratch.path("synthetic.smsdir"))
    let directory = try SenderDirectory(path: scratch.path("synthetic.smsdir"))
    for sender in synthetic.hits(count: 5_000) {
      #expect(directory.lookup(sender, receiverCountry: SyntheticDirectory.country) != nil, "\(sender)")
    }
    for sender in synthetic.misses(count: 5_000) {
      #expect(directory.lookup(sender, receiverCountry: SyntheticDirectory.country) == nil, "\(sender)")
    }
    // The same input always gives the same bytes.
    var again = try DirectoryBuilder(country: SyntheticDirectory.country)
    again.add(text: synthetic.source(), source: "synthetic.tsv")
    #expect(try again.build().bytes == image.bytes)
  }

  @Test func batchLookupsGiveTheSingleLookupsAnswersInOrder() throws {
    let scratch = try DirectoryScratch()
    let synthetic = SyntheticDirectory(entries: 20_000)
    var builder = try DirectoryBuilder(country: SyntheticDirectory.country)
    builder.add(text: synthetic.source(), source: "synthetic.tsv")
    try builder.build().write(to: scratch.path("synthetic.smsdir"))
    let large = try SenderDirectory(path: scratch.path("synthetic.smsdir"))
    let small = try scratch.directory([("a.tsv", Self.source)], country: "IN")
    // Hits and misses of every shape, interleaved, a count that is not a multiple of the window,
    // with the written forms (national numbers, DLT headers, short codes, e-mail) and bad senders.
    var senders: [String] = []
    for (hit, miss) in zip(synthetic.hits(count: 1_500), synthetic.misses(count: 1_500)) {
      senders += [hit, miss]
    }
    senders += [
      "098765 43210", "0091 98765 43210", "AD-HDFCBK-S", "hdfcbk", "56161", "ALERTS@bank.example", "",
      "garbage!!", "+", "+0123456789", String(repeating: "9", count: 40), "+919876543210",
    ]
    #expect(senders.count % SenderDirectory.batchWindow != 0)
    for directory in [large, small] {
      for country in [SyntheticDirectory.country, "IN", nil] {
        let batch = directory.lookup(senders, receiverCountry: country)
        #expect(batch.count == senders.count)
        var found = 0
        for (sender, entry) in zip(senders, batch) {
          let single = directory.lookup(sender, receiverCountry: country)
          #expect(entry == single, "\(sender)")
          #expect(entry?.label == single?.label, "\(sender)")
          if entry != nil { found += 1 }
        }
        #expect(found > 0)
      }
    }
    #expect(large.lookup(senders, receiverCountry: SyntheticDirectory.country).prefix(3_000).compactMap { $0 }.count == 1_500)
    // A slice (its indices do not start at 0) and an empty batch.
    let slice = senders[7..<100]
    #expect(large.lookup(slice) == slice.map { large.lookup($0) })
    #expect(large.lookup([String]()).isEmpty)
  }

  @Test func collidingTextKeysAreToldApartByTheirText() throws {
    let scratch = try DirectoryScratch()
    var builder = try DirectoryBuilder()
    builder.add(text: "ALPHA\tjunk\tFirst\nBRAVO\tallow\tSecond\nCHARLIE\tnone\tThird\n", source: "c.tsv")
    // Force a hash collision: ALPHA takes BRAVO's key and, read first, sorts before it.
    let alpha = try #require(builder.records.firstIndex { builder.texts[Int($0.text)] == "ALPHA" })
    let bravo = try #require(builder.records.firstIndex { builder.texts[Int($0.text)] == "BRAVO" })
    builder.records[alpha].key = builder.records[bravo].key
    let image = try builder.build()
    #expect(image.warnings.isEmpty)  // same key, different senders: not duplicates
    try image.write(to: scratch.path("c.smsdir"))
    let directory = try SenderDirectory(path: scratch.path("c.smsdir"))
    #expect(directory.count == 3)
    // BRAVO's lookup meets ALPHA first under the same key and must skip it.
    #expect(directory.lookup("bravo")?.label == "Second")
    #expect(directory.lookup(try SenderID("Bravo"))?.label == "Second")
    #expect(directory.lookup("charlie")?.label == "Third")
    let shared = try SenderID("BRAVO").key
    var sharing: [String] = []
    for index in 0..<directory.count where directory.keys[index] == shared {
      sharing.append(directory.entry(at: index).normalizedSender)
    }
    #expect(sharing == ["ALPHA", "BRAVO"])
  }

  // MARK: Integrity

  /// A small directory file's bytes.
  func image() throws -> [UInt8] {
    var builder = try DirectoryBuilder(country: "IN")
    builder.add(text: Self.source, source: "a.tsv")
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
    let payloads = Int(UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 64 + 16, as: UInt64.self) }))
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
        let offset = DirectoryFormat.headerLength + Int(random.next() % UInt64(bytes.count - DirectoryFormat.headerLength))
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
    bytes[8] = 2
    let error = try #require(try openError(bytes))
    #expect(error.kind == .unsupportedVersion(found: 2, supported: 1))
    #expect(error.description.contains("version 2 is not supported"))
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
    let directory = try scratch.directory([("a.tsv", Self.source)], country: "IN")
    let stats = directory.statistics()
    #expect(stats.entries == 7)
    #expect(stats.byAction == [.none: 1, .allow: 1, .junk: 2, .promotion: 1, .transaction: 2])
    #expect(stats.byKind == [.phone: 3, .shortCode: 1, .alphanumeric: 2, .email: 1])
    #expect(stats.labels == 5)
    #expect(stats.labelled == 6)
    #expect(stats.checksumOK)
    #expect(stats.fileSize == directory.fileSize)
    #expect(stats.sections.map(\.name) == ["keys", "payloads", "fence", "fence hints", "text offsets", "text bytes", "label offsets", "label bytes"])
  }

  @Test func aDirectoryIsSharedAcrossThreads() async throws {
    let scratch = try DirectoryScratch()
    let directory = try scratch.directory([("a.tsv", Self.source)], country: "IN")
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
