import ArgumentParser
import Foundation
import SMSFilter

/// The `smsfilter` command line: a thin layer over the SMSFilter library.
@main
struct SMSFilterCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "smsfilter",
    abstract: "Classify SMS messages as Apple's IdentityLookup SMS filters do, with keyword and regex rules.",
    discussion: """
      Every command uses the built-in default rules unless --rules names files or folders.

      \(ExitStatus.help)

      Examples:
        printf 'Your OTP is 482913\\n' | smsfilter classify
        smsfilter eval corpus/ --format markdown
        smsfilter check --rules my-rules/
      """,
    version: "smsfilter \(PackageVersion.current)",
    subcommands: [
      ClassifyCommand.self, EvalCommand.self, BenchCommand.self, CheckCommand.self, CapabilitiesCommand.self,
      TrainCommand.self, DirectoryCommand.self, ServeCommand.self,
    ]
  )

  /// Runs the command, with writes to standard output checked at exit (``StandardOutputCheck``)
  /// and argument errors ending with ``ExitStatus/refused`` like every other refusal.
  static func main() {
    StandardOutputCheck.install()
    if Array(CommandLine.arguments.dropFirst()) == ["--version"] {
      // The long form (rule set and model too), made only when asked: it reads the built-ins.
      print(VersionText.make())
      return
    }
    do {
      var command = try parseAsRoot(nil)
      try command.run()
    } catch {
      let code = exitCode(for: error)
      if code == .validationFailure {
        // argument-parser's usage errors: its message and usage line, then the documented status.
        FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
        Foundation.exit(ExitStatus.refused)
      }
      exit(withError: error)
    }
  }
}
