/// Runs every rule's examples: each `match` example must satisfy the rule's condition and each
/// `noMatch` example must not (each rule judged on its own, as SwiftLint judges its rules'
/// triggering and non-triggering examples).
public enum RuleExampleCheck {
  /// One failed example.
  public struct Failure: Sendable, CustomStringConvertible {
    /// The rule.
    public let ruleID: String
    /// Where the example was written.
    public let location: SourceLocation
    /// Whether the example should have matched.
    public let shouldMatch: Bool
    /// The example message body.
    public let body: String

    /// `file:line:column: rule ID: example should match but does not: "…"`.
    public var description: String {
      "\(location): rule \(ruleID): example should \(shouldMatch ? "match but does not" : "not match but does"): \"\(body)\""
    }
  }

  /// The result of a check.
  public struct Report: Sendable {
    /// Examples run.
    public let examplesChecked: Int
    /// The failed ones.
    public let failures: [Failure]
  }

  /// Checks all examples of the classifier's rules.
  public static func run(_ classifier: Classifier) -> Report {
    var checked = 0
    var failures: [Failure] = []
    for rule in classifier.ruleSet.rules {
      for (examples, expected) in [(rule.matchingExamples, true), (rule.nonMatchingExamples, false)] {
        for example in examples {
          checked += 1
          if classifier.ruleMatches(rule.id, example.query) != expected {
            failures.append(
              Failure(
                ruleID: rule.id, location: example.location, shouldMatch: expected,
                body: example.query.messageBody))
          }
        }
      }
    }
    return Report(examplesChecked: checked, failures: failures)
  }
}
