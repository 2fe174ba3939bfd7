import SMSFilter

/// The result of evaluating a rule set on labeled corpora: the stable schema of
/// `smsfilter eval --format json` (documented in `README.md`).
public struct EvaluationReport: Codable, Sendable {
  /// The rule set's name.
  public var ruleSet: String
  /// The capabilities the evaluation used.
  public var capabilities: CapabilitiesSummary
  /// Messages evaluated.
  public var messages: Int
  /// Messages whose decision a limit cut short: a regex reached a PCRE2 limit or the regex
  /// window (`limitExceeded`), or the message budget ran out (`budgetExhausted`).
  public var cutShort: CutShort
  /// Metrics of the action.
  public var action: ClassificationMetrics
  /// Metrics of the sub-action under the capabilities (an expected sub-action outside them is
  /// compared as `none`, as iOS would show it).
  public var subAction: ClassificationMetrics
  /// Metrics of the sub-action as the rules proposed it, against the labels as written.
  public var subActionUnadjusted: ClassificationMetrics
  /// Inbox view: how many messages labeled to be shown (allow/none) were filtered (junk or
  /// promotion), and how many labeled junk/promotion were caught.
  public var filtering: Filtering
  /// Messages whose action or sub-action was wrong.
  public var misclassified: [Misclassified]
  /// Per-rule statistics, in decision order.
  public var rules: [RuleStatistics]
  /// Ids of rules that matched no message.
  public var rulesNeverMatched: [String]
  /// Ids of rules that matched but never decided: a higher-priority rule always won.
  public var rulesShadowed: [String]
  /// The comparison with another rule set, when asked for.
  public var comparison: Comparison?
  /// The rules alone, the learned model alone and both together, when the rule set has a model.
  public var stages: [Summary]?
  /// How the learned model's figures were measured: out of fold on the corpora it trained on.
  public var outOfFold: OutOfFoldNote?

  /// Accuracy and filtering per language, for corpora whose messages carry `lang`.
  public var languages: [Summary]?

  /// The headline figures of a part of the evaluation: a stage (`rules`, `model`,
  /// `rules+model`) or a language (its `lang` code).
  public struct Summary: Codable, Sendable {
    /// The stage or the language.
    public var name: String
    /// Messages counted.
    public var messages: Int
    /// Share of messages whose action was right.
    public var actionAccuracy: Double
    /// The inbox view.
    public var filtering: Filtering
  }

  /// Which figures are out of fold.
  public struct OutOfFoldNote: Codable, Sendable {
    /// The folds.
    public var folds: Int
    /// The corpora the model trained on (as its file records them); their messages were judged
    /// by fold models that did not see them.
    public var trainingCorpora: [String]
    /// Messages judged out of fold.
    public var messagesOutOfFold: Int
  }

  /// The declared sub-actions.
  public struct CapabilitiesSummary: Codable, Sendable {
    /// Transactional sub-action names.
    public var transactional: [String]
    /// Promotional sub-action names.
    public var promotional: [String]
  }

  /// Filtering rates for the inbox view.
  public struct Filtering: Codable, Sendable {
    /// Messages labeled to be shown normally (all accepted actions are allow or none).
    public var wanted: Int
    /// Of those, how many were decided junk or promotion.
    public var wantedFiltered: Int
    /// `wantedFiltered / wanted`.
    public var wantedFilteredRate: Double
    /// Messages labeled junk or promotion only.
    public var unwanted: Int
    /// Of those, how many were decided junk or promotion.
    public var unwantedCaught: Int
    /// `unwantedCaught / unwanted`.
    public var unwantedCaughtRate: Double
  }

  /// How many decisions were cut short, and by what (a message can count in both).
  public struct CutShort: Codable, Sendable, Equatable {
    /// Decisions marked `Decision.limitExceeded`.
    public var limitExceeded: Int
    /// Decisions marked `Decision.budgetExhausted`.
    public var budgetExhausted: Int
  }

  /// One misclassified message.
  public struct Misclassified: Codable, Sendable {
    /// `file:line`.
    public var source: String
    /// The sender, if any.
    public var sender: String?
    /// The body.
    public var body: String
    /// The labeled action(s), `|`-separated.
    public var expectedAction: String
    /// The labeled sub-action (after capabilities).
    public var expectedSubAction: String
    /// The decided action.
    public var action: String
    /// The decided sub-action.
    public var subAction: String
    /// The rule that decided, or `null` for the fallback.
    public var rule: String?
  }

  /// How one rule did.
  public struct RuleStatistics: Codable, Sendable {
    /// The rule id.
    public var id: String
    /// The rule's action and sub-action.
    public var action: String
    /// The rule's sub-action.
    public var subAction: String
    /// Its priority.
    public var priority: Int
    /// Messages its condition matched (whether or not it decided).
    public var matches: Int
    /// Messages it decided.
    public var decided: Int
    /// Of those, how many were decided right (action, and sub-action under capabilities).
    public var correct: Int
    /// `correct / decided` (0 when it decided nothing).
    public var precision: Double
    /// Of the messages it matched, how many were labeled with its action.
    public var matchedWithItsAction: Int
    /// Mean time to evaluate the rule on one message, in nanoseconds.
    public var nanosecondsPerMessage: Double
  }

  /// A comparison of this rule set (A) with another (B) on the same messages.
  public struct Comparison: Codable, Sendable {
    /// The other rule set's name.
    public var otherRuleSet: String
    /// B's action accuracy.
    public var otherActionAccuracy: Double
    /// B's sub-action macro-F1.
    public var otherSubActionMacroF1: Double
    /// Messages whose decision differs.
    public var changed: [Change]
    /// Of those, how many B gets right and A wrong.
    public var better: Int
    /// How many A gets right and B wrong.
    public var worse: Int
  }

  /// One message decided differently by the two rule sets.
  public struct Change: Codable, Sendable {
    /// `file:line`.
    public var source: String
    /// The body.
    public var body: String
    /// The label.
    public var expected: String
    /// A's decision `action/subAction (rule)`.
    public var before: String
    /// B's decision.
    public var after: String
    /// `better`, `worse` or `neutral` (both right or both wrong).
    public var verdict: String
  }
}
