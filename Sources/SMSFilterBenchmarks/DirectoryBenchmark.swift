import Dispatch
import Foundation
import SMSFilter

/// `smsfilter directory bench`: builds a generated directory, opens it, and measures lookups
/// (single and batched, hits and misses) and the memory they add.
///
/// Generates N entries deterministically (``SyntheticDirectory``), builds them from text into
/// a file, opens it (with and without checksum verification) and looks up senders that are in
/// it (hits) and senders that are not (misses), in random order, on one core, one at a time and
/// in batches; each figure is the median of at least three passes (``Benchmark/timedPasses``).
/// Memory is the growth of resident memory while the directory is opened and queried, less the
/// file's pages mapped in (RssFile), from /proc/self/status.
package struct DirectoryBenchmark {
  /// Entries to generate.
  package var entries: Int
  /// Distinct query senders in each of the hit and miss sets.
  package var queries: Int
  /// Senders per call in the batch lookup measurement.
  package var batch: Int
  /// Seconds per lookup measurement.
  package var seconds: Double
  /// Whether every entry gets a label of its own (`Entry N`, the caller-ID case).
  package var distinctLabels = false
  /// How the directory is opened for the lookups and the memory figure.
  package var residency = DirectoryResidency.mapped
  /// Entries that differ in the Call Directory diff measurement (0: no Call Directory part).
  package var callDirectoryChanges = 10_000

  /// A benchmark of this size.
  package init(entries: Int, queries: Int, batch: Int, seconds: Double) {
    self.entries = entries
    self.queries = queries
    self.batch = batch
    self.seconds = seconds
  }

  package struct Report: Codable {
    package struct Memory: Codable {
      package var residentBeforeMegabytes: Double
      package var residentAfterMegabytes: Double
      package var anonymousAddedMegabytes: Double
      package var fileMappedAddedMegabytes: Double
      package var residentBeyondMappedFileMegabytes: Double

      /// Creates the record.
      package init(
        residentBeforeMegabytes: Double, residentAfterMegabytes: Double, anonymousAddedMegabytes: Double,
        fileMappedAddedMegabytes: Double, residentBeyondMappedFileMegabytes: Double
      ) {
        self.residentBeforeMegabytes = residentBeforeMegabytes
        self.residentAfterMegabytes = residentAfterMegabytes
        self.anonymousAddedMegabytes = anonymousAddedMegabytes
        self.fileMappedAddedMegabytes = fileMappedAddedMegabytes
        self.residentBeyondMappedFileMegabytes = residentBeyondMappedFileMegabytes
      }
    }
    package struct Lookups: Codable {
      /// Lookups made over all passes.
      package var lookups: Int
      /// Of which found.
      package var found: Int
      /// Passes over the query set.
      package var passes: Int
      /// The median pass.
      package var lookupsPerSecond: Double
      package var nanosecondsPerLookup: Double
      /// The fastest pass.
      package var fastestLookupsPerSecond: Double
      /// Over all passes.
      package var meanLookupsPerSecond: Double

      /// Creates the record.
      package init(
        lookups: Int, found: Int, passes: Int, lookupsPerSecond: Double, nanosecondsPerLookup: Double,
        fastestLookupsPerSecond: Double, meanLookupsPerSecond: Double
      ) {
        self.lookups = lookups
        self.found = found
        self.passes = passes
        self.lookupsPerSecond = lookupsPerSecond
        self.nanosecondsPerLookup = nanosecondsPerLookup
        self.fastestLookupsPerSecond = fastestLookupsPerSecond
        self.meanLookupsPerSecond = meanLookupsPerSecond
      }
    }
    package var machine: String
    package var build: String
    package var entries: Int
    package var sourceBytes: Int
    package var buildSeconds: Double
    package var writeSeconds: Double
    package var fileBytes: Int
    package var labels: Int
    package var openMilliseconds: Double
    package var openWithoutChecksumMilliseconds: Double
    package var hits: Lookups
    package var misses: Lookups
    package var hitsReadingLabels: Lookups
    /// Batch lookups (``SenderDirectory/lookup(_:receiverCountry:)`` given many senders).
    package var batchSize: Int
    package var batchHits: Lookups
    package var batchMisses: Lookups
    package var memory: Memory
    /// Whether every entry had its own label, and how the directory was opened.
    package var distinctLabels = false
    package var residency = "mapped"
    /// Bytes per entry: keys (with the fence and hints), payloads, labels (blocks and bytes).
    package var bytesPerEntry: [String: Double] = [:]
    /// The Call Directory export, read-back, diff and apply.
    package var callDirectory: CallDirectoryBenchmark.Report?

    /// Creates the record.
    package init(
      machine: String, build: String, entries: Int, sourceBytes: Int, buildSeconds: Double, writeSeconds: Double,
      fileBytes: Int, labels: Int, openMilliseconds: Double, openWithoutChecksumMilliseconds: Double, hits: Lookups,
      misses: Lookups, hitsReadingLabels: Lookups, batchSize: Int, batchHits: Lookups, batchMisses: Lookups,
      memory: Memory
    ) {
      self.machine = machine
      self.build = build
      self.entries = entries
      self.sourceBytes = sourceBytes
      self.buildSeconds = buildSeconds
      self.writeSeconds = writeSeconds
      self.fileBytes = fileBytes
      self.labels = labels
      self.openMilliseconds = openMilliseconds
      self.openWithoutChecksumMilliseconds = openWithoutChecksumMilliseconds
      self.hits = hits
      self.misses = misses
      self.hitsReadingLabels = hitsReadingLabels
      self.batchSize = batchSize
      self.batchHits = batchHits
      self.batchMisses = batchMisses
      self.memory = memory
    }
  }

  /// Runs the benchmark, writing the built directory to `path`, and reports each step to `log`.
  ///
  /// - Throws: the builder's or the file's error, should the generated directory not build,
  ///   write or open.
  package func run(writingTo path: String, log: (String) -> Void) throws -> Report {
    log(
      "machine: \(BenchSupport.machine()), \(ProcessInfo.processInfo.activeProcessorCount) cores; \(BenchSupport.buildKind())"
    )

    // Build from text (generation is not timed).
    let synthetic = SyntheticDirectory(entries: entries, distinctLabels: distinctLabels)
    let source = synthetic.source()
    let sourceBytes = source.utf8.count
    let (image, buildSeconds) = try Self.timed { () throws -> DirectoryImage in
      var builder = try DirectoryBuilder(country: SyntheticDirectory.country)
      builder.add(text: source, source: "synthetic.tsv")
      return try builder.build()
    }
    let (_, writeSeconds) = try Self.timed { try image.write(to: path) }
    let fileBytes = image.bytes.count
    let labels = image.labelCount
    log(
      "build: \(entries) entries from \(String(format: "%.1f", Double(sourceBytes) / 1e6)) MB of text in \(String(format: "%.2f", buildSeconds)) s (+ \(String(format: "%.2f", writeSeconds)) s to write and fsync)"
    )
    log(
      "file: \(fileBytes) bytes (\(String(format: "%.1f", Double(fileBytes) / 1e6)) MB, \(String(format: "%.1f", Double(fileBytes) / Double(entries))) bytes/entry), \(labels) labels"
    )

    // Queries are made before the memory baseline.
    let hits = synthetic.hits(count: queries)
    let misses = synthetic.misses(count: queries)
    let before = Benchmark.processStatus()

    /// Opens the file three times; the last directory and the median time in milliseconds.
    func medianOpen(verify: Bool) throws -> (SenderDirectory, Double) {
      var opened: [(SenderDirectory, Double)] = []
      for _ in 0..<3 {
        opened.append(try Self.timed { try SenderDirectory(path: path, verifyChecksum: verify, residency: residency) })
      }
      return (opened[2].0, opened.map(\.1).sorted()[1] * 1000)
    }
    let (_, openUnverifiedMs) = try medianOpen(verify: false)
    let (directory, openMs) = try medianOpen(verify: true)
    log(
      "open: \(String(format: "%.2f", openMs)) ms with checksum verification, \(String(format: "%.3f", openUnverifiedMs)) ms without (median of 3)"
    )

    let hitRun = Self.measure(directory, hits, seconds: seconds)
    let missRun = Self.measure(directory, misses, seconds: seconds)
    let labelRun = Self.measure(directory, hits, seconds: seconds, readingLabels: true)
    let batchHitRun = Self.measure(directory, hits, seconds: seconds, batch: batch)
    let batchMissRun = Self.measure(directory, misses, seconds: seconds, batch: batch)
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
    var report = Report(
      machine: "\(BenchSupport.machine()), \(ProcessInfo.processInfo.activeProcessorCount) cores",
      build: BenchSupport.buildKind(), entries: entries, sourceBytes: sourceBytes, buildSeconds: buildSeconds,
      writeSeconds: writeSeconds, fileBytes: fileBytes, labels: labels, openMilliseconds: openMs,
      openWithoutChecksumMilliseconds: openUnverifiedMs, hits: hitRun, misses: missRun, hitsReadingLabels: labelRun,
      batchSize: batch, batchHits: batchHitRun, batchMisses: batchMissRun, memory: memory)
    report.distinctLabels = distinctLabels
    report.residency = "\(residency)"
    let sections = Dictionary(uniqueKeysWithValues: directory.statistics().sections.map { ($0.name, $0.bytes) })
    func per(_ names: [String]) -> Double { Double(names.reduce(0) { $0 + (sections[$1] ?? 0) }) / Double(entries) }
    report.bytesPerEntry = [
      "keys": per(["keys", "fence", "fence hints"]), "payloads": per(["payloads"]),
      "labels": per(["label blocks", "label bytes"]), "texts": per(["text offsets", "text bytes"]),
    ]
    log(
      "bytes per entry: "
        + report.bytesPerEntry.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.2f", $0.value))" }
        .joined(separator: ", "))
    if callDirectoryChanges > 0 {
      report.callDirectory = try CallDirectoryBenchmark(changes: callDirectoryChanges).run(
        directory, synthetic: synthetic, path: path, log: log)
    }
    return report
  }

  private static func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try body()
    return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }

  /// Looks `queries` up in turn, pass after pass (at least three, for about `seconds`), reading
  /// each entry's action and sub-action (and, with `readingLabels`, its label, which becomes a
  /// `String` then). Reports the median pass (other processes only ever slow a pass; the median
  /// is neither the luckiest pass nor a disturbed one), the fastest, and the mean over all.
  static func measure(
    _ directory: SenderDirectory, _ queries: [String], seconds: Double, readingLabels: Bool = false,
    batch: Int? = nil
  ) -> Report.Lookups {
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
