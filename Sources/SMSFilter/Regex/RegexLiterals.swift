/// Finds literal strings that every match of a regex must contain, for the prefilter.
///
/// The guarantee (the one regex-automata's prefilters give): if the regex matches a normalised
/// text, then at least one of the returned literals occurs in that text. The prefilter may let
/// through texts the regex then rejects, never the reverse. When no such literals can be proved,
/// the result is `nil` and the regex is always run.
///
/// The analysis is deliberately simple and conservative: it reads each top-level alternative as
/// a sequence of atoms, keeps runs of plain characters that are not made optional by a
/// quantifier, and gives up (`nil`) on inline options, `\Q…\E` and anything it does not know.
enum RegexLiterals {
  /// The shortest literal worth using, in bytes.
  static let minimumLength = 2

  /// Literals (normalised, lower-case) of which every match contains at least one, or `nil`.
  static func required(in pattern: String) -> [String]? {
    let scalars = Array(pattern.unicodeScalars)
    guard !usesVerbs(scalars), let set = requiredSet(scalars) else { return nil }
    return set.sorted()
  }

  /// The required literal set of a sequence of alternatives: each alternative must contribute
  /// one, and the union is required.
  static func requiredSet(_ scalars: [Unicode.Scalar]) -> Set<String>? {
    guard let branches = splitAlternatives(scalars) else { return nil }
    var union = Set<String>()
    for branch in branches {
      guard let best = bestCandidate(in: branch) else { return nil }
      union.formUnion(best)
    }
    return union
  }

