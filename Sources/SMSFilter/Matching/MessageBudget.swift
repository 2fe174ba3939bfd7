/// How much regex work one message may cost before the classifier gives up on it.
///
/// Keywords are found in one pass whatever the message, but a regex can be slow on a hostile
/// body. The budget counts work, never time, so the same message gets the same decision whatever
/// the load, the thread count or the batch boundaries:
///
/// - **Steps.** Every regex run draws on the message's allowance of PCRE2 backtracking steps.
///   PCRE2 counts its match limit afresh at each start position, so a run with step limit `L`
///   on an `n`-byte subject does at most `L × (n + 1)` steps: that is what it is charged. A run
///   first gets a small limit (64 steps a start position); if it reaches it, it is run again
///   with sixteen times as much, and so on up to the per-match limit and to what the allowance
///   still affords. A normal message's regexes finish in the first round.
/// - **Runs.** At most ``maxRegexRuns`` regex runs (body and sender).
/// - **Subject length.** A regex sees at most the first ``maxRegexSubjectBytes`` bytes of the
///   normalised body (or sender); on a longer text a regex that does not match within them is
///   undecided and the decision is marked `Decision.limitExceeded`. One step can scan or
///   compare the whole subject (a repeat of one character, a back-reference), so this bounds
///   what one step costs.
///
/// A message that exhausts the budget gets the decision reached so far (the fallback when a rule
/// that could have won was not tried), marked `Decision.budgetExhausted`, and the stream goes on.
public struct MessageBudget: Sendable, Hashable {
  /// The most regex runs (body and sender) for one message.
  public var maxRegexRuns: Int
  /// The message's allowance of PCRE2 backtracking steps, charged as described above.
  public var maxRegexSteps: UInt64
  /// The most bytes of the normalised body (or sender) a regex sees.
  public var maxRegexSubjectBytes: Int

  /// Creates a budget.
  public init(maxRegexRuns: Int = 2_000, maxRegexSteps: UInt64 = 100_000_000, maxRegexSubjectBytes: Int = 8_192) {
    self.maxRegexRuns = maxRegexRuns
    self.maxRegexSteps = maxRegexSteps
    self.maxRegexSubjectBytes = maxRegexSubjectBytes
  }

  /// 2,000 regex runs, 100,000,000 steps and 8 KB of subject per message: far beyond what a
  /// normal message needs (a few runs, charged about 10,000 steps each for a 160-byte SMS; a
  /// ten-part SMS is under 5 KB), small enough that a hostile one cannot stall a stream.
  public static let `default` = MessageBudget()

  /// No budget: every rule is always tried on the whole text (for tests that compare evaluation
  /// strategies, and for rule examples). Each match is still bounded by PCRE2's limits.
  public static let unlimited = MessageBudget(maxRegexRuns: .max, maxRegexSteps: .max, maxRegexSubjectBytes: .max)
}
