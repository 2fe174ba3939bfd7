import ArgumentParser
import Foundation
import SMSFilter
import SMSFilterIO

extension DirectoryCommand {
  /// `directory build SOURCE… -o FILE [--country CC]`.
  struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Build a directory file from text sources.",
      discussion: """
        Duplicates (the same normalised sender with the same entry) are warnings naming both lines; \
        conflicts (the same sender with a different action, sub-action or label) and malformed \
        lines are errors naming file:line:column, and nothing is written.

        Examples:
          smsfilter directory build blocked.tsv known-senders.tsv -o senders.smsdir
          smsfilter directory build india.tsv -o india.smsdir --country IN
        """)

    @Argument(help: "Text sources: sender<TAB>action[/subAction]<TAB>label lines.")
    var sources: [String]

    @Option(name: [.customShort("o"), .long], help: "The directory file to write.")
    var output: String

    @Option(help: "ISO 3166-1 alpha-2 country of the sources' national numbers and short codes.")
    var country: String?

    func validate() throws {
      if sources.isEmpty { throw ValidationError("give at least one source file") }
    }

    func run() throws {
      try reportingFailures {
        var builder = try DirectoryCommand.makeBuilder(country: country)
        for source in sources { builder.add(contentsOf: source) }
        let image = try DirectoryCommand.build(builder)
        try DirectoryCommand.write(image, to: output)
        print("\(output): \(image.entryCount) entries, \(image.labelCount) labels, \(image.bytes.count) bytes")
      }
    }
  }
}
