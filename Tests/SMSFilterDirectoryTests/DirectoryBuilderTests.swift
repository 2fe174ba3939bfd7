import Foundation
import SMSFilterBenchmarks
import SMSFilterModel
import Testing

@testable import SMSFilterDirectory

@Suite struct DirectoryBuilderTests {
  /// Builds sources and returns the error, or `nil` when the build succeeds.
  func buildError(_ sources: [(String, String)], country: String? = "IN") throws -> DirectoryBuildError? {
    var builder = try DirectoryBuilder(country: country)
    for (name, text) in sources { builder.add(text: text, source: name) }
    do throws(DirectoryBuildError) {
      _ = try builder.build()
      return nil
    } catch {
      return error
    }
  }

  func location(_ file: String, _ line: Int, _ column: Int = 1) -> SMSFilterModel.SourceLocation {
    SMSFilterModel.SourceLocation(file: file, line: line, column: column)
  }

  @Test func duplicatesAreWarningsNamingBothLines() throws {
    var builder = try DirectoryBuilder(country: "IN")
    builder.add(text: "+91 98765 43210\tjunk\tSpam\nHDFCBK\tallow\n", source: "a.tsv")
    builder.add(text: "# again\n098765 43210\tjunk\tSpam\nVM-HDFCBK\tallow\n", source: "b.tsv")
    let image = try builder.build()
    #expect(image.entryCount == 2)
    #expect(image.warnings.count == 2)
    #expect(image.warnings[0].kind == .duplicate(of: .source(location("a.tsv", 1))))
    #expect(image.warnings[0].location == location("b.tsv", 2))
    #expect(image.warnings[0].description == "b.tsv:2:1: duplicate of a.tsv:1:1 (+919876543210, same entry): ignored")
    #expect(image.warnings[1].kind == .duplicate(of: .source(location("a.tsv", 2))))
    #expect(image.warnings[1].location == location("b.tsv", 3))
  }

