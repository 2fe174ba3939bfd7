import ArgumentParser
import Foundation
import SMSFilter
import SMSFilterIO

extension DirectoryCommand {
  /// `directory build SOURCE… -o FILE [--country CC] [--split-by country]`.
  struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Build a directory file from text sources.",
      discussion: """
        Duplicates (the same normalised sender with the same entry) are warnings naming both lines; \
        conflicts (the same sender with a different action, sub-action or label) and malformed \
        lines are errors naming file:line:column, and nothing is written.
        With --split-by country, FILE is a folder: one directory per country calling code \
        (44.smsdir, 1.smsdir, …; other.smsdir for short codes, alphanumeric and DLT senders and \
        e-mail) and manifest.json listing each pack's entries, Call Directory counts, size and \
        content hash, so an app ships the regions a user picks and reloads only packs whose hash \
        changed.

        Examples:
          smsfilter directory build blocked.tsv known-senders.tsv -o senders.smsdir
          smsfilter directory build india.tsv -o india.smsdir --country IN
          smsfilter directory build blocked.tsv known-senders.tsv -o packs --split-by country
        """)

    /// How `--split-by` splits a directory.
    enum Split: String, CaseIterable, ExpressibleByArgument {
      case country
    }

    @Argument(help: "Text sources: sender<TAB>action[/subAction]<TAB>label lines.")
    var sources: [String]

    @Option(name: [.customShort("o"), .long], help: "The directory file to write (a folder with --split-by).")
    var output: String

    @Option(help: "Write region packs instead of one file: 'country' (by calling code).")
    var splitBy: Split?

    @Option(help: "ISO 3166-1 alpha-2 country of the sources' national numbers and short codes.")
    var country: String?

    func validate() throws {
      if sources.isEmpty { throw ValidationError("give at least one source file") }
    }

    func run() throws {
      try reportingFailures {
        var builder = try DirectoryCommand.makeBuilder(country: country)
        for source in sources { builder.add(contentsOf: source) }
        if splitBy != nil {
          try writePacks(builder)
          return
        }
        let image = try DirectoryCommand.build(builder)
        try DirectoryCommand.write(image, to: output)
        print("\(output): \(image.entryCount) entries, \(image.labelCount) labels, \(image.bytes.count) bytes")
      }
    }

    /// Writes one directory per pack and the manifest into the `output` folder.
    private func writePacks(_ builder: DirectoryBuilder) throws {
      let packs: [DirectoryPack]
      do throws(DirectoryBuildError) {
        packs = try builder.buildPacks()
      } catch {
        _ = try DirectoryCommand.build(builder)  // reports the errors and throws
        return
      }
      DirectoryCommand.report(packs.first?.image.warnings ?? [])
      do {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
      } catch {
        throw CommandFailure(message: "\(output): cannot create the folder: \(error.localizedDescription)", status: 2)
      }
      var entries: [DirectoryPackManifest.Entry] = []
      for pack in packs {
        let path = (output as NSString).appendingPathComponent(pack.fileName)
        try DirectoryCommand.write(pack.image, to: path)
        let counts = try DirectoryCommand.open(path, verify: true).callDirectoryExportCounts()
        entries.append(
          DirectoryPackManifest.Entry(
            pack: pack.name, file: pack.fileName, entries: pack.image.entryCount, blocking: counts.blocking,
            identification: counts.identification, bytes: pack.image.bytes.count, hash: pack.hash))
        print("\(path): \(pack.image.entryCount) entries, \(pack.image.bytes.count) bytes, hash \(pack.hash)")
      }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      let manifest = (output as NSString).appendingPathComponent("manifest.json")
      do {
        try encoder.encode(DirectoryPackManifest(packs: entries)).write(
          to: URL(fileURLWithPath: manifest), options: .atomic)
      } catch {
        throw CommandFailure(message: "\(manifest): cannot write: \(error.localizedDescription)", status: 2)
      }
      print("\(manifest): \(packs.count) packs, \(entries.reduce(0) { $0 + $1.entries }) entries")
    }
  }
}
