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

  /// `directory diff OLD NEW [-o OUT] [--format binary|text --blocking|--identification]`.
  struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "The changes between two directories for CallKit's incremental load.",
      discussion: """
        Blocking removals and additions, identification removals, additions and changed labels, \
        each strictly ascending. --format text prints 'remove<TAB>number', \
        'add<TAB>number[<TAB>label]' and 'change<TAB>number<TAB>label' lines. Applied to OLD's \
        export ('directory apply'), the diff gives NEW's export byte for byte.
        """)

    @Argument(help: "The old directory file.")
    var old: String

    @Argument(help: "The new directory file.")
    var new: String

    @OptionGroup var output: CallDirectoryOutput

    func run() throws {
      try reportingFailures {
        let before = try DirectoryCommand.open(old, verify: true)
        let after = try DirectoryCommand.open(new, verify: true)
        let counts = try output.write(CallDirectoryDiff.stream(from: before, to: after))
        printError("diff: " + CallDirectoryOutput.summary(counts, kind: .diff))
      }
    }
  }

  /// `directory apply EXPORT DIFF -o NEW`.
  struct Apply: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Apply a diff stream to an export stream: the new export.",
      discussion: """
        What an extension's incremental load does, on files: the result is the export of the \
        directory the diff leads to. A diff that does not fit the export (it removes or changes a \
        number the export lacks, or adds one it has) is refused (exit 2).
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
