/// The default rule set: the project's `rules/` folder, embedded in the library at build time.
public enum DefaultRules {
  /// The embedded files, each named `<built-in>/FILE`, in name order.
  public static var sources: [(name: String, text: String)] {
    EmbeddedRuleFiles.files.map { ("<built-in>/\($0.name)", $0.text) }
  }

  /// Loads the embedded rule files.
  ///
  /// - Throws: ``RuleLoadError``; the test suite loads them, so a release never ships broken rules.
  public static func ruleSet() throws(RuleLoadError) -> RuleSet {
    try RuleLoader.load(sources: sources)
  }
}
