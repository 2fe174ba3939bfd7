import ArgumentParser
import Foundation
import SMSFilter
import SMSFilterIO

extension DirectoryCommand {
  /// `directory export FILE [-o OUT] [--format binary|text --blocking|--identification]`.
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Export a directory for a Call Directory extension (CallKit): blocking and identification entries.",
      discussion: """
        Blocking: every junk phone number; identification: every other phone number with a label; \
        each strictly ascending, as numbers in international form without '+', as CallKit's \
        addBlockingEntry and addIdentificationEntry require. The binary stream (README, "From a \
        source file to a Call Directory extension") is read by CallDirectoryStreamReader in \
        constant memory; --format text prints one 'number' or 'number<TAB>label' a line. \
        Entries CallKit cannot take (short codes, alphanumeric and DLT senders, e-mail) are left \
        out and counted on standard error.

        Examples:
          smsfilter directory export senders.smsdir -o senders.sdex
          smsfilter directory export senders.smsdir --format text --blocking
        """)

    @Argument(help: "The directory file.")
    var file: String

    @OptionGroup var output: CallDirectoryOutput

    func run() throws {
      try reportingFailures {
        let directory = try DirectoryCommand.open(file, verify: true)
        let counts = directory.callDirectoryExportCounts()
        _ = try output.write(directory.callDirectoryExport())
        printError("\(file): \(counts.summary)")
      }
    }
  }
}
