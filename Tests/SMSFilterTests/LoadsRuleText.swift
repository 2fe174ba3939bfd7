@testable import SMSFilter

/// Suites that load rule files given as text: the file is named `test.yaml` in errors.
protocol LoadsRuleText {}

extension LoadsRuleText {
  /// Loads one rule file's text.
  func load(_ yaml: String) throws(RuleLoadError) -> RuleSet {
    try RuleLoader.load(sources: [("test.yaml", yaml)])
  }

  /// The error loading the text gives, or `nil` when it loads.
  func loadError(_ yaml: String) -> RuleLoadError? {
    do {
      _ = try load(yaml)
      return nil
    } catch {
      return error
    }
  }
}
