import ArgumentParser
import Dispatch
import Foundation
import SMSFilter
import SMSFilterBenchmarks
import SMSFilterIO
import SMSFilterEvaluation

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
      2 unreadable or invalid files or arguments.
      """,
    subcommands: [Build.self, Update.self, Lookup.self, Stats.self, Bench.self])
}

extension DirectoryCommand {
  /// `directory build SOURCE… -o FILE [--country CC]`.
  struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Build a directory file from text sources.",
      discussion: """
        Duplicates (the same normalised sender with the same entry) are warnings naming both lines; \
        conflicts (the same sender with a different action, sub-action or label) and malformed \
        lines are errors naming file:line:column, and nothing is written.
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

  /// `directory update FILE [--add SOURCE]… [--remove SOURCE]… -o NEWFILE`.
  struct Update: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Apply add and remove sources to a directory file, as Call Directory's incremental mode does.",
      discussion: """
        Removals apply to the existing directory before additions, so removing and adding a sender \
        changes its entry. A remove source is read like an add source, but only each line's sender \
        matters. Removing a sender the directory does not have is a warning; adding one it has is a \
        warning for the same entry and an error for a different one. NEWFILE may be FILE.
        """)

    @Argument(help: "The existing directory file.")
    var file: String

    @Option(name: .customLong("add"), help: ArgumentHelp("A source of entries to add (repeatable).", valueName: "source"))
    var additions: [String] = []

    @Option(name: .customLong("remove"), help: ArgumentHelp("A source of senders to remove (repeatable).", valueName: "source"))
    var removals: [String] = []

    @Option(name: [.customShort("o"), .long], help: "The directory file to write.")
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

  /// `directory lookup FILE SENDER [--country CC]`.
  struct Lookup: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Look senders up: prints action<TAB>subAction<TAB>label<TAB>normalisedSender, or 'not found'.",
      discussion: """
        With one SENDER: prints its entry, or 'not found' (exit 1); a malformed sender is an error \
        (exit 2). With '-' or no SENDER: reads senders from standard input, one a line, and prints \
        exactly one line for each, in order: the entry, 'not found', or 'invalid<TAB>reason' for a \
        malformed sender (exit 0). Standard input is looked up in batches, about 1.6-1.8 times as \
        fast as one sender at a time on a directory larger than the cache.

        """)

    @Argument(help: "The directory file.")
    var file: String

    @Argument(help: "The sender, as the network gives it; '-' or none to read senders from standard input.")
    var sender: String?

    @Option(help: "The receiver's ISO 3166-1 alpha-2 country (for national numbers and short codes).")
    var country: String?

    @Flag(help: "Do not verify the file's checksum (faster on large files).")
    var skipChecksum = false

    func run() throws {
      try reportingFailures {
        guard let sender, sender != "-" else {
          try lookUpStandardInput()
          return
        }
        do throws(SenderIDError) {
          _ = try SenderID(sender, receiverCountry: country)
        } catch {
          throw CommandFailure(message: error.description, status: 2)
        }
        let directory = try DirectoryCommand.open(file, verify: !skipChecksum)
        guard let entry = directory.lookup(sender, receiverCountry: country) else {
          print("not found")
          throw ExitCode(1)
        }
        print(entry.description)
      }
    }

    /// One output line per input line, looked up in batches.
    private func lookUpStandardInput() throws {
      let directory = try DirectoryCommand.open(file, verify: !skipChecksum)
      OutputWriter.ignoreBrokenPipeSignal()
      let reader = LineReader(descriptor: 0)
      let output = OutputWriter(descriptor: 1)
      var batch = LineBatch()
      var senders: [String] = []
      while reader.readBatch(into: &batch, maxLines: 4096) {
        senders.removeAll(keepingCapacity: true)
        batch.bytes.withUnsafeBufferPointer { bytes in
          for line in batch.lines {
            senders.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[line]), as: UTF8.self))
          }
        }
        for (sender, entry) in zip(senders, directory.lookup(senders, receiverCountry: country)) {
          if let entry {
            output.write(entry.description)
          } else {
            do throws(SenderIDError) {
              _ = try SenderID(sender, receiverCountry: country)
              output.write("not found")
            } catch {
              output.write("invalid\t\(error.reason)")
            }
          }
          output.write([0x0A])
        }
      }
      output.flush()
    }
  }

  /// `directory stats FILE`.
  struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Entries by action and kind, labels, file size, version, sections, and whether the checksum matches (exit 1 if not).")

    @Argument(help: "The directory file.")
    var file: String

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    enum OutputFormat: String, ExpressibleByArgument { case text, json }

    struct Report: Codable {
      var file: String
      var version: UInt32
      var fileSize: Int
      var entries: Int
      var byAction: [String: Int]
      var byKind: [String: Int]
      var labels: Int
      var labelledEntries: Int
      var checksum: String
      var checksumOK: Bool
      var sections: [String: Int]
    }

    func run() throws {
      try reportingFailures {
        let directory = try DirectoryCommand.open(file, verify: false)
        let stats = directory.statistics()
        let checksum = SenderDirectory.hex(stats.checksum)
        switch format {
        case .text:
          print("file: \(file)")
          print("version: \(stats.version)")
          print("size: \(stats.fileSize) bytes (\(String(format: "%.1f", Double(stats.fileSize) / 1_048_576)) MiB)")
          print("entries: \(stats.entries)")
          print("by action: " + Action.allCases.map { "\($0.name) \(stats.byAction[$0] ?? 0)" }.joined(separator: ", "))
          print("by kind: " + SenderID.Kind.allCases.map { "\($0.rawValue) \(stats.byKind[$0] ?? 0)" }.joined(separator: ", "))
          print("labels: \(stats.labels) distinct, \(stats.labelled) entries labelled")
          print("checksum: \(checksum) \(stats.checksumOK ? "ok" : "MISMATCH (the file is corrupt)")")
          print("sections: " + stats.sections.map { "\($0.name) \($0.bytes)" }.joined(separator: ", "))
        case .json:
          let report = Report(
            file: file, version: stats.version, fileSize: stats.fileSize, entries: stats.entries,
            byAction: Dictionary(uniqueKeysWithValues: stats.byAction.map { ($0.key.name, $0.value) }),
            byKind: Dictionary(uniqueKeysWithValues: stats.byKind.map { ($0.key.rawValue, $0.value) }),
            labels: stats.labels, labelledEntries: stats.labelled, checksum: checksum, checksumOK: stats.checksumOK,
            sections: Dictionary(uniqueKeysWithValues: stats.sections.map { ($0.name, $0.bytes) }))
          try BenchSupport.printJSON(report)
        }
        if !stats.checksumOK { throw ExitCode(1) }
      }
    }
  }
}

