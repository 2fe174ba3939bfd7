import Foundation
import Testing

/// `smsfilter directory export`, `diff`, `apply` and `build --split-by country`, end to end.
@Suite struct CallDirectoryCommandTests {
  typealias Folder = DirectoryCommandTests.Folder

  static let old = """
    +44 7700 900125\tjunk\tSpam Likely
    +44 7700 900123\tjunk
    +1 415 555 0101\tnone\tAcme Bank
    56161\tpromotion\tAcme Rewards
    VM-HDFCBK\ttransaction\tHDFC Bank

    """
  static let new = """
    +44 7700 900125\tnone\tNot Spam
    +44 7700 900123\tjunk
    +1 415 555 0101\tnone\tAcme Bank Ltd
    +1 415 555 0102\tjunk

    """

  @Test func exportDiffAndApply() throws {
    let folder = try Folder()
    let old = folder.path("old.smsdir")
    let new = folder.path("new.smsdir")
    #expect(
      try CLI.run(["directory", "build", folder.write("old.tsv", Self.old), "-o", old, "--country", "IN"]).status == 0)
    #expect(try CLI.run(["directory", "build", folder.write("new.tsv", Self.new), "-o", new]).status == 0)

    let blocking = try CLI.run(["directory", "export", old, "--format", "text", "--blocking"])
    #expect(blocking.stdout == "447700900123\n447700900125\n")
    #expect(blocking.stderr.contains("blocking 2, identification 1"))
    #expect(blocking.stderr.contains("left out (CallKit takes phone numbers only): 1 shortCode, 1 alphanumeric"))
    let identification = try CLI.run(["directory", "export", old, "--format", "text", "--identification"])
    #expect(identification.stdout == "14155550101\tAcme Bank\n")

    let diffBlocking = try CLI.run(["directory", "diff", old, new, "--format", "text", "--blocking"])
    #expect(diffBlocking.stdout == "remove\t447700900125\nadd\t14155550102\n")
    let diffIdentification = try CLI.run(["directory", "diff", old, new, "--format", "text", "--identification"])
    #expect(diffIdentification.stdout == "add\t447700900125\tNot Spam\nchange\t14155550101\tAcme Bank Ltd\n")

    #expect(try CLI.run(["directory", "export", old, "-o", folder.path("old.sdex")]).status == 0)
    #expect(try CLI.run(["directory", "export", new, "-o", folder.path("new.sdex")]).status == 0)
    #expect(try CLI.run(["directory", "diff", old, new, "-o", folder.path("d.sdiff")]).status == 0)
    let apply = try CLI.run([
      "directory", "apply", folder.path("old.sdex"), folder.path("d.sdiff"), "-o", folder.path("applied.sdex"),
    ])
    #expect(apply.status == 0, "\(apply.stderr)")
    let applied = try Data(contentsOf: URL(fileURLWithPath: folder.path("applied.sdex")))
    #expect(applied == (try Data(contentsOf: URL(fileURLWithPath: folder.path("new.sdex")))))

    // The diff does not fit the new export; a text file is not a stream.
    let misfit = try CLI.run([
      "directory", "apply", folder.path("new.sdex"), folder.path("d.sdiff"), "-o", folder.path("x.sdex"),
    ])
    #expect(misfit.status == 2)
    #expect(misfit.stderr.contains("the diff does not fit the export"))
    let notAStream = try CLI.run(["directory", "apply", folder.path("old.tsv"), folder.path("d.sdiff")])
    #expect(notAStream.status == 2)
    #expect(notAStream.stderr.contains("not a Call Directory stream"))
    // Text needs one kind of entry.
    #expect(try CLI.run(["directory", "export", old, "--format", "text"]).status == 2)
  }

  @Test func splitByCountryWritesPacksAndAManifest() throws {
    let folder = try Folder()
    let source = try folder.write("old.tsv", Self.old)
    let packs = folder.path("packs")
    let build = try CLI.run(["directory", "build", source, "-o", packs, "--country", "IN", "--split-by", "country"])
    #expect(build.status == 0, "\(build.stderr)")
    let manifest =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: folder.path("packs/manifest.json")))) as? [String: Any]
    let entries = manifest?["packs"] as? [[String: Any]] ?? []
    #expect(entries.compactMap { $0["pack"] as? String } == ["1", "44", "other"])
    #expect(entries.compactMap { $0["entries"] as? Int } == [1, 2, 2])
    #expect(entries.compactMap { $0["blocking"] as? Int } == [0, 2, 0])
    #expect(entries.allSatisfy { ($0["hash"] as? String)?.count == 18 })
    let uk = try CLI.run(["directory", "lookup", folder.path("packs/44.smsdir"), "+447700900125"])
    #expect(uk.stdout == "junk\tnone\tSpam Likely\t+447700900125\n")
  }
}
