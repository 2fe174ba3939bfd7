import Foundation
import SMSFilterBenchmarks
import SMSFilterModel
import Testing

@testable import SMSFilterDirectory

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
    #expect(
      spam == DirectoryEntry(action: .junk, subAction: .none, label: "Spam Likely", normalizedSender: "+919876543210"))
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
      (
        "a.tsv",
        "+14155550001\tjunk\tSpam\n+14155550002\tjunk\tSpam\n+14155550003\tnone\t\(long)\n+14155550004\tnone\t短い\n"
      )
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
      let text = senders.enumerated().map {
        "\($0.element)\t\($0.offset % 2 == 0 ? "junk" : "allow")\tL\($0.offset % 5)"
      }
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
    #expect(
      large.lookup(senders, receiverCountry: SyntheticDirectory.country).prefix(3_000).compactMap { $0 }.count == 1_500)
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
}
