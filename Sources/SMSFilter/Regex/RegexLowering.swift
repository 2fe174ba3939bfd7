/// Turns regexes that are only lists of literal words into keyword conditions, so they join the
/// automaton instead of running PCRE2.
///
/// Rule authors often write `(?<!\w)(?:refund|refunds|reembolso)(?!\w)` or `\b(?:otp|code)\b`
/// where a keyword list would do. Such a regex is equivalent to a keyword list on word
/// boundaries when every alternative starts and ends with a word character; a bare alternation
/// of literals (`रिपोर्ट|जाँच`) is equivalent to keywords matched anywhere. Alternatives may use
/// optional characters (`reports?`) and nested groups of alternatives (`hasil (?:lab|tes)`),
/// which are expanded (up to ``maximumExpansion`` literals per regex). Anything else — a class,
/// an escape such as `\d`, a quantifier on a group, inline options — leaves the regex as it is.
///
/// The test suite checks, rule by rule over the whole corpus, that the lowered conditions decide
/// exactly as the regexes they replace.
enum RegexLowering {
  /// The most literals one regex may expand to.
  static let maximumExpansion = 256

  /// Rewrites every lowerable `.regex` in a condition tree.
  static func lower(_ condition: Condition) -> Condition {
    switch condition {
    case .regex(let source):
      return keywordCondition(for: source) ?? condition
    case .all(let list): return .all(list.map(lower))
    case .any(let list): return .any(list.map(lower))
    case .none(let list): return .none(list.map(lower))
    case .atLeast(let count, let list): return .atLeast(count, list.map(lower))
    default: return condition
    }
  }

  /// The condition equivalent to a regex decomposed into its alternatives, or `nil` when the
  /// regex is one indivisible piece.
  ///
  /// A regex `A|B|C` matches when any alternative does, so it is decomposed alternative by
  /// alternative: an alternative that is a finite set of strings (after expanding optional
  /// characters and small groups, `track your (?:package|order)`) becomes keywords; every other
  /// alternative becomes a regex of its own, so that it runs only when its own literals were
  /// seen. The same holds inside a guarded group, `(?<!\w)(?:a|b|\d+)(?!\w)`: each member keeps
  /// the guards (a match of the group is a match of one member between the same guards), and
  /// nested alternations are decomposed the same way. Alternatives without a required literal
  /// (they would run on every message) stay together as one regex, so they cost one run.
  /// Patterns with back-references or verbs are left whole (splitting would renumber their
  /// groups, or change what a verb cuts).
  static func keywordCondition(for source: String) -> Condition? {
    let prepared = Array(RegexSource.prepare(source).unicodeScalars)
    // Back-references and verbs tie the alternatives together ((*PRUNE)(*FAIL)|a never matches).
    if hasBackReference(prepared) || RegexLiterals.usesVerbs(prepared) || hasInlineOptions(prepared) { return nil }
    var parts = Decomposition()
    guard decompose(prepared, into: &parts, depth: 0) else { return nil }
    if parts.bounded.count + parts.anywhere.count > maximumExpansion { return nil }
    // Gated alternatives run alone; the ungated ones share one run.
    var gated: [String] = []
    var ungated: [String] = []
    for piece in parts.regexes {
      if RegexLiterals.gate(in: piece) != nil { gated.append(piece) } else { ungated.append(piece) }
    }
    var regexes = gated
    if !ungated.isEmpty { regexes.append(ungated.count == 1 ? ungated[0] : ungated.joined(separator: "|")) }
    if parts.bounded.isEmpty && parts.anywhere.isEmpty && regexes.count <= 1 { return nil }
    var conditions: [Condition] = []
    if !parts.bounded.isEmpty { conditions.append(.anyKeyword(parts.bounded, wordBoundary: true)) }
    if !parts.anywhere.isEmpty { conditions.append(.anyKeyword(parts.anywhere, wordBoundary: false)) }
    conditions.append(contentsOf: regexes.map { .regex($0) })
    return conditions.count == 1 ? conditions[0] : .any(conditions)
  }

  /// What a regex decomposes into: keywords on word boundaries, keywords anywhere, and the
  /// regexes left (any of them matching is a match).
  struct Decomposition {
    var bounded: [String] = []
    var anywhere: [String] = []
    var regexes: [String] = []
  }

  /// How deep nested alternations are decomposed.
  static let maximumDepth = 4

