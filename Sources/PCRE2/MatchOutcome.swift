import CPCRE2

/// The outcome of one match attempt.
public enum MatchOutcome: Equatable, Sendable {
  /// The pattern matched these bytes of the subject.
  case matched(Range<Int>)
  /// The pattern does not match.
  case noMatch
  /// A limit was reached before an answer: treat it as undecided, never as "no match" in
  /// disguise (the caller marks what it gave up on).
  case limitExceeded(MatchLimit)
  /// PCRE2 reported another error (also undecided).
  case failed(PatternError)

  /// The matched range, if the pattern matched.
  public var range: Range<Int>? {
    if case .matched(let range) = self { return range }
    return nil
  }
}
