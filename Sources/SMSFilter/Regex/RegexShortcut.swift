/// A regex of a shape simple enough that the matcher answers it exactly from what it already
/// knows of the message, without running PCRE2.
///
/// Seven shapes are known. The amount shape, `(?:\brs|₹|…)\.?\s?\d`, the label shape,
/// `^[a-z0-9&'’ .-]{2,30}:\s`, the dimension shape, `(?<!\w)\dx\d(?!\w)`, and the quantity shape,
/// `(?<!\w)\d+(?:[.,]\d+)? ?(?:mb|gb)(?!\w)`, are described in their own files
/// (`RegexShortcut+Amount.swift`, `+Label`, `+Dimension`, `+Quantity`).
/// ``pictographic``: `\p{Extended_Pictographic}` alone, answered from the text's scalars
/// (``PictographicScalars``, checked against PCRE2 over every scalar).
/// ``digitRun(gaps:)``: `\+?\d[\d -]{m,n}\d`, a written-out phone number — two digits with `m`
/// to `n` digits, spaces or hyphens between them — answered by a scan of the text's ASCII digit
/// runs when the text has no digit of another script (PCRE2 decides when it has). The `\+?` is
/// optional, so it changes where a match starts, never whether there is one.
///
/// ``digitFree(lengths:)``: the whole text is at most (or at least) so many characters, none of them
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
/// RegexShortcut(prepared: #"(?:\+?\d[\d -]{7,14}\d)"#)  // .digitRun(gaps: 7...14)
/// ```
enum RegexShortcut: Hashable, Sendable {
  /// The text is `lengths.lowerBound...lengths.upperBound` scalars, none a decimal digit.
  case digitFree(lengths: ClosedRange<Int>)
  /// The text holds a character of `\p{Extended_Pictographic}`.
  case pictographic
  /// The text holds two decimal digits with `gaps` characters between them, each a digit, a
  /// space or a hyphen.
  case digitRun(gaps: ClosedRange<Int>)
  /// The text holds one of the literals, then an optional `.`, an optional white space and a
  /// decimal digit (see `RegexShortcut+Amount.swift`).
  case amount([AmountLiteral])
  /// The text starts with `lengths` characters of the class, then `:` and white space (see
  /// `RegexShortcut+Label.swift`).
  case label(LabelClass, lengths: ClosedRange<Int>)
  /// The text holds a digit, `x` and a digit with no word character around them (see
  /// `RegexShortcut+Dimension.swift`).
  case dimension
  /// The text holds a number, an optional space and one of the units, standing alone (see
  /// `RegexShortcut+Quantity.swift`).
  case quantity([[UInt8]])

  /// The shortcut of a prepared pattern, or `nil` when it has none.
  init?(prepared pattern: String) {
    if RegexFactors.pictographicNames.contains(pattern) {
      self = .pictographic
      return
    }
    if let gaps = Self.digitRunGaps(pattern) {
      self = .digitRun(gaps: gaps)
      return
    }
    if let literals = Self.amountLiterals(pattern) {
      self = .amount(literals)
      return
    }
    if let (members, lengths) = Self.labelShape(pattern) {
      self = .label(members, lengths: lengths)
      return
    }
    if let units = Self.quantityUnits(pattern) {
      self = .quantity(units)
      return
    }
    if pattern == Self.dimensionPattern {
      self = .dimension
      return
    }
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

  /// The bounds of `\+?\d[\d -]{m,n}\d` (optionally in one `(?:…)`), or `nil` for another
  /// pattern.
  static func digitRunGaps(_ pattern: String) -> ClosedRange<Int>? {
    var rest = Substring(pattern)
    if rest.hasPrefix("(?:"), rest.hasSuffix(")") { rest = rest.dropFirst(3).dropLast() }
    if rest.hasPrefix(#"\+?"#) { rest = rest.dropFirst(3) }
    guard rest.hasPrefix(#"\d[\d -]{"#), rest.hasSuffix(#"}\d"#) else { return nil }
    rest = rest.dropFirst(8).dropLast(2)  // keeps the braces
    return repeatBounds(rest)
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
  /// PCRE2 must decide. `hasDigit` says whether the text has a decimal digit of any script, and
  /// `hasNonASCIIDigit` whether it has one outside `0`-`9`; each is asked only when needed.
  func answer(
    _ text: UnsafeBufferPointer<UInt8>, hasDigit: () -> Bool, hasNonASCIIDigit: () -> Bool
  ) -> Bool? {
    switch self {
    case .pictographic:
      return PictographicScalars.occurs(in: text)
    case .digitRun(let gaps):
      if hasNonASCIIDigit() { return nil }
      return Self.hasDigitRun(text, gaps: gaps)
    case .amount(let literals):
      if hasNonASCIIDigit() { return nil }
      return Self.hasAmount(text, literals)
    case .label(let members, let lengths):
      return Self.hasLabel(text, members, lengths: lengths)
    case .dimension:
      return Self.hasDimension(text)
    case .quantity(let units):
      if hasNonASCIIDigit() { return nil }
      return Self.hasQuantity(text, units)
    case .digitFree(let lengths):
      if Self.mayEndWithNewline(text) { return nil }
      // Scalars: every byte that does not continue a character starts one.
      var scalars = 0
      for byte in text where byte & 0xC0 != 0x80 { scalars &+= 1 }
      guard lengths.contains(scalars) else { return false }
      return !hasDigit()
    }
  }

  /// Whether ASCII digits `i` < `j` exist with `j - i - 1` in `gaps` and only digits, spaces and
  /// hyphens between them (on a text whose only decimal digits are ASCII: every character in
  /// such a stretch is one byte, so bytes count characters).
  static func hasDigitRun(_ text: UnsafeBufferPointer<UInt8>, gaps: ClosedRange<Int>) -> Bool {
    // Where the current stretch of digits, spaces and hyphens begins.
    var stretchStart = 0
    for index in 0..<text.count {
      let byte = text[index]
      if byte &- 0x30 < 10 {
        // A digit with `gaps` characters between it and this one, in the stretch, nearest first
        // (the text itself is the list of the stretch's digits: nothing is kept).
        let farthest = max(stretchStart, index - 1 - gaps.upperBound)
        var start = index - 1 - gaps.lowerBound
        while start >= farthest {
          if text[start] &- 0x30 < 10 { return true }
          start -= 1
        }
      } else if byte != 0x20 && byte != 0x2D {
        stretchStart = index + 1
      }
    }
    return false
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