  /// Decomposes `scalars` into `parts`; `false` when it is unbalanced.
  static func decompose(_ scalars: [Unicode.Scalar], into parts: inout Decomposition, depth: Int) -> Bool {
    guard let branches = RegexLiterals.splitAlternatives(scalars) else { return false }
    let leftGuards = [Array(#"(?<!\w)"#.unicodeScalars), Array(#"\b"#.unicodeScalars)]
    let rightGuards = [Array(#"(?!\w)"#.unicodeScalars), Array(#"\b"#.unicodeScalars)]
    for branch in branches {
      var core = branch[...]
      var left: [Unicode.Scalar]?
      var right: [Unicode.Scalar]?
      for prefix in leftGuards where core.starts(with: prefix) {
        core = core.dropFirst(prefix.count)
        left = prefix
        break
      }
      for suffix in rightGuards
      where core.count >= suffix.count && Array(core.suffix(suffix.count)) == suffix
        && !(core.count > suffix.count && core[core.index(core.endIndex, offsetBy: -suffix.count - 1)] == "\\")
      {
        core = core.dropLast(suffix.count)
        right = suffix
        break
      }
      let guarded = left != nil && right != nil
      if (left == nil) != (right == nil) {
        parts.regexes.append(String(String.UnicodeScalarView(branch)))
        continue
      }
      // The alternatives of the core: itself, or the members of one enclosing (?:…) group.
      var members: [[Unicode.Scalar]] = [Array(core)]
      if core.first == "(", RegexLiterals.skipGroup(Array(core), from: 0) == core.count,
        core.count > 4, Array(core.prefix(3)) == Array("(?:".unicodeScalars),
        let inner = RegexLiterals.splitAlternatives(Array(core.dropFirst(3).dropLast()))
      {
        members = inner
      }
      for member in members {
        if let literals = expand(member), !literals.isEmpty, literals.allSatisfy({ accepts($0, guarded: guarded) }) {
          if guarded { parts.bounded.append(contentsOf: literals) } else { parts.anywhere.append(contentsOf: literals) }
          continue
        }
        let piece = guarded ? (left ?? []) + member + (right ?? []) : member
        // A member that was split out of something larger may split further (a guarded group
        // inside an unguarded alternation, a group inside a group).
        if depth < maximumDepth, branches.count > 1 || members.count > 1 {
          var nested = Decomposition()
          if decompose(piece, into: &nested, depth: depth + 1) {
            parts.bounded.append(contentsOf: nested.bounded)
            parts.anywhere.append(contentsOf: nested.anywhere)
            parts.regexes.append(contentsOf: nested.regexes)
            continue
          }
        }
        parts.regexes.append(String(String.UnicodeScalarView(piece)))
      }
      if parts.bounded.count + parts.anywhere.count > maximumExpansion { return true }
    }
    return true
  }

  /// Whether a literal can stand for the regex text exactly: it is already normalised and, on
  /// word boundaries, starts and ends with a word character of a spaced script (so `(?<!\w)`
  /// and `(?!\w)` are exactly the keyword's own boundaries).
  static func accepts(_ literal: String, guarded: Bool) -> Bool {
    let bytes = Array(literal.utf8)
    guard !bytes.isEmpty, TextNormalizer.normalize(literal) == literal else { return false }
    if !guarded { return true }
    return WordBoundary.needsBoundary(before: bytes) && WordBoundary.needsBoundary(after: bytes)
  }

  /// `\1`…`\9`, `\g`, `\k`, `(?P=` or `(?&`: references that tie alternatives together.
  static func hasBackReference(_ scalars: [Unicode.Scalar]) -> Bool {
    var index = 0
    while index + 1 < scalars.count {
      if scalars[index] == "\\" {
        let next = scalars[index + 1]
        if ("1"..."9").contains(next) || next == "g" || next == "k" { return true }
        index += 2
        continue
      }
      if scalars[index] == "(", index + 2 < scalars.count, scalars[index + 1] == "?",
        scalars[index + 2] == "P" || scalars[index + 2] == "&" || ("0"..."9").contains(scalars[index + 2])
          || scalars[index + 2] == "R"
      {
        return true
      }
      index += 1
    }
    return false
  }

  /// `(?i)`, `(?x-s)`, `(?^)`, `(?i:…)`, relative calls `(?+1)`, conditionals `(?(1)…)`: an
  /// option set in one alternative carries on into the next ones, and calls and conditions
  /// refer to groups by number, so alternatives cannot be taken apart.
  static func hasInlineOptions(_ scalars: [Unicode.Scalar]) -> Bool {
    var index = 0
    while index + 2 < scalars.count {
      switch scalars[index] {
      case "\\":
        index += 2
        continue
      case "[":
        index = RegexLiterals.skipClass(scalars, from: index)
        continue
      case "(" where scalars[index + 1] == "?":
        let next = scalars[index + 2]
        if next == "^" || next == "-" || next == "+" || next == "(" { return true }
        if next.isASCII, next.properties.isAlphabetic, next != "P" { return true }
      default:
        break
      }
      index += 1
    }
    return false
  }

  /// The literal strings a pure-literal pattern matches, or `nil` if it is not pure.
  static func expand(_ scalars: [Unicode.Scalar]) -> [String]? {
    guard let alternatives = RegexLiterals.splitAlternatives(scalars) else { return nil }
    var result: [String] = []
    for alternative in alternatives {
      guard let expanded = expandSequence(alternative) else { return nil }
      result.append(contentsOf: expanded)
      if result.count > maximumExpansion { return nil }
    }
    return result
  }

  /// Expands one alternative: literal characters, `c?`, and `(?:…)` groups (optionally `?`).
  static func expandSequence(_ scalars: [Unicode.Scalar]) -> [String]? {
    var partials = [""]
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      var options: [String]
      var end = index + 1
      switch scalar {
      case "\\":
        guard index + 1 < scalars.count else { return nil }
        let next = scalars[index + 1]
        guard next.isASCII, !next.properties.isAlphabetic, !("0"..."9").contains(next) else { return nil }
        options = [String(Character(next))]
        end = index + 2
      case "(":
        guard index + 2 < scalars.count, scalars[index + 1] == "?", scalars[index + 2] == ":" else { return nil }
        let close = RegexLiterals.skipGroup(scalars, from: index)
        guard close <= scalars.count, close - 1 > index + 3,
          let inner = expand(Array(scalars[(index + 3)..<(close - 1)]))
        else { return nil }
        options = inner
        end = close
      case "[", ".", "^", "$", "|", ")", "*", "+", "?", "{", "}":
        return nil
      default:
        options = [String(Character(scalar)).lowercased()]
      }
      if end < scalars.count {
        switch scalars[end] {
        case "?":
          options.append("")
          end += 1
          if end < scalars.count, scalars[end] == "?" || scalars[end] == "+" { return nil }
        case "*", "+", "{":
          return nil
        default:
          break
        }
      }
      var next: [String] = []
      for partial in partials {
        for option in options { next.append(partial + option) }
      }
      guard next.count <= maximumExpansion else { return nil }
      partials = next
      index = end
    }
    return partials
  }
}
