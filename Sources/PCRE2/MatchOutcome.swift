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

/// Which of a match's limits ended it (``MatchScratch`` sets them).
public enum MatchLimit: Equatable, Sendable {
  /// PCRE2's match limit: the backtracking steps allowed (counted per start position).
  case steps
  /// PCRE2's depth limit: how deeply backtracking may nest.
  case depth
  /// PCRE2's heap limit: the memory the interpreter may take for its backtracking frames.
  case heap
  /// A subject cut to its first bytes (``Pattern/firstMatch(in:from:scratch:stepLimit:truncated:)``)
  /// was not enough to decide.
  case subjectLength
}
