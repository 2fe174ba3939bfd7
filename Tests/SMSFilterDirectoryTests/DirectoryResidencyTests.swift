import Foundation
import Testing

@testable import SMSFilterDirectory

/// A directory copied into private memory or mapped answers the same.
@Suite struct DirectoryResidencyTests {
  @Test func copiedAndMappedDirectoriesAnswerAlike() throws {
    let scratch = try DirectoryScratch()
    _ = try scratch.directory([("a.tsv", CallDirectoryTests.source)], country: "IN")
    let path = scratch.path("test.smsdir")
    let automatic = try SenderDirectory(path: path)
    let copied = try SenderDirectory(path: path, residency: .copied)
    let mapped = try SenderDirectory(path: path, residency: .mapped)
    #expect(automatic.isCopied)
    #expect(copied.isCopied)
    #expect(!mapped.isCopied)
    let senders = ["+447700900125", "+14155550101", "VM-HDFCBK", "56161", "+10000000000"]
    #expect(mapped.lookup(senders, receiverCountry: "IN") == copied.lookup(senders, receiverCountry: "IN"))
    #expect(mapped.callDirectoryExport() == copied.callDirectoryExport())
  }
}
