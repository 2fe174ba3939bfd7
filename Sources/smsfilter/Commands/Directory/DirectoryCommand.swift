import ArgumentParser
import Foundation
import SMSFilter
import SMSFilterIO

/// `smsfilter directory …`: build, update, query and measure sender directory files.
struct DirectoryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "directory",
    abstract: "Build, update and query sender directories (numbers and sender IDs with an action and a label).",
    discussion: """
      A sender directory is a compact binary file of senders with an action (none, allow, junk, \
      promotion, transaction), an optional sub-action and an optional label, mapped into memory and \
      searched in place, as iOS's Call Directory does for callers. Sources are text files of \
      sender<TAB>action[/subAction]<TAB>label lines; '#' comments and blank lines are ignored.

      Exit status: 0 success; 1 source lines refused, sender not found or checksum mismatch; \
      2 unreadable or invalid files or arguments; 74 the output could not be written.

      Examples:
        smsfilter directory build senders.tsv -o senders.smsdir --country IN
        smsfilter directory lookup senders.smsdir VM-HDFCBK
      """,
    subcommands: [Build.self, Update.self, Lookup.self, Stats.self, Export.self, Diff.self, Apply.self, Bench.self])
}

// Helpers the subcommands share.
extension DirectoryCommand {
  static func makeBuilder(country: String?) throws -> DirectoryBuilder {
    do throws(SenderIDError) {
      return try DirectoryBuilder(country: country)
    } catch {
      throw CommandFailure(message: "--country: \(error.reason)", status: ExitStatus.refused)
    }
  }

  static func open(_ path: String, verify: Bool) throws -> SenderDirectory {
    do throws(DirectoryFileError) {
      return try SenderDirectory(path: path, verifyChecksum: verify)
    } catch {
      throw CommandFailure(message: error.description, status: ExitStatus.refused)
    }
  }

  /// Builds, printing warnings (and errors) as `file:line:column: warning: …` on stderr.
  static func build(_ builder: DirectoryBuilder) throws -> DirectoryImage {
    let image: DirectoryImage
    do throws(DirectoryBuildError) {
      image = try builder.build()
    } catch {
      report(error.warnings)
      let shown = 100
      for failure in error.errors.prefix(shown) { printError("\(failure.location): error: \(failure.message)") }
      if error.errors.count > shown { printError("… and \(error.errors.count - shown) more errors") }
      let unreadable = error.errors.contains { $0.kind == .unreadable }
      throw CommandFailure(
        message: "\(error.errors.count) error\(error.errors.count == 1 ? "" : "s"); nothing written",
        status: unreadable ? 2 : 1)
    }
    report(image.warnings)
    return image
  }

  static func report(_ warnings: [DirectoryWarning]) {
    let shown = 100
    for warning in warnings.prefix(shown) { printError("\(warning.location): warning: \(warning.message)") }
    if warnings.count > shown { printError("… and \(warnings.count - shown) more warnings") }
  }

  static func write(_ image: DirectoryImage, to path: String) throws {
    do throws(DirectoryFileError) {
      try image.write(to: path)
    } catch {
      throw CommandFailure(message: error.description, status: ExitStatus.refused)
    }
  }

  static func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try body()
    return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
}
