/// A regex of a shape simple enough that the matcher answers it exactly from what it already
/// knows of the message, without running PCRE2.
///
/// The one shape known: the whole text is at most (or at least) so many characters, none of them
/// a decimal digit — `^[^\d]{0,220}$`, `^\D*$`, `^[^\d]{5,}$` — a "short message with no number"
/// test. PCRE2 (UTF, UCP, neither multiline nor dollar-end-only) matches it exactly when:
/// - the text has no `\p{Nd}` character (`[^\d]` cannot step over one, and `$` cannot match
///   before one), and
/// - the text's Unicode scalar count is within the bounds.
///
/// `$` also matches before a final newline, so a text whose last character could be a newline
/// (any convention: LF, CR, VT, FF, NEL, LS, PS) is left to PCRE2, as is a text longer than the
/// budget lets a regex see (the truncated run ``MatchState/runRegex(_:on:matched:)`` makes).
///
/// ```swift
/// RegexShortcut(prepared: #"^[^\d]{0,220}$"#)  // .digitFree(lengths: 0...220)
/// ```
enum RegexShortcut: Hashable, Sendable {
  /// The text is `lengths.lowerBound...lengths.upperBound` scalars, none a decimal digit.
  case digitFree(lengths: ClosedRange<Int>)

  /// The shortcut of a prepared pattern, or `nil` when it has none.
  init?(prepared pattern: String) {
    var rest = Substring(pattern)
    guard rest.hasPrefix("^"), rest.hasSuffix("$"), !rest.hasSuffix(#"\$"#) else { return nil }
    rest = rest.dropFirst().dropLast()
    if rest.hasPrefix(#"[^\d]"#) {
      rest = rest.dropFirst(5)
    } else if rest.hasPrefix(#"\D"#) {
      rest = rest.dropFirst(2)
    } else {
      return nil
    }
    guard let lengths = Self.repeatBounds(rest) else { return nil }
    self = .digitFree(lengths: lengths)
  }

  /// The counts a quantifier allows (`*`, `+`, `{n}`, `{n,}`, `{n,m}`; `Int.max`: no upper
  /// bound), or `nil` for anything else.
  static func repeatBounds(_ quantifier: Substring) -> ClosedRange<Int>? {
    switch quantifier {
    case "*": return 0...Int.max
    case "+": return 1...Int.max
    default: break
    }
    // PCRE2's bounds are at most 65535.
    let scalars = Array(quantifier.unicodeScalars)
    guard scalars.first == "{", let (low, high, end) = RegexLiterals.parseBraceQuantifier(scalars, from: 0),
      end == scalars.count, low <= Int(UInt16.max)
    else { return nil }
    guard let high else { return low...Int.max }
    guard high >= low, high <= Int(UInt16.max) else { return nil }
    return low...high
  }

  /// The answer for a normalised text (valid UTF-8, whole: not cut to a budget), or `nil` when
  /// PCRE2 must decide. `hasDigit` says whether the text has a decimal digit of any script; it is
  /// asked only when the text could otherwise match.
  func answer(_ text: UnsafeBufferPointer<UInt8>, hasDigit: () -> Bool) -> Bool? {
    switch self {
    case .digitFree(let lengths):
      if Self.mayEndWithNewline(text) { return nil }
      // Scalars: every byte that does not continue a character starts one.
      var scalars = 0
      for byte in text where byte & 0xC0 != 0x80 { scalars &+= 1 }
      guard lengths.contains(scalars) else { return false }
      return !hasDigit()
    }
  }

  /// Whether the text's last character is one PCRE2 may treat as a newline under some newline
  /// convention (`$` matches before it).
  static func mayEndWithNewline(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let last = text.last else { return false }
    if (0x0A...0x0D).contains(last) { return true }
    let count = text.count
    if last == 0x85, count >= 2, text[count - 2] == 0xC2 { return true }
    if last == 0xA8 || last == 0xA9, count >= 3, text[count - 3] == 0xE2, text[count - 2] == 0x80 { return true }
    return false
  }
}