  @Test func conflictsAreErrorsNamingBothLines() throws {
    let error = try #require(
      try buildError([
        ("a.tsv", "+91 98765 43210\tjunk\tSpam\nHDFCBK\ttransaction/transactionalFinance\tHDFC\n56161\tpromotion\n"),
        (
          "b.tsv",
          "098765 43210\tallow\tSpam\nVM-HDFCBK\ttransaction/transactionalFinance\tHDFC Bank\n56161\tpromotion/promotionalOffers\n"
        ),
      ]))
    #expect(error.errors.count == 3)
    #expect(error.errors[0].kind == .conflict(with: .source(location("a.tsv", 1))))
    #expect(error.errors[0].location == location("b.tsv", 1))
    #expect(
      error.errors[0].description
        == "b.tsv:1:1: +919876543210 conflicts with a.tsv:1:1: allow 'Spam' here, junk 'Spam' there")
    #expect(error.errors[1].location == location("b.tsv", 2))
    #expect(error.errors[1].message.contains("'HDFC Bank' here"))
    #expect(error.errors[2].kind == .conflict(with: .source(location("a.tsv", 3))))
    #expect(error.errors[2].message.contains("promotion/promotionalOffers (no label) here, promotion (no label) there"))
  }

  @Test func malformedLinesNameFileLineColumnAndReason() throws {
    let text = """
      +91 98765 43210\tjunk
      +0123456789\tjunk\tBad
      HDFCBK\tblock\tHDFC
      56161\tpromotion/transactionalFinance
      56162\ttransaction/transactionalBanking
      VM-ICICIB
      alerts@bank\tallow
      ABCDEFGHIJKL\tjunk
      """
    let error = try #require(try buildError([("bad.tsv", text)]))
    #expect(error.errors.map(\.location.line) == [2, 3, 4, 5, 6, 7, 8])
    #expect(error.errors[0].kind == .malformedSender(.countryCodeStartsWithZero))
    #expect(error.errors[0].location == location("bad.tsv", 2, 1))
    #expect(
      error.errors[0].description
        == "bad.tsv:2:1: '+0123456789': an international number's country code cannot start with 0")
    #expect(error.errors[1].kind == .unknownAction("block"))
    #expect(error.errors[1].location == location("bad.tsv", 3, 8))
    #expect(error.errors[2].kind == .subActionNotValid(action: .promotion, subAction: .transactionalFinance))
    #expect(error.errors[2].location == location("bad.tsv", 4, 17))
    #expect(error.errors[3].kind == .unknownSubAction("transactionalBanking"))
    #expect(error.errors[4].kind == .missingAction)
    #expect(error.errors[5].kind == .malformedSender(.invalidEmail))
    #expect(error.errors[6].kind == .malformedSender(.alphanumericTooLong(characters: 12)))
  }

  @Test func errorsFromReadingAndMergingComeInReadingOrder() throws {
    let error = try #require(
      try buildError([
        ("a.tsv", "+14155550123\tjunk\n"),
        ("b.tsv", "bad sender!\tjunk\n+14155550123\tallow\nHDFCBK\tnope\n"),
      ]))
    #expect(error.errors.map { "\($0.location.file):\($0.location.line)" } == ["b.tsv:1", "b.tsv:2", "b.tsv:3"])
  }

  @Test func aNationalNumberWithoutACountryIsRefused() throws {
    let error = try #require(try buildError([("a.tsv", "98765 43210\tjunk\n")], country: nil))
    #expect(error.errors.first?.kind == .malformedSender(.nationalNumberWithoutCountry))
  }

  @Test func anInvalidCountryIsRefused() {
    #expect(throws: SenderIDError.self) { try DirectoryBuilder(country: "India") }
  }

  @Test func anUnreadableSourceIsAnError() throws {
    var builder = try DirectoryBuilder()
    builder.add(contentsOf: "/nonexistent/source.tsv")
    #expect(throws: DirectoryBuildError.self) { try builder.build() }
    #expect(builder.errors.first?.kind == .unreadable)
    #expect(builder.errors.first?.description.hasPrefix("/nonexistent/source.tsv: cannot read") == true)
  }

  @Test func commentsBlankLinesCRLFAndSpacesAroundFields() throws {
    let scratch = try DirectoryScratch()
    let directory = try scratch.directory([
      ("a.tsv", "# comment\r\n\r\n   \r\n  # indented comment\r\n+14155550123 \t junk \t Spam Likely \r\n")
    ])
    #expect(directory.count == 1)
    #expect(directory.lookup("+14155550123")?.label == "Spam Likely")
  }

  @Test func filterIsAcceptedAsJunk() throws {
    let scratch = try DirectoryScratch()
    let directory = try scratch.directory([("a.tsv", "+14155550123\tfilter\n")])
    #expect(directory.lookup("+14155550123")?.action == .junk)
  }

  @Test func sourcesAreReadFromFiles() throws {
    let scratch = try DirectoryScratch()
    let path = try scratch.write("a.tsv", "+14155550123\tjunk\tSpam\n")
    var builder = try DirectoryBuilder()
    builder.add(contentsOf: path)
    let image = try builder.build()
    #expect(image.entryCount == 1)
  }

  // MARK: Incremental updates

  func update(
    _ base: SenderDirectory, add: String? = nil, remove: String? = nil, scratch: DirectoryScratch, name: String
  ) throws -> (SenderDirectory, [DirectoryWarning]) {
    var builder = try DirectoryBuilder(country: "IN")
    builder.include(base)
    if let add { builder.add(text: add, source: "add.tsv") }
    if let remove { builder.remove(text: remove, source: "remove.tsv") }
    let image = try builder.build()
    try image.write(to: scratch.path(name))
    return (try SenderDirectory(path: scratch.path(name)), image.warnings)
  }

  @Test func incrementalAddAndRemove() throws {
    let scratch = try DirectoryScratch()
    let base = try scratch.directory(
      [("base.tsv", "+91 98765 43210\tjunk\tSpam\nVM-HDFCBK\tallow\tHDFC\n56161\tpromotion\n")], country: "IN")
    let (updated, warnings) = try update(
      base, add: "+91 98765 00000\tjunk\tScam\nalerts@bank.example\tallow\n",
      remove: "56161\n+91 98765 43210\tjunk\tSpam\n", scratch: scratch, name: "updated.smsdir")
    #expect(warnings.isEmpty)
    #expect(updated.count == 3)
    #expect(updated.lookup("+919876543210") == nil)
    #expect(updated.lookup("56161", receiverCountry: "IN") == nil)
    #expect(updated.lookup("+919876500000")?.label == "Scam")
    #expect(updated.lookup("HDFCBK")?.label == "HDFC")  // kept from the base, label included
    #expect(updated.lookup("alerts@bank.example")?.action == .allow)
    // The base file is untouched.
    #expect(base.lookup("+919876543210")?.action == .junk)
  }

  @Test func removeThenAddChangesAnEntry() throws {
    let scratch = try DirectoryScratch()
    let base = try scratch.directory([("base.tsv", "HDFCBK\tjunk\tOld\n")])
    let (updated, _) = try update(
      base, add: "HDFCBK\tallow\tNew\n", remove: "HDFCBK\n", scratch: scratch, name: "changed.smsdir")
    #expect(updated.lookup("VM-HDFCBK")?.label == "New")
    #expect(updated.lookup("VM-HDFCBK")?.action == .allow)
  }

  @Test func addingWhatTheDirectoryHasIsAWarningOrAConflict() throws {
    let scratch = try DirectoryScratch()
    let base = try scratch.directory([("base.tsv", "HDFCBK\tjunk\tOld\n")], name: "base.smsdir")
    let (same, warnings) = try update(base, add: "VM-HDFCBK\tjunk\tOld\n", scratch: scratch, name: "same.smsdir")
    #expect(same.count == 1)
    #expect(warnings.map(\.kind) == [.duplicate(of: .existingDirectory(base.path))])

    var builder = try DirectoryBuilder()
    builder.include(base)
    builder.add(text: "HDFCBK\tallow\tNew\n", source: "add.tsv")
    do throws(DirectoryBuildError) {
      _ = try builder.build()
      Issue.record("expected a conflict")
    } catch {
      #expect(error.errors.first?.kind == .conflict(with: .existingDirectory(base.path)))
      #expect(error.errors.first?.message.contains("remove it first") == true)
    }
  }

  @Test func removingAnAbsentSenderIsAWarning() throws {
    let scratch = try DirectoryScratch()
    let base = try scratch.directory([("base.tsv", "HDFCBK\tjunk\n")])
    let (updated, warnings) = try update(base, remove: "ICICIB\nHDFCBK\nHDFCBK\n", scratch: scratch, name: "u.smsdir")
    #expect(updated.count == 0)
    #expect(warnings.count == 2)
    #expect(warnings[0].kind == .removedSenderAbsent)
    #expect(warnings[0].location == location("remove.tsv", 1))
    #expect(warnings[0].description == "remove.tsv:1:1: ICICIB is not in the existing directory: nothing to remove")
    #expect(warnings[1].kind == .duplicate(of: .source(location("remove.tsv", 2))))
    #expect(warnings[1].location == location("remove.tsv", 3))
  }
}
