import ArgumentParser
import Foundation
import SMSFilter
import SMSFilterIO

extension DirectoryCommand {
  /// `directory update FILE [--add SOURCE]… [--remove SOURCE]… -o OUTPUT`.
  struct Update: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Apply add and remove sources to a directory file, as Call Directory's incremental mode does.",
      discussion: """
        Removals apply to the existing directory before additions, so removing and adding a sender \
        changes its entry. A remove source is read like an add source, but only each line's sender \
        matters. Removing a sender the directory does not have is a warning; adding one it has is a \
        warning for the same entry and an error for a different one. The file written (-o) may be \
        FILE itself: the new file replaces it only once complete.

        Examples:
          smsfilter directory update senders.smsdir --add new.tsv --remove gone.tsv -o senders.smsdir
        """)

    @Argument(help: "The existing directory file.")
    var file: String

    @Option(
      name: .customLong("add"), help: ArgumentHelp("A source of entries to add (repeatable).", valueName: "source"))
    var additions: [String] = []

    @Option(
      name: .customLong("remove"),
      help: ArgumentHelp("A source of senders to remove (repeatable).", valueName: "source"))
    var removals: [String] = []

    @Option(
      name: [.customShort("o"), .long],
      help: ArgumentHelp("The directory file to write (may be FILE itself).", valueName: "output"))
    var output: String

    @Option(help: "ISO 3166-1 alpha-2 country of the sources' national numbers and short codes.")
    var country: String?

    func run() throws {
      try reportingFailures {
        let existing = try DirectoryCommand.open(file, verify: true)
        var builder = try DirectoryCommand.makeBuilder(country: country)
        builder.include(existing)
        for source in removals { builder.remove(contentsOf: source) }
        for source in additions { builder.add(contentsOf: source) }
        let image = try DirectoryCommand.build(builder)
        try DirectoryCommand.write(image, to: output)
        print(
          "\(output): \(image.entryCount) entries (was \(existing.count)), \(image.labelCount) labels, \(image.bytes.count) bytes"
        )
      }
    }
  }
}
