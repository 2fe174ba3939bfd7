/// A quantifier after an atom of a PCRE2 pattern, as the regex analyses read it: `?`, `*`, `+`,
/// `{n}`, `{n,}` or `{n,m}`, each maybe followed by `?` (lazy) or `+` (possessive), which change
/// how it matches but not how often the atom may repeat.
struct RegexQuantifier: Equatable {
  /// The fewest repetitions.
  var minimum: Int
  /// The most repetitions (`nil`: no limit).
  var maximum: Int?
  /// The index after the quantifier (and its lazy or possessive mark).
  var end: Int

  /// The quantifier starting at `index`, or `nil` when none does: past the end, another
  /// character, or a `{` that does not open `{n}`, `{n,}` or `{n,m}` (PCRE2 then reads it as a
  /// literal brace; an analysis that cannot follow that checks for it itself).
  init?(_ scalars: [Unicode.Scalar], at index: Int) {
    guard index < scalars.count else { return nil }
    switch scalars[index] {
    case "?": (minimum, maximum, end) = (0, 1, index + 1)
    case "*": (minimum, maximum, end) = (0, nil, index + 1)
    case "+": (minimum, maximum, end) = (1, nil, index + 1)
    case "{":
      guard let brace = RegexLiterals.parseBraceQuantifier(scalars, from: index) else { return nil }
      (minimum, maximum, end) = brace
    default:
      return nil
    }
    if end < scalars.count, scalars[end] == "?" || scalars[end] == "+" { end += 1 }
  }
}
