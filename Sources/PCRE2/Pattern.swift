import CPCRE2

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A compiled PCRE2 regular expression over UTF-8, JIT-compiled where the platform allows.
///
/// A `Pattern` is immutable once created and may be shared by any number of threads: PCRE2
/// documents compiled code (and its JIT code) as read-only during matching. Everything a match
/// writes lives in a ``MatchScratch``, which each thread owns.
///
/// ```swift
/// let pattern = try Pattern(#"rs\.?\s*\d+"#, options: [.caseless])
/// let scratch = MatchScratch()
/// pattern.firstMatch(in: Array("Rs 250 debited".utf8), scratch: scratch) // .matched(0..<6)
/// ```
public final class Pattern: Sendable {
  /// Options for compiling a pattern. UTF and Unicode properties (UCP) are always on.
  public struct Options: OptionSet, Sendable, Hashable {
    /// The raw PCRE2 compile flags.
    public let rawValue: UInt32
    /// Creates options from raw PCRE2 compile flags.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Case-insensitive matching (`PCRE2_CASELESS`), Unicode-aware.
    public static let caseless = Options(rawValue: UInt32(PCRE2_CASELESS))
    /// `.` also matches a newline (`PCRE2_DOTALL`).
    public static let dotAll = Options(rawValue: UInt32(PCRE2_DOTALL))
    /// `^` and `$` match at line breaks (`PCRE2_MULTILINE`).
    public static let multiline = Options(rawValue: UInt32(PCRE2_MULTILINE))
  }

  // SAFETY: `code` is written by pcre2_compile inside `init`, before the object is shared, and by
  // pcre2_jit_compile exactly once, in `compileJIT()`: the thread that moves `jitState` from
  // `jitPending` to `jitCompiling` compiles, then publishes the outcome with a release store;
  // every match first reads the state with an acquire load and, while it is not settled, waits
  // (no match reads `code` during the JIT compilation). Otherwise PCRE2 only reads `code`
  // (pcre2_match / pcre2_jit_match take a `const pcre2_code *`), so concurrent matches from many
  // threads are safe. Both are freed in deinit, when no reference, and so no match, remains.
  nonisolated(unsafe) private let code: OpaquePointer
  nonisolated(unsafe) private let jitState: UnsafeMutablePointer<Int32>

  /// ``jitState``: no JIT compilation tried yet, one under way, the JIT code ready, or matches
  /// run in the interpreter (JIT off, or it failed).
  private static let jitPending: Int32 = 0
  private static let jitCompiling: Int32 = 1
  private static let jitReady: Int32 = 2
  private static let jitNone: Int32 = 3

  /// The pattern's source text.
  public let source: String
  /// Whether matches run PCRE2's JIT code now: `false` until a pattern's first match has
  /// JIT-compiled it (asking does not compile it).
  public var isJITCompiled: Bool { smsfilter_load_acquire(jitState) == Self.jitReady }
  /// The number of capture groups in the pattern.
  public let captureCount: Int

