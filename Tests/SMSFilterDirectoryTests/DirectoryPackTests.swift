import Foundation
import SMSFilterBenchmarks
import SMSFilterModel
import Testing

@testable import SMSFilterDirectory

/// Region packs: a directory split by country calling code.
@Suite struct DirectoryPackTests {
  @Test func callingCodesFollowE164() {
    #expect(CallingCode.of(447_700_900_123) == "44")
    #expect(CallingCode.of(14_155_550_101) == "1")
    #expect(CallingCode.of(79_161_234_567) == "7")
    #expect(CallingCode.of(971_501_234_567) == "971")
    #expect(CallingCode.of(919_876_543_210) == "91")
    #expect(CallingCode.of(35_312_345_678) == "353")
    #expect(CallingCode.of(2_348_012_345_678) == "234")
    #expect(CallingCode.of(27_821_234_567) == "27")
  }

  /// Every entry of every pack, as lookups print them.
  static func entries(_ images: [DirectoryImage], scratch: DirectoryScratch) throws -> [String] {
    var all: [String] = []
    for (index, image) in images.enumerated() {
      try image.write(to: scratch.path("p\(index)"))
      try SenderDirectory(path: scratch.path("p\(index)")).forEachEntry { all.append($0.description) }
    }
    return all
  }

  @Test func packsHoldExactlyTheEntriesOfTheWholeDirectory() throws {
    let scratch = try DirectoryScratch()
    let synthetic = SyntheticDirectory(entries: 30_000)
    var builder = try DirectoryBuilder(country: SyntheticDirectory.country)
    builder.add(text: synthetic.source(), source: "s.tsv")
    let packs = try builder.buildPacks()
    #expect(packs.count == 22)  // 21 calling codes in the generator, and `other`
    #expect(packs.last?.name == DirectoryPack.otherName)
    let whole = try Self.entries([try builder.build()], scratch: scratch)
    let split = try Self.entries(packs.map(\.image), scratch: scratch)
    #expect(whole.count == 30_000)
    #expect(split.sorted() == whole.sorted())
    // Each pack holds only its calling code's numbers.
    for pack in packs where pack.name != DirectoryPack.otherName {
      try pack.image.write(to: scratch.path("one"))
      try SenderDirectory(path: scratch.path("one")).forEachEntry { entry in
        #expect(entry.normalizedSender.hasPrefix("+" + pack.name))
      }
    }
  }

  @Test func changingOnePacksSourceChangesOnlyThatPacksHash() throws {
    let source = SyntheticDirectory(entries: 5_000).source()
    func hashes(_ text: String) throws -> [String: String] {
      var builder = try DirectoryBuilder(country: SyntheticDirectory.country)
      builder.add(text: text, source: "s.tsv")
      return Dictionary(uniqueKeysWithValues: try builder.buildPacks().map { ($0.name, $0.hash) })
    }
    let before = try hashes(source)
    // One more UK number, and a relabelled one.
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let edited = lines.map { line in line.hasPrefix("+44 ") && line.contains("\tnone\t") ? line + " Ltd" : line }
    let changed = zip(edited, lines).filter { $0 != $1 }.count
    #expect(changed > 0)
    let after = try hashes(edited.joined(separator: "\n") + "+44 7700 900999\tjunk\n")
    #expect(Set(before.keys) == Set(after.keys))
    for (pack, hash) in before {
      if pack == "44" { #expect(after[pack] != hash) } else { #expect(after[pack] == hash, "pack \(pack)") }
    }
  }
}
