import CEmbeddedFiles
import Foundation

/// The default rule set: the project's `rules/` folder, embedded in the library at build time.
///
/// The rule files are embedded with a binary snapshot of the rule set they load to
/// (`RuleSetSnapshot`), so the built-in rules start without parsing YAML. The snapshot is used
/// only when it was made from exactly the embedded files (their checksum); otherwise the files are
/// parsed, which gives the same rule set more slowly, and the test suite fails until
/// `scripts/update-rules-snapshot` writes the snapshot again.
public enum DefaultRules {
  /// The embedded files, each named `<built-in>/FILE`, in name order.
  public static var sources: [(name: String, text: String)] {
    EmbeddedRuleFiles.files.map { ("<built-in>/\($0.name)", $0.text) }
  }

  /// Loads the embedded rule files: from their snapshot when it is current, else from YAML.
  ///
  /// - Throws: ``RuleLoadError``; the test suite loads them, so a release never ships broken rules.
  public static func ruleSet() throws(RuleLoadError) -> RuleSet {
    let sources = sources
    if let snapshot = try? snapshotRuleSet(sources: sources).get() { return snapshot }
    return try RuleLoader.load(sources: sources)
  }

  /// The built-in rules read from YAML, ignoring the snapshot (what the snapshot must equal).
  package static func ruleSetFromFiles() throws(RuleLoadError) -> RuleSet {
    try RuleLoader.load(sources: sources)
  }

  /// Whether this build's snapshot is current, and why not when it is not.
  package static var snapshotStatus: Result<Void, RuleSetSnapshot.Failure> {
    snapshotRuleSet(sources: sources).map { _ in () }
  }

  /// The embedded snapshot's bytes (empty when the build has none), in place: the binary's
  /// read-only data (`CEmbeddedFiles`), valid and unchanged for the life of the program.
  package static var snapshotBytes: UnsafeRawBufferPointer {
    var count = 0
    guard let base = smsfilter_embedded_rule_snapshot(&count), count > 0 else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return UnsafeRawBufferPointer(start: base, count: count)
  }

  private static func snapshotRuleSet(
    sources: [(name: String, text: String)]
  ) -> Result<RuleSet, RuleSetSnapshot.Failure> {
    let bytes = snapshotBytes
    guard !bytes.isEmpty else { return .failure(.format("this build carries no snapshot")) }
    return Result { () throws(RuleSetSnapshot.Failure) in try RuleSetSnapshot.decode(bytes, sources: sources) }
  }
}
