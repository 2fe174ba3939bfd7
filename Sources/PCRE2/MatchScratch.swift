import CPCRE2

/// The mutable state one thread needs to run matches: PCRE2 match data and a match context with
/// the match and depth limits.
///
/// Not thread-safe: give each thread (or each task) its own. Creating one costs a few small
/// allocations; reuse it for every match that thread runs.
public final class MatchScratch {
  /// The default cap on PCRE2's backtracking steps for one match (PCRE2's own default is ten
  /// million; this is lower so that a hostile subject cannot stall a message stream).
  public static let defaultMatchLimit: UInt32 = 1_000_000
  /// The default cap on PCRE2's backtracking depth for one match.
  public static let defaultDepthLimit: UInt32 = 10_000

  let matchData: OpaquePointer
  let matchContext: OpaquePointer
  /// A valid pointer to pass for an empty subject (PCRE2 rejects a null subject).
  let emptySubject: UnsafeMutablePointer<UInt8>

  /// The backtracking step limit applied to every match run with this scratch.
  public let matchLimit: UInt32
  /// The depth limit applied to every match run with this scratch.
  public let depthLimit: UInt32

  /// Creates match state with the given limits.
  public init(
    matchLimit: UInt32 = MatchScratch.defaultMatchLimit,
    depthLimit: UInt32 = MatchScratch.defaultDepthLimit
  ) {
    // One ovector pair is enough: callers need the overall match span, not the groups.
    guard let data = pcre2_match_data_create_8(1, nil),
      let context = pcre2_match_context_create_8(nil)
    else { preconditionFailure("PCRE2 could not allocate match data (out of memory)") }
    self.matchData = data
    self.matchContext = context
    self.matchLimit = matchLimit
    self.depthLimit = depthLimit
    pcre2_set_match_limit_8(context, matchLimit)
    pcre2_set_depth_limit_8(context, depthLimit)
    emptySubject = .allocate(capacity: 1)
    emptySubject.initialize(to: 0)
  }

  deinit {
    pcre2_match_data_free_8(matchData)
    pcre2_match_context_free_8(matchContext)
    emptySubject.deallocate()
  }
}
