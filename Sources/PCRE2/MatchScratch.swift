import CPCRE2

/// The mutable state one thread needs to run matches: PCRE2 match data and a match context with
/// the match, depth and heap limits.
///
/// Not thread-safe: give each thread (or each task) its own. Creating one costs a few small
/// allocations; reuse it for every match that thread runs.
public final class MatchScratch {
  /// The default cap on PCRE2's backtracking steps for one match (PCRE2's own default is ten
  /// million; this is lower so that a hostile subject cannot stall a message stream). PCRE2
  /// counts these steps afresh at each start position.
  public static let defaultMatchLimit: UInt32 = 1_000_000
  /// The default cap on PCRE2's backtracking depth for one match.
  public static let defaultDepthLimit: UInt32 = 10_000
  /// The default cap, in KiB, on the heap PCRE2's interpreter may use for one match's
  /// backtracking frames (PCRE2's own default is 20,000,000 KiB). 8 MiB holds the frames of
  /// the depth limit for any pattern within the loader's capture-group cap.
  public static let defaultHeapLimitKiB: UInt32 = 8_192

  let matchData: OpaquePointer
  let matchContext: OpaquePointer
  /// A valid pointer to pass for an empty subject (PCRE2 rejects a null subject).
  let emptySubject: UnsafeMutablePointer<UInt8>
  /// The step limit currently set in `matchContext` (set again only when a match asks for another).
  var contextMatchLimit: UInt32

  /// The backtracking step limit applied to every match run with this scratch, unless a match
  /// passes a lower one.
  public let matchLimit: UInt32
  /// The depth limit applied to every match run with this scratch.
  public let depthLimit: UInt32
  /// The heap limit, in KiB, applied to every match run with this scratch.
  public let heapLimitKiB: UInt32

  /// Creates match state with the given limits.
  public init(
    matchLimit: UInt32 = MatchScratch.defaultMatchLimit,
    depthLimit: UInt32 = MatchScratch.defaultDepthLimit,
    heapLimitKiB: UInt32 = MatchScratch.defaultHeapLimitKiB
  ) {
    // One ovector pair is enough: callers need the overall match span, not the groups.
    guard let data = pcre2_match_data_create_8(1, nil),
      let context = pcre2_match_context_create_8(nil)
    else { preconditionFailure("PCRE2 could not allocate match data (out of memory)") }
    self.matchData = data
    self.matchContext = context
    self.matchLimit = matchLimit
    self.depthLimit = depthLimit
    self.heapLimitKiB = heapLimitKiB
    self.contextMatchLimit = matchLimit
    pcre2_set_match_limit_8(context, matchLimit)
    pcre2_set_depth_limit_8(context, depthLimit)
    pcre2_set_heap_limit_8(context, heapLimitKiB)
    emptySubject = .allocate(capacity: 1)
    emptySubject.initialize(to: 0)
  }

  /// Sets the step limit for the next match (no higher than ``matchLimit``).
  func useStepLimit(_ limit: UInt32) {
    let limit = min(limit, matchLimit)
    if limit != contextMatchLimit {
      pcre2_set_match_limit_8(matchContext, limit)
      contextMatchLimit = limit
    }
  }

  deinit {
    pcre2_match_data_free_8(matchData)
    pcre2_match_context_free_8(matchContext)
    emptySubject.deallocate()
  }
}
