import ArgumentParser

/// The `smsfilter` command line: a thin layer over the SMSFilter library.
@main
struct SMSFilterCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "smsfilter",
    abstract: "Classify SMS messages as Apple's IdentityLookup SMS filters do, with keyword and regex rules.",
    discussion: """
      Every command uses the built-in default rules unless --rules names files or folders.
      Exit status: 0 success; 1 some input lines or examples failed; 2 rules or arguments refused.
      """,
    subcommands: [
      ClassifyCommand.self, EvalCommand.self, BenchCommand.self, CheckCommand.self, CapabilitiesCommand.self,
      TrainCommand.self, DirectoryCommand.self, ServeCommand.self,
    ]
  )

  /// Runs the command, with writes to standard output checked at exit (``StandardOutputCheck``).
  static func main() {
    StandardOutputCheck.install()
    main(nil)
  }
}