  /// Splits at top-level `|`, honouring escapes, groups and classes; `nil` if unbalanced.
  static func splitAlternatives(_ scalars: [Unicode.Scalar]) -> [[Unicode.Scalar]]? {
    var branches: [[Unicode.Scalar]] = [[]]
    var depth = 0
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\\", index + 1 < scalars.count {
        branches[branches.count - 1].append(contentsOf: [scalar, scalars[index + 1]])
        index += 2
        continue
      }
      if scalar == "[" {
        let end = skipClass(scalars, from: index)
        branches[branches.count - 1].append(contentsOf: scalars[index..<end])
        index = end
        continue
      }
      if scalar == "(" { depth += 1 }
      if scalar == ")" { depth -= 1 }
      if depth < 0 { return nil }
      if scalar == "|", depth == 0 {
        branches.append([])
      } else {
        branches[branches.count - 1].append(scalar)
      }
      index += 1
    }
    return depth == 0 ? branches : nil
  }

  /// For each top-level alternative, every literal set it requires (each set: at least one of
  /// its literals occurs in any match of that alternative); `nil` when some alternative requires
  /// none. A match of the whole regex satisfies, for at least one alternative, all of its sets.
  static func gate(in pattern: String) -> [[Set<String>]]? {
    let scalars = Array(pattern.unicodeScalars)
    guard !usesVerbs(scalars), let branches = splitAlternatives(scalars) else { return nil }
    var result: [[Set<String>]] = []
    for branch in branches {
      guard let sets = requiredSets(in: branch), !sets.isEmpty else { return nil }
      result.append(sets)
    }
    return result
  }

  /// The best required literal set of one alternative: the one whose shortest literal is
  /// longest (rarer), then the smaller; `nil` if none.
  static func bestCandidate(in scalars: [Unicode.Scalar]) -> Set<String>? {
    guard let sets = requiredSets(in: scalars) else { return nil }
    func shortest(_ set: Set<String>) -> Int { set.map(\.utf8.count).min() ?? 0 }
    return sets.max { lhs, rhs in
      shortest(lhs) != shortest(rhs) ? shortest(lhs) < shortest(rhs) : lhs.count > rhs.count
    }
  }

  /// Every usable literal set one alternative requires: runs of plain characters not made
  /// optional by a quantifier (extended through groups that are pure literal lists, so
  /// `\.(?:com|net)` gives `.com`, `.net`), and the required sets of non-optional groups.
  /// `nil` when the alternative uses syntax this analysis does not follow.
  static func requiredSets(in scalars: [Unicode.Scalar]) -> [Set<String>]? {
    var candidates: [Set<String>] = []
    var current: Set<String> = [""]
    var index = 0
    func endRun() {
      if current != [""] { candidates.append(current) }
      current = [""]
    }
    func extend(_ options: [String]) {
      var next = Set<String>()
      for prefix in current { for option in options { next.insert(prefix + option) } }
      if next.count > 64 {
        endRun()
      } else {
        current = next
      }
    }
    while index < scalars.count {
      let scalar = scalars[index]
      var literal: Unicode.Scalar?
      var groupSet: Set<String>?
      var groupLiterals: [String]?
      // A positive lookaround's own required sets: the text must hold its match too.
      var lookaroundSets: [Set<String>] = []
      var atomEnd = index + 1
      switch scalar {
      case "\\":
        guard index + 1 < scalars.count else { return nil }
        let next = scalars[index + 1]
        atomEnd = index + 2
        if next == "Q" || next == "E" { return nil }
        if next.isASCII, !next.properties.isAlphabetic, !("0"..."9").contains(next) {
          literal = next  // an escaped punctuation character is itself
        }
        // Any other escape (\d, \b, \x{..}, \p{..}, back-references, subroutine calls) is not a
        // plain literal; skip all of its argument, so none of it is read as literal text.
        atomEnd = escapeEnd(scalars, letter: next, from: index + 2)
      case "[":
        atomEnd = skipClass(scalars, from: index)
      case "(":
        atomEnd = skipGroup(scalars, from: index)
        var contentStart = index + 1
        if index + 1 < scalars.count, scalars[index + 1] == "?" {
          let after = index + 2 < scalars.count ? scalars[index + 2] : ")"
          switch after {
          case ":", ">":
            contentStart = index + 3
          case "<", "P", "'":
            // A named group, or a lookbehind (not required: skip).
            let third = index + 3 < scalars.count ? scalars[index + 3] : ")"
            if after == "<" && (third == "=" || third == "!") {
              if third == "=", index + 4 <= atomEnd - 1 {
                lookaroundSets = requiredSets(in: Array(scalars[(index + 4)..<(atomEnd - 1)])) ?? []
              }
              contentStart = -1
            } else if after == "P" && third != "<" {
              contentStart = -1  // (?P=name) backreference or (?P>name) recursion
            } else {
              var cursor = index + 3
              while cursor < atomEnd, scalars[cursor] != ">", scalars[cursor] != "'" { cursor += 1 }
              contentStart = cursor + 1
            }
          case "=", "!", "#", "|":
            if after == "=", index + 3 <= atomEnd - 1 {
              lookaroundSets = requiredSets(in: Array(scalars[(index + 3)..<(atomEnd - 1)])) ?? []
            }
            contentStart = -1  // lookaround, comment, branch reset: adds no characters to the run
          default:
            return nil  // inline options such as (?i) or (?x) change how the rest reads
          }
        }
        if contentStart >= 0, contentStart <= atomEnd - 1 {
          let content = Array(scalars[contentStart..<(atomEnd - 1)])
          groupSet = requiredSet(content)
          if let pure = RegexLowering.expand(content), pure.count <= 64 {
            groupLiterals = pure.map { $0.lowercased() }
          }
        }
        if contentStart < 0 { atomEnd = max(atomEnd, index + 1) }
      case ".", "^", "$":
        break
      case ")", "|", "*", "+", "?":
        return nil  // unbalanced or a quantifier with nothing to repeat: do not guess
      default:
        literal = scalar
      }
      // Read a following quantifier.
      let quantifier = RegexQuantifier(scalars, at: atomEnd)
      let minimum = quantifier?.minimum ?? 1
      let quantified = quantifier != nil
      atomEnd = quantifier?.end ?? atomEnd
      if let literal {
        let text = String(Character(literal)).lowercased()
        if quantified {
          if minimum >= 1 { extend([text]) }
          endRun()
        } else {
          extend([text])
        }
      } else if let groupLiterals, !quantified {
        extend(groupLiterals)
      } else if let groupLiterals, minimum >= 1 {
        extend(groupLiterals)
        endRun()
      } else if scalar == "(" && groupSet == nil && !quantified && index + 2 < scalars.count
        && scalars[index + 1] == "?"
        && (scalars[index + 2] == "=" || scalars[index + 2] == "!"
          || scalars[index + 2] == "<")
      {
        // A zero-width lookaround: it adds no characters, but the literals on either side are
        // no longer adjacent. What a positive one requires, the text holds.
        endRun()
        candidates.append(contentsOf: lookaroundSets.filter { !$0.isEmpty })
      } else {
        endRun()
        if let groupSet, !groupSet.isEmpty, minimum >= 1 { candidates.append(groupSet) }
      }
      index = atomEnd
    }
    endRun()
    // Keep the usable sets: no empty literal, and literals long enough to be worth a look-up
    // (a single punctuation character such as '-' or '@' still gates well).
    let usable = candidates.filter { set in
      set.allSatisfy { literal in
        if literal.utf8.count >= minimumLength { return true }
        return literal.utf8.count == 1
          && literal.unicodeScalars.allSatisfy {
            $0.isASCII && !$0.properties.isAlphabetic && !("0"..."9").contains($0) && $0 != " "
          }
      }
    }
    return usable
  }

  /// Where an escape whose letter is `letter` ends, its argument starting at `start`: `\x62`,
  /// `\x{62}`, octal `\142` and `\o{142}`, back-references `\1`, `\g1`, `\g{-1}`, `\k<name>`,
  /// `\k'name'`, `\k{name}`, subroutine calls `\g<name>`, `\g'1'`, properties `\p{L}`, `\pL`,
  /// `\N{U+41}`, control `\cA`.
  static func escapeEnd(_ scalars: [Unicode.Scalar], letter: Unicode.Scalar, from start: Int) -> Int {
    func isHex(_ scalar: Unicode.Scalar) -> Bool { scalar.isASCII && scalar.properties.isASCIIHexDigit }
    var index = start
    switch letter {
    case "x":
      if index < scalars.count, scalars[index] == "{" { return skipEscapeArgument(scalars, from: index) }
      while index < scalars.count, index < start + 2, isHex(scalars[index]) { index += 1 }
      return index
    case "0"..."9":
      // A back-reference or an octal character: every digit belongs to it (at worst a literal
      // digit after it is not required, which is safe).
      while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
      return index
    case "g", "k":
      guard index < scalars.count else { return index }
      let open = scalars[index]
      let close: Unicode.Scalar? = open == "<" ? ">" : open == "'" ? "'" : open == "{" ? "}" : nil
      if let close {
        index += 1
        while index < scalars.count, scalars[index] != close { index += 1 }
        return min(index + 1, scalars.count)
      }
      if open == "+" || open == "-" { index += 1 }
      while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
      return index
    case "p", "P", "N", "o", "c":
      return skipEscapeArgument(scalars, from: index)
    default:
      return index
    }
  }

  /// Whether the pattern uses a `(*…)` verb or start option anywhere: `(*ACCEPT)` ends a match
  /// early, `(*COMMIT)`, `(*SKIP)` and the start options change how it is searched. The analysis
  /// does not follow them and assumes nothing.
  static func usesVerbs(_ scalars: [Unicode.Scalar]) -> Bool {
    var index = 0
    while index + 1 < scalars.count {
      switch scalars[index] {
      case "\\":
        index += 2
        continue
      case "[":
        index = skipClass(scalars, from: index)
        continue
      case "(":
        if scalars[index + 1] == "*" { return true }
      default:
        break
      }
      index += 1
    }
    return false
  }

  static func skipEscapeArgument(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    guard start < scalars.count else { return start }
    if scalars[start] == "{" {
      var index = start
      while index < scalars.count, scalars[index] != "}" { index += 1 }
      return min(index + 1, scalars.count)
    }
    return start + 1
  }

  static func skipClass(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start + 1
    if index < scalars.count, scalars[index] == "^" { index += 1 }
    if index < scalars.count, scalars[index] == "]" { index += 1 }
    while index < scalars.count {
      if scalars[index] == "\\" {
        index += 2
        continue
      }
      if scalars[index] == "[", index + 1 < scalars.count, scalars[index + 1] == ":" {
        // POSIX class [:alpha:]
        while index < scalars.count, scalars[index] != "]" { index += 1 }
        index += 1
        continue
      }
      if scalars[index] == "]" { return index + 1 }
      index += 1
    }
    return scalars.count
  }

  static func skipGroup(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    var depth = 0
    var index = start
    while index < scalars.count {
      switch scalars[index] {
      case "\\":
        index += 2
        continue
      case "[":
        index = skipClass(scalars, from: index)
        continue
      case "(":
        depth += 1
      case ")":
        depth -= 1
        if depth == 0 { return index + 1 }
      default:
        break
      }
      index += 1
    }
    return scalars.count
  }

  /// `{n}`, `{n,}` or `{n,m}`: the minimum, the maximum (`nil` for `{n,}`) and the index after
  /// the brace.
  static func parseBraceQuantifier(
    _ scalars: [Unicode.Scalar], from start: Int
  ) -> (minimum: Int, maximum: Int?, end: Int)? {
    var index = start + 1
    /// The ASCII digits at `index` as a number (`nil`: none, or too large for `Int`).
    func number() -> Int? {
      var digits = ""
      while index < scalars.count, ("0"..."9").contains(scalars[index]) {
        digits.unicodeScalars.append(scalars[index])
        index += 1
      }
      return Int(digits)
    }
    guard let low = number(), index < scalars.count else { return nil }
    if scalars[index] == "}" { return (low, low, index + 1) }
    guard scalars[index] == "," else { return nil }
    index += 1
    let highStart = index
    let high = number()
    guard index < scalars.count, scalars[index] == "}", high != nil || index == highStart else { return nil }
    return (low, high, index + 1)
  }
}
