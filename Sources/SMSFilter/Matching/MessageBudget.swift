/// How much regex work one message may cost before the classifier gives up on it.
///
/// Keywords are found in one pass whatever the message, but a regex can be slow on a hostile
/// body. Each regex match is capped by PCRE2's match limit; the budget caps the message as a
/// whole: the number of regex runs and the time spent in them. A message that exhausts it gets
/// the decision reached so far, marked ``Decision/budgetExhausted``, and the stream goes on.
public struct MessageBudget: Sendable, Hashable {
  /// The most regex runs (body and sender) for one message.
  public var maxRegexRuns: Int
  /// The most time spent in regex matching for one message, in nanoseconds.
  public var maxRegexNanoseconds: UInt64

  /// Creates a budget.
  public init(maxRegexRuns: Int = 2_000, maxRegexNanoseconds: UInt64 = 50_000_000) {
    self.maxRegexRuns = maxRegexRuns
    self.maxRegexNanoseconds = maxRegexNanoseconds
  }

  /// 2,000 regex runs and 50 ms of regex time per message: far beyond what a normal message
  /// needs (a few runs, a few microseconds), small enough that a hostile one cannot stall a
  /// stream.
  public static let `default` = MessageBudget()

  /// No budget: every rule is always tried (for tests that compare evaluation strategies, where
  /// a slow build — a sanitizer, a debugger — must not make one strategy give up early).
  public static let unlimited = MessageBudget(maxRegexRuns: .max, maxRegexNanoseconds: .max)
}
