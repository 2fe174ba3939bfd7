import ArgumentParser
import Foundation
import SMSFilter
import SMSFilterIO

extension DirectoryCommand {
  /// `directory apply EXPORT DIFF -o NEW`.
  struct Apply: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Apply a diff stream to an export stream: the new export.",
      discussion: """
        What an extension's incremental load does, on files: the result is the export of the \
        directory the diff leads to. A diff that does not fit the export (it removes or changes a \
        number the export lacks, or adds one it has) is refused (exit 2).

        Examples:
          smsfilter directory apply old.sdex changes.sdiff -o new.sdex
        """)

    @Argument(help: "An export stream ('directory export').")
    var export: String

    @Argument(help: "A diff stream ('directory diff').")
    var diff: String

    @OptionGroup var output: CallDirectoryOutput

    func run() throws {
      try reportingFailures {
        let exportReader = try CallDirectoryOutput.reader(path: export)
        let diffReader = try CallDirectoryOutput.reader(path: diff)
        let stream: [UInt8]
        do throws(CallDirectoryStreamError) {
          stream = try CallDirectoryDiff.apply(diffReader, to: exportReader)
        } catch {
          throw CommandFailure(message: error.description, status: 2)
        }
        let counts = try output.write(stream)
        printError("applied: " + CallDirectoryOutput.summary(counts, kind: .export))
      }
    }
  }
}
