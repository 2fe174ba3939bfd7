import ArgumentParser
import Foundation
import SMSFilter
import SMSFilterIO

extension DirectoryCommand {
  /// `directory diff OLD NEW [-o OUT] [--format binary|text --blocking|--identification]`.
  struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "The changes between two directories for CallKit's incremental load.",
      discussion: """
        Blocking removals and additions, identification removals, additions and changed labels, \
        each strictly ascending. --format text prints 'remove<TAB>number', \
        'add<TAB>number[<TAB>label]' and 'change<TAB>number<TAB>label' lines. Applied to OLD's \
        export ('directory apply'), the diff gives NEW's export byte for byte.

        Examples:
          smsfilter directory diff old.smsdir new.smsdir -o changes.sdiff
          smsfilter directory diff old.smsdir new.smsdir --format text --identification
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
}
