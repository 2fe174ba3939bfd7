import Foundation
import Testing

/// `smsfilter directory …` end to end, on files in a temporary folder.
@Suite struct DirectoryCommandTests {
  final class Folder {
    let url: URL
    init() throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent("smsfilter-directory-cli-\(UUID())")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    func write(_ name: String, _ text: String) throws -> String {
      try Data(text.utf8).write(to: url.appendingPathComponent(name))
      return path(name)
    }
  }

  static let source = """
    # sender<TAB>action[/subAction]<TAB>label
    +91 98765 43210\tjunk\tSpam Likely
    VM-HDFCBK\ttransaction/transactionalFinance\tHDFC Bank
    56161\tpromotion
    098765 43211\tnone\tPizza Place
    098765 43210\tjunk\tSpam Likely

    """

  @Test func buildLookupAndStats() throws {
    let folder = try Folder()
    let source = try folder.write("senders.tsv", Self.source)
    let file = folder.path("senders.smsdir")

    let build = try CLI.run(["directory", "build", source, "-o", file, "--country", "IN"])
    #expect(build.status == 0, "\(build.stderr)")
    #expect(build.stdout.contains("4 entries"))
    #expect(build.stderr.contains("senders.tsv:6:1: warning: duplicate of \(source):2:1"))

    let hit = try CLI.run(["directory", "lookup", file, "+91 98765 43210"])
    #expect(hit.status == 0)
    #expect(hit.stdout == "junk\tnone\tSpam Likely\t+919876543210\n")

    let dlt = try CLI.run(["directory", "lookup", file, "AD-HDFCBK-S"])
    #expect(dlt.stdout == "transaction\ttransactionalFinance\tHDFC Bank\tHDFCBK\n")

    let shortCode = try CLI.run(["directory", "lookup", file, "56161", "--country", "IN"])
    #expect(shortCode.stdout == "promotion\tnone\t\tIN:56161\n")

    let national = try CLI.run(["directory", "lookup", file, "98765 43211", "--country", "in"])
    #expect(national.stdout == "none\tnone\tPizza Place\t+919876543211\n")

    let miss = try CLI.run(["directory", "lookup", file, "+14155550123"])
    #expect(miss.status == 1)
    #expect(miss.stdout == "not found\n")

    let malformed = try CLI.run(["directory", "lookup", file, "98765 43211"])
    #expect(malformed.status == 2)
    #expect(malformed.stderr.contains("needs the receiver's country"))

    // Standard input: one line out for each line in, in order, whatever the line.
    var lines = ["+91 98765 43210", "garbage!!", "98765 43211", "+14155550123", "", "AD-HDFCBK-S"]
    lines += (0..<5_000).map { "+1415555\(String(format: "%04d", $0))" }
    lines.append("098765 43210")
    let bulk = try CLI.run(
      ["directory", "lookup", file, "-", "--country", "IN"], input: Data(lines.joined(separator: "\n").utf8))
    #expect(bulk.status == 0, "\(bulk.stderr)")
    let out = bulk.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(out.count == lines.count)
    #expect(out[0] == "junk\tnone\tSpam Likely\t+919876543210")
    #expect(out[1] == "invalid\tcharacter '!' is not allowed in a sender")
    #expect(out[2] == "none\tnone\tPizza Place\t+919876543211")
    #expect(out[3] == "not found")
    #expect(out[4] == "invalid\tthe sender is empty")
    #expect(out[5] == "transaction\ttransactionalFinance\tHDFC Bank\tHDFCBK")
    #expect(out.dropFirst(6).dropLast().allSatisfy { $0 == "not found" })
    #expect(out.last == "junk\tnone\tSpam Likely\t+919876543210")

    let stats = try CLI.run(["directory", "stats", file])
    #expect(stats.status == 0)
    #expect(stats.stdout.contains("entries: 4"))
    #expect(stats.stdout.contains("by action: none 1, allow 0, junk 1, promotion 1, transaction 1"))
    #expect(stats.stdout.contains("by kind: phone 2, shortCode 1, alphanumeric 1, email 0"))
    #expect(stats.stdout.contains("labels: 3 distinct"))
    #expect(stats.stdout.contains("version: 2"))
    #expect(stats.stdout.range(of: #"checksum: 0x[0-9a-f]{16} ok"#, options: .regularExpression) != nil)

    let json = try CLI.run(["directory", "stats", file, "--format", "json"])
    let object = try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any]
    #expect(object?["entries"] as? Int == 4)
    #expect(object?["checksumOK"] as? Bool == true)
  }

  @Test func conflictsAndMalformedLinesFailTheBuild() throws {
    let folder = try Folder()
    let first = try folder.write("a.tsv", "+14155550123\tjunk\tSpam\n")
    let second = try folder.write("b.tsv", "+1 415 555 0123\tallow\nHDFCBK\tblock\n")
    let file = folder.path("out.smsdir")
    let result = try CLI.run(["directory", "build", first, second, "-o", file])
    #expect(result.status == 1)
    #expect(result.stderr.contains("\(second):1:1: error: +14155550123 conflicts with \(first):1:1"))
    #expect(result.stderr.contains("\(second):2:8: error: unknown action 'block'"))
    #expect(result.stderr.contains("2 errors; nothing written"))
    #expect(!FileManager.default.fileExists(atPath: file))
  }

  @Test func updateAddsAndRemoves() throws {
    let folder = try Folder()
    let source = try folder.write("senders.tsv", Self.source)
    let file = folder.path("v1.smsdir")
    #expect(try CLI.run(["directory", "build", source, "-o", file, "--country", "IN"]).status == 0)
    let additions = try folder.write("add.tsv", "alerts@bank.example\tallow\tBank\n")
    let removals = try folder.write("remove.tsv", "+919876543210\nICICIB\n")
    let next = folder.path("v2.smsdir")
    let update = try CLI.run([
      "directory", "update", file, "--add", additions, "--remove", removals, "-o", next, "--country", "IN",
    ])
    #expect(update.status == 0, "\(update.stderr)")
    #expect(update.stdout.contains("4 entries (was 4)"))
    #expect(update.stderr.contains("\(removals):2:1: warning: ICICIB is not in the existing directory"))
    #expect(try CLI.run(["directory", "lookup", next, "+919876543210"]).status == 1)
    #expect(
      try CLI.run(["directory", "lookup", next, "Alerts@Bank.example"]).stdout
        == "allow\tnone\tBank\talerts@bank.example\n")
    #expect(try CLI.run(["directory", "lookup", file, "+919876543210"]).status == 0)  // v1 unchanged
  }

  @Test func aCorruptFileIsReported() throws {
    let folder = try Folder()
    let source = try folder.write("senders.tsv", Self.source)
    let file = folder.path("senders.smsdir")
    #expect(try CLI.run(["directory", "build", source, "-o", file, "--country", "IN"]).status == 0)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    bytes[bytes.count - 1] ^= 0xFF
    try bytes.write(to: URL(fileURLWithPath: file))
    let lookup = try CLI.run(["directory", "lookup", file, "+919876543210"])
    #expect(lookup.status == 2)
    #expect(lookup.stderr.contains("checksum mismatch"))
    let stats = try CLI.run(["directory", "stats", file])
    #expect(stats.status == 1)
    #expect(stats.stdout.contains("MISMATCH"))
  }

  @Test func benchRunsOnASmallDirectory() throws {
    let result = try CLI.run([
      "directory", "bench", "--entries", "2000", "--queries", "1000", "--seconds", "0.01", "--format", "json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any]
    #expect(object?["entries"] as? Int == 2000)
    let hits = object?["hits"] as? [String: Any]
    #expect((hits?["found"] as? Int ?? 0) > 0)
    #expect(hits?["found"] as? Int == hits?["lookups"] as? Int)
    #expect((object?["misses"] as? [String: Any])?["found"] as? Int == 0)
    let batchHits = try #require(object?["batchHits"] as? [String: Any])
    let batchFound = try #require(batchHits["found"] as? Int)
    #expect(batchFound > 0)
    #expect(batchFound == batchHits["lookups"] as? Int)
    #expect(try #require(object?["batchMisses"] as? [String: Any])["found"] as? Int == 0)
    #expect(object?["fileBytes"] as? Int ?? 0 > 0)
    let callDirectory = try #require(object?["callDirectory"] as? [String: Any])
    #expect(callDirectory["ascendingAndComplete"] as? Bool == true)
    #expect(callDirectory["appliedEqualsNewExport"] as? Bool == true)
    #expect(callDirectory["changedEntries"] as? Int == 1_000)
  }

  /// `directory lookup -` as a coprocess: each sender is answered while the input stays open.
  @Test func lookupAnswersEachSenderWhileTheInputStaysOpen() throws {
    let folder = try Folder()
    let source = try folder.write("senders.tsv", Self.source)
    let file = folder.path("senders.smsdir")
    #expect(try CLI.run(["directory", "build", source, "-o", file, "--country", "IN"]).status == 0)
    let live = try Coprocess(["directory", "lookup", file, "-", "--country", "IN"])
    defer { live.finish() }
    // The first answer may wait for the file to open; time the ones after it.
    #expect(live.answer(to: "+91 98765 43210", within: 10_000).text == "junk\tnone\tSpam Likely\t+919876543210\n")
    for (sender, answer) in [
      ("VM-HDFCBK", "transaction\ttransactionalFinance\tHDFC Bank\tHDFCBK\n"), ("+14155550123", "not found\n"),
    ] {
      // Waits up to 2 s, so the 100 ms bound below is what decides.
      let (received, elapsed) = live.answer(to: sender, within: 2_000)
      #expect(received == answer)
      #expect(elapsed < .milliseconds(100), "answered after \(elapsed)")
    }
  }
}