  /// Compiles `source` with UTF, UCP and the given options; JIT-compiles it on its first match.
  ///
  /// A bad pattern is refused here, by `pcre2_compile`; the JIT compilation, most of the cost of
  /// compiling, waits until a match needs it (once, whichever thread matches first), so a rule
  /// set whose regexes a run never reaches does not pay for it: start-up stays short.
  ///
  /// - Parameter jit: run matches in JIT code (when ``jitEnabled``); `false` for a pattern that
  ///   is only checked (it compiles, its capture count) and never matched at speed. Matches then
  ///   run in the interpreter.
  /// - Throws: ``PatternError`` of kind ``PatternError/Kind/compile`` with PCRE2's message and
  ///   the offset of the error in the pattern.
  public init(_ source: String, options: Options = [], jit: Bool = true) throws(PatternError) {
    self.source = source
    var errorCode: Int32 = 0
    var errorOffset: Int = 0
    let flags = UInt32(PCRE2_UTF) | UInt32(PCRE2_UCP) | options.rawValue
    let bytes = Array(source.utf8)
    let compiled = bytes.withUnsafeBufferPointer { buffer in
      pcre2_compile_8(buffer.baseAddress, buffer.count, flags, &errorCode, &errorOffset, nil)
    }
    guard let compiled else {
      throw PatternError(kind: .compile, code: errorCode, offset: errorOffset)
    }
    self.code = compiled
    var captures: UInt32 = 0
    _ = pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &captures)
    self.captureCount = Int(captures)
    jitState = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    jitState.initialize(to: jit && Self.jitEnabled ? Self.jitPending : Self.jitNone)
  }

  /// Whether matches run JIT code: the settled state, or the JIT compilation done now.
  @inline(__always)
  private func usesJIT() -> Bool {
    let state = smsfilter_load_acquire(jitState)
    return state >= Self.jitReady ? state == Self.jitReady : compileJIT()
  }

  /// JIT-compiles the pattern once: the first thread here compiles; any other waits until the
  /// outcome is published (a JIT compilation takes well under a millisecond).
  @inline(never)
  private func compileJIT() -> Bool {
    if smsfilter_compare_exchange(jitState, Self.jitPending, Self.jitCompiling) != 0 {
      let compiled = pcre2_jit_compile_8(code, UInt32(PCRE2_JIT_COMPLETE)) == 0
      smsfilter_store_release(jitState, compiled ? Self.jitReady : Self.jitNone)
      return compiled
    }
    while true {
      let state = smsfilter_load_acquire(jitState)
      if state >= Self.jitReady { return state == Self.jitReady }
      sched_yield()
    }
  }

  /// Whether patterns are JIT-compiled: true unless the environment variable
  /// `SMSFILTER_PCRE2_JIT` is `0` or `off` when the first pattern is compiled.
  ///
  /// Turning the JIT off runs every match in PCRE2's interpreter, as on iOS, where a message
  /// filter extension may not map executable memory: `smsfilter bench --no-jit` measures that
  /// cost. Decisions are the same either way; only the speed differs.
  /// The version of the PCRE2 library linked in (`"10.42 2022-12-11"`).
  public static var libraryVersion: String {
    var buffer = [UInt8](repeating: 0, count: 64)
    let length = buffer.withUnsafeMutableBytes { pcre2_config_8(UInt32(PCRE2_CONFIG_VERSION), $0.baseAddress) }
    guard length > 1 else { return "unknown" }
    return String(decoding: buffer.prefix(Int(length) - 1), as: UTF8.self)
  }

  public static let jitEnabled: Bool = {
    guard let value = getenv("SMSFILTER_PCRE2_JIT") else { return true }
    return !["0", "off", "false", "no"].contains(String(cString: value).lowercased())
  }()

  deinit {
    pcre2_code_free_8(code)
    jitState.deallocate()
  }

  /// Looks for the first match in `subject`, starting at byte `start`.
  ///
  /// `subject` must be valid UTF-8 (the caller guarantees it; PCRE2's own check is skipped for
  /// speed). The limits of `scratch` apply (steps, depth, heap), with the step limit lowered to
  /// `stepLimit` when one is given: a match that reaches one returns
  /// ``MatchOutcome/limitExceeded(_:)`` rather than running on. When the JIT cannot run a match
  /// (its stack is too small, or the pattern says `(*NO_JIT)`), the interpreter runs it under
  /// the same limits: a JIT failure is never read as "no match".
  ///
  /// With `truncated`, `subject` is only the first bytes of a longer text: the match runs in
  /// PCRE2's hard partial mode, so a match that would need to look past the end (`$`, `\b`, a
  /// longer repeat) is not reported as a match, and anything short of a match found within the
  /// bytes given is ``MatchOutcome/limitExceeded(_:)`` with ``MatchLimit/subjectLength``.
  public func firstMatch(
    in subject: UnsafeBufferPointer<UInt8>, from start: Int = 0, scratch: MatchScratch,
    stepLimit: UInt32? = nil, truncated: Bool = false
  ) -> MatchOutcome {
    let base = subject.baseAddress ?? UnsafePointer(scratch.emptySubject)
    scratch.useStepLimit(stepLimit ?? scratch.matchLimit)
    var result: Int32
    // Settles the JIT state first, also before an interpreter match: pcre2_match reads the
    // compiled code's JIT field, which the JIT compilation writes.
    let jit = usesJIT()
    if truncated {
      let options = UInt32(PCRE2_NO_UTF_CHECK) | UInt32(PCRE2_NO_JIT) | UInt32(PCRE2_PARTIAL_HARD)
      result = pcre2_match_8(code, base, subject.count, start, options, scratch.matchData, scratch.matchContext)
      if result == PCRE2_ERROR_NOMATCH || result == PCRE2_ERROR_PARTIAL { return .limitExceeded(.subjectLength) }
    } else {
      result = PCRE2_ERROR_JIT_BADOPTION
      if jit {
        result = pcre2_jit_match_8(
          code, base, subject.count, start, UInt32(PCRE2_NO_UTF_CHECK), scratch.matchData, scratch.matchContext)
      }
      if result == PCRE2_ERROR_JIT_STACKLIMIT || result == PCRE2_ERROR_JIT_BADOPTION {
        let options = UInt32(PCRE2_NO_UTF_CHECK) | UInt32(PCRE2_NO_JIT)
        result = pcre2_match_8(code, base, subject.count, start, options, scratch.matchData, scratch.matchContext)
      }
    }
    if result >= 0 {
      guard let vector = pcre2_get_ovector_pointer_8(scratch.matchData) else {
        return .failed(PatternError(kind: .match, code: result))
      }
      return .matched(Int(vector[0])..<Int(vector[1]))
    }
    switch result {
    case PCRE2_ERROR_NOMATCH, PCRE2_ERROR_PARTIAL: return .noMatch
    case PCRE2_ERROR_MATCHLIMIT: return .limitExceeded(.steps)
    case PCRE2_ERROR_DEPTHLIMIT: return .limitExceeded(.depth)
    case PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_NOMEMORY: return .limitExceeded(.heap)
    default: return .failed(PatternError(kind: .match, code: result))
    }
  }

  /// Convenience over ``firstMatch(in:from:scratch:)`` for an array of UTF-8 bytes.
  public func firstMatch(
    in subject: [UInt8], from start: Int = 0, scratch: MatchScratch, stepLimit: UInt32? = nil,
    truncated: Bool = false
  ) -> MatchOutcome {
    subject.withUnsafeBufferPointer {
      firstMatch(in: $0, from: start, scratch: scratch, stepLimit: stepLimit, truncated: truncated)
    }
  }
}