// MARK: Bench

extension DirectoryCommand {
  /// `directory bench [--entries N]`: build, size, open, lookups and memory on generated entries.
  struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Measure build time, file size, open time, lookups/s and resident memory on a generated directory.",
      discussion: """
        Generates N entries deterministically (94% phone numbers over 22 countries, 3% short codes, \
        2% alphanumeric and DLT IDs, 1% e-mail; about 20,000 labels), builds them from text into a \
        temporary file, opens it (with and without checksum verification) and looks up senders \
        that are in it (hits) and senders that are not (misses), in random order, on one core, one \
        at a time and in batches; each figure is the median of at least three passes over a \
        million senders (the fastest and the mean are in the JSON report).
        Memory: the growth of resident memory while the directory is opened and queried, less \
        the file's pages mapped in (RssFile), from /proc/self/status. Build with -c release.
        """)

    @Option(help: "Entries to generate.")
    var entries = 2_000_000

    @Option(help: "Distinct query senders in each of the hit and miss sets.")
    var queries = 1_000_000

    @Option(help: "Senders per call in the batch lookup measurement.")
    var batch = 1024

    @Option(help: "Seconds per lookup measurement.")
    var seconds = 1.0

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @Option(help: "Keep the built directory file at this path.")
    var keep: String?

    enum OutputFormat: String, ExpressibleByArgument { case text, json }

    struct Report: Codable {
      struct Memory: Codable {
        var residentBeforeMegabytes: Double
        var residentAfterMegabytes: Double
        var anonymousAddedMegabytes: Double
        var fileMappedAddedMegabytes: Double
        var residentBeyondMappedFileMegabytes: Double
      }
      struct Lookups: Codable {
        /// Lookups made over all passes.
        var lookups: Int
        /// Of which found.
        var found: Int
        /// Passes over the query set.
        var passes: Int
        /// The median pass.
        var lookupsPerSecond: Double
        var nanosecondsPerLookup: Double
        /// The fastest pass.
        var fastestLookupsPerSecond: Double
        /// Over all passes.
        var meanLookupsPerSecond: Double
      }
      var machine: String
      var build: String
      var entries: Int
      var sourceBytes: Int
      var buildSeconds: Double
      var writeSeconds: Double
      var fileBytes: Int
      var labels: Int
      var openMilliseconds: Double
      var openWithoutChecksumMilliseconds: Double
      var hits: Lookups
      var misses: Lookups
      var hitsReadingLabels: Lookups
      /// Batch lookups (``SenderDirectory/lookup(_:receiverCountry:)`` given many senders).
      var batchSize: Int
      var batchHits: Lookups
      var batchMisses: Lookups
      var memory: Memory
      var targetsMet: [String: Bool]
    }

    func validate() throws {
      if entries < 1 { throw ValidationError("--entries must be at least 1") }
      if queries < 1 { throw ValidationError("--queries must be at least 1") }
      if batch < 1 { throw ValidationError("--batch must be at least 1") }
    }

    func run() throws {
      try reportingFailures {
        let log: (String) -> Void = { line in if format == .text { print(line) } else { printError(line) } }
        let path = keep ?? FileManager.default.temporaryDirectory
          .appendingPathComponent("smsfilter-directory-bench-\(getpid()).smsdir").path
        defer { if keep == nil { try? FileManager.default.removeItem(atPath: path) } }
        log("machine: \(BenchSupport.machine()), \(ProcessInfo.processInfo.activeProcessorCount) cores; \(BenchSupport.buildKind())")

        // Build from text (generation is not timed).
        let synthetic = SyntheticDirectory(entries: entries)
        let source = synthetic.source()
        let sourceBytes = source.utf8.count
        let (image, buildSeconds) = try DirectoryCommand.timed { () throws -> DirectoryImage in
          var builder = try DirectoryCommand.makeBuilder(country: SyntheticDirectory.country)
          builder.add(text: source, source: "synthetic.tsv")
          return try DirectoryCommand.build(builder)
        }
        let (_, writeSeconds) = try DirectoryCommand.timed { try DirectoryCommand.write(image, to: path) }
        let fileBytes = image.bytes.count
        let labels = image.labelCount
        log(
          "build: \(entries) entries from \(String(format: "%.1f", Double(sourceBytes) / 1e6)) MB of text in \(String(format: "%.2f", buildSeconds)) s (+ \(String(format: "%.2f", writeSeconds)) s to write and fsync)"
        )
        log("file: \(fileBytes) bytes (\(String(format: "%.1f", Double(fileBytes) / 1e6)) MB, \(String(format: "%.1f", Double(fileBytes) / Double(entries))) bytes/entry), \(labels) labels")

        // Queries are made before the memory baseline.
        let hits = synthetic.hits(count: queries)
        let misses = synthetic.misses(count: queries)
        let before = Benchmark.processStatus()

        var unverified = [Double]()
        for _ in 0..<3 {
          let (directory, seconds) = try DirectoryCommand.timed { try DirectoryCommand.open(path, verify: false) }
          unverified.append(seconds * 1000)
          _ = directory.count
        }
        var verified = [Double]()
        var opened: SenderDirectory?
        for _ in 0..<3 {
          opened = nil
          let (directory, seconds) = try DirectoryCommand.timed { try DirectoryCommand.open(path, verify: true) }
          verified.append(seconds * 1000)
          opened = directory
        }
        guard let directory = opened else { throw CommandFailure(message: "the directory did not open", status: 2) }
        let openMs = verified.sorted()[1]
        let openUnverifiedMs = unverified.sorted()[1]
        log(
          "open: \(String(format: "%.2f", openMs)) ms with checksum verification, \(String(format: "%.3f", openUnverifiedMs)) ms without (median of 3)"
        )

        let hitRun = DirectoryCommand.measure(directory, hits, seconds: seconds)
        let missRun = DirectoryCommand.measure(directory, misses, seconds: seconds)
        let labelRun = DirectoryCommand.measure(directory, hits, seconds: seconds, readingLabels: true)
        let batchHitRun = DirectoryCommand.measure(directory, hits, seconds: seconds, batch: batch)
        let batchMissRun = DirectoryCommand.measure(directory, misses, seconds: seconds, batch: batch)
        log(
          "lookups (1 core, random order): hits \(BenchSupport.rate(hitRun.lookupsPerSecond))/s (\(String(format: "%.0f", hitRun.nanosecondsPerLookup)) ns, \(hitRun.found)/\(hitRun.lookups) found), misses \(BenchSupport.rate(missRun.lookupsPerSecond))/s (\(String(format: "%.0f", missRun.nanosecondsPerLookup)) ns, \(missRun.found) found); hits reading the label too \(BenchSupport.rate(labelRun.lookupsPerSecond))/s"
        )
        log(
          "batch lookups (1 core, random order, \(batch) senders a call): hits \(BenchSupport.rate(batchHitRun.lookupsPerSecond))/s (\(String(format: "%.0f", batchHitRun.nanosecondsPerLookup)) ns, \(batchHitRun.found)/\(batchHitRun.lookups) found), misses \(BenchSupport.rate(batchMissRun.lookupsPerSecond))/s (\(String(format: "%.0f", batchMissRun.nanosecondsPerLookup)) ns, \(batchMissRun.found) found); speed-up over single lookups \(String(format: "%.1f", batchHitRun.lookupsPerSecond / hitRun.lookupsPerSecond))× on hits"
        )

        let after = Benchmark.processStatus()
        let anonymous = (after["RssAnon"] ?? 0) - (before["RssAnon"] ?? 0)
        let fileMapped = (after["RssFile"] ?? 0) - (before["RssFile"] ?? 0)
        let resident = (after["VmRSS"] ?? 0) - (before["VmRSS"] ?? 0)
        let memory = Report.Memory(
          residentBeforeMegabytes: (before["VmRSS"] ?? 0) / 1024, residentAfterMegabytes: (after["VmRSS"] ?? 0) / 1024,
          anonymousAddedMegabytes: anonymous / 1024, fileMappedAddedMegabytes: fileMapped / 1024,
          residentBeyondMappedFileMegabytes: (resident - fileMapped) / 1024)
        log(
          "memory: resident +\(String(format: "%.1f", resident / 1024)) MB, of which the mapped file \(String(format: "%.1f", fileMapped / 1024)) MB; beyond the mapped file \(String(format: "%.2f", memory.residentBeyondMappedFileMegabytes)) MB (anonymous +\(String(format: "%.2f", anonymous / 1024)) MB)"
        )
        let targets: [String: Bool] = [
          "build < 10 s": buildSeconds + writeSeconds < 10,
          "file <= 40 MB": Double(fileBytes) <= 40e6,
          "open < 50 ms": openMs < 50,
          ">= 5M lookups/s (batch)": min(batchHitRun.lookupsPerSecond, batchMissRun.lookupsPerSecond) >= 5e6,
          "<= 10 MB beyond the mapped file": memory.residentBeyondMappedFileMegabytes <= 10,
        ]
        if entries == 2_000_000 {
          log("targets: " + targets.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value ? "met" : "MISSED")" }.joined(separator: "; "))
        }
        if format == .json {
          let report = Report(
            machine: "\(BenchSupport.machine()), \(ProcessInfo.processInfo.activeProcessorCount) cores", build: BenchSupport.buildKind(), entries: entries,
            sourceBytes: sourceBytes, buildSeconds: buildSeconds, writeSeconds: writeSeconds, fileBytes: fileBytes,
            labels: labels, openMilliseconds: openMs, openWithoutChecksumMilliseconds: openUnverifiedMs, hits: hitRun,
            misses: missRun, hitsReadingLabels: labelRun, batchSize: batch, batchHits: batchHitRun,
            batchMisses: batchMissRun, memory: memory, targetsMet: targets)
          try BenchSupport.printJSON(report)
        }
      }
    }
  }

  /// Looks `queries` up in turn, pass after pass (at least three, for about `seconds`), reading
  /// each entry's action and sub-action (and, with `readingLabels`, its label, which becomes a
  /// `String` then). Reports the median pass (other processes only ever slow a pass; the median
  /// is neither the luckiest pass nor a disturbed one), the fastest, and the mean over all.
  static func measure(
    _ directory: SenderDirectory, _ queries: [String], seconds: Double, readingLabels: Bool = false,
    batch: Int? = nil
  ) -> Bench.Report.Lookups {
    var lookups = 0
    var found = 0
    var sum = 0
    let country = SyntheticDirectory.country
    let passes = Benchmark.timedPasses(seconds: seconds) {
      if let batch {
        var start = queries.startIndex
        while start < queries.endIndex {
          let end = min(start + batch, queries.endIndex)
          for case let entry? in directory.lookup(queries[start..<end], receiverCountry: country) {
            found += 1
            sum &+= entry.action.rawValue &+ entry.subAction.rawValue
            if readingLabels { sum &+= entry.label?.utf8.count ?? 0 }
          }
          start = end
        }
      } else {
        for index in queries.indices {
          if let entry = directory.lookup(queries[index], receiverCountry: country) {
            found += 1
            sum &+= entry.action.rawValue &+ entry.subAction.rawValue
            if readingLabels { sum &+= entry.label?.utf8.count ?? 0 }
          }
        }
      }
      lookups += queries.count
    }
    Benchmark.blackHole(sum)
    let perSecond = Double(queries.count) / passes.median
    return .init(
      lookups: lookups, found: found, passes: passes.count, lookupsPerSecond: perSecond,
      nanosecondsPerLookup: 1e9 / perSecond, fastestLookupsPerSecond: Double(queries.count) / passes.fastest,
      meanLookupsPerSecond: Double(queries.count) / passes.mean)
  }
}

// MARK: Helpers

extension DirectoryCommand {
  static func makeBuilder(country: String?) throws -> DirectoryBuilder {
    do throws(SenderIDError) {
      return try DirectoryBuilder(country: country)
    } catch {
      throw CommandFailure(message: "--country: \(error.reason)", status: 2)
    }
  }

  static func open(_ path: String, verify: Bool) throws -> SenderDirectory {
    do throws(DirectoryFileError) {
      return try SenderDirectory(path: path, verifyChecksum: verify)
    } catch {
      throw CommandFailure(message: error.description, status: 2)
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
      throw CommandFailure(message: error.description, status: 2)
    }
  }

  static func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try body()
    return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
}
