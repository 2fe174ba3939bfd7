import CPCRE2

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

  // SAFETY: `code` is written only by pcre2_compile and pcre2_jit_compile inside `init`, before
  // the object is shared; afterwards PCRE2 only reads it (pcre2_match / pcre2_jit_match take a
  // `const pcre2_code *`), so concurrent matches from many threads are safe. It is freed in deinit,
  // when no reference, and so no match in progress, remains.
  nonisolated(unsafe) private let code: OpaquePointer

  /// The pattern's source text.
  public let source: String
  /// Whether PCRE2's JIT compiled the pattern (matches then run the JIT code).
  public let isJITCompiled: Bool

  /// Compiles `source` with UTF, UCP and the given options, then JIT-compiles it.
  ///
  /// - Throws: ``PatternError`` of kind ``PatternError/Kind/compile`` with PCRE2's message and
  ///   the offset of the error in the pattern.
  public init(_ source: String, options: Options = []) throws(PatternError) {
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
    self.isJITCompiled = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0
  }

  deinit { pcre2_code_free_8(code) }

  /// Looks for the first match in `subject`, starting at byte `start`.
  ///
  /// `subject` must be valid UTF-8 (the caller guarantees it; PCRE2's own check is skipped for
  /// speed). The match and depth limits of `scratch` apply: a match that exceeds them returns
  /// ``MatchOutcome/limitExceeded`` rather than running on.
  public func firstMatch(
    in subject: UnsafeBufferPointer<UInt8>, from start: Int = 0, scratch: MatchScratch
  ) -> MatchOutcome {
    let base = subject.baseAddress ?? UnsafePointer(scratch.emptySubject)
    let options = UInt32(PCRE2_NO_UTF_CHECK)
    let result: Int32
    if isJITCompiled {
      result = pcre2_jit_match_8(
        code, base, subject.count, start, options, scratch.matchData, scratch.matchContext)
    } else {
      result = pcre2_match_8(
        code, base, subject.count, start, options, scratch.matchData, scratch.matchContext)
    }
    if result >= 0 {
      let vector = pcre2_get_ovector_pointer_8(scratch.matchData)!
      return .matched(Int(vector[0])..<Int(vector[1]))
    }
    switch result {
    case PCRE2_ERROR_NOMATCH, PCRE2_ERROR_PARTIAL:
      return .noMatch
    case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT,
      PCRE2_ERROR_JIT_STACKLIMIT:
      return .limitExceeded
    default:
      return .failed(PatternError(kind: .match, code: result))
    }
  }

  /// Convenience over ``firstMatch(in:from:scratch:)`` for an array of UTF-8 bytes.
  public func firstMatch(in subject: [UInt8], from start: Int = 0, scratch: MatchScratch)
    -> MatchOutcome
  {
    subject.withUnsafeBufferPointer { firstMatch(in: $0, from: start, scratch: scratch) }
  }
}
