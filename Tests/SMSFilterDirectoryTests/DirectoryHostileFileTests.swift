import Foundation
import SMSFilterModel
import Testing

@testable import SMSFilterDirectory

#if canImport(Glibc)
import Glibc
#endif

/// Files and sources a hostile user or a careless program can hand the directory (issue 12).
@Suite struct DirectoryHostileFileTests {
  @Test func aFIFOIsRefusedBeforeAnyBlockingOpen() throws {
    let scratch = try DirectoryScratch()
    #expect(mkfifo(scratch.path("fifo.smsdir"), 0o600) == 0)
    do {
      _ = try SenderDirectory(path: scratch.path("fifo.smsdir"))
      Issue.record("a FIFO opened")
    } catch {
      #expect(error.kind == .unreadable)
      #expect(error.description.contains("not a regular file"))
    }
  }

  @Test func aDirectoryFileTruncatedInUseKeepsAnswering() throws {
    let scratch = try DirectoryScratch()
    let source = (0..<20_000).map { "+91980\(String(format: "%07d", $0))\tjunk\tSpam" }.joined(separator: "\n")
    let directory = try scratch.directory([("big.tsv", source)])
    #expect(directory.isCopied)
    // Another program truncates, then rewrites, the file in use.
    #expect(truncate(scratch.path("test.smsdir"), 0) == 0)
    try Data(repeating: 0xFF, count: 4096).write(to: URL(fileURLWithPath: scratch.path("test.smsdir")))
    for index in stride(from: 0, to: 20_000, by: 97) {
      let entry = directory.lookup("+91980\(String(format: "%07d", index))")
      #expect(entry?.action == .junk && entry?.label == "Spam")
    }
  }

  @Test func aSourceThatIsNotTextIsRefusedAfterOneLongLine() throws {
    let scratch = try DirectoryScratch()
    let path = try scratch.write("long.tsv", "+919876543210\tjunk\n" + String(repeating: "x", count: 5_000) + "\n")
    var builder = try DirectoryBuilder(country: "IN")
    builder.add(contentsOf: path)
    do throws(DirectoryBuildError) {
      _ = try builder.build()
      Issue.record("a 5,000-byte line was accepted")
    } catch {
      #expect(error.errors.map(\.kind) == [.lineTooLong])
      #expect(error.errors[0].location.line == 2)
    }
  }

  @Test func aTabInALabelIsRefused() throws {
    var builder = try DirectoryBuilder(country: "IN")
    builder.add(text: "+919876543210\tjunk\tSpam\tLikely\n", source: "tab.tsv")
    do throws(DirectoryBuildError) {
      _ = try builder.build()
      Issue.record("a TAB in a label was accepted")
    } catch {
      #expect(error.errors.map(\.kind) == [.labelHasTab])
      #expect(error.errors[0].location.column == 24)
    }
  }
}
