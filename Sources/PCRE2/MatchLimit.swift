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
