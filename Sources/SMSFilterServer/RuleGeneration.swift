import Foundation
import SMSFilter

/// One loaded rule set as the server uses it: the classifier, its sessions, and its version.
/// A reload builds a new generation and swaps it in whole; a request keeps the generation it
/// started with until it ends.
final class RuleGeneration: Sendable {
  /// The classifier.
  let classifier: Classifier
  /// Sessions for `classifier`.
  let sessions: SessionPool
  /// 1 for the rule set loaded at start, one more for each successful reload.
  let version: Int
  /// When it was loaded.
  let loadedAt: Date

  /// A generation of `classifier` numbered `version`.
  init(classifier: Classifier, version: Int, loadedAt: Date = Date()) {
    self.classifier = classifier
    self.sessions = SessionPool(classifier: classifier)
    self.version = version
    self.loadedAt = loadedAt
  }

  /// The number of rules.
  var ruleCount: Int { classifier.ruleSet.rules.count }
}
