import CPCRE2

/// The outcome of one match attempt.
public enum MatchOutcome: Equatable, Sendable {
  /// The pattern matched these bytes of the subject.
  case matched(Range<Int>)
  /// The pattern does not match.
  case noMatch
  /// The match or depth limit was reached before an answer: treat it as undecided.
  case limitExceeded
  /// PCRE2 reported another error.
  case failed(PatternError)

  /// The matched range, if the pattern matched.
  public var range: Range<Int>? {
    if case .matched(let range) = self { return range }
    return nil
  }
}
