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

  /// The condition equivalent to a regex with its literal-list parts turned into keywords, or
  /// `nil` when nothing can be lowered.
  ///
  /// A regex `A|B|C` matches when any alternative does, so alternatives are lowered one by one;
  /// those that cannot be lowered stay together as a smaller regex. The same holds inside a
  /// guarded group, `(?<!\w)(?:a|b|\d+)(?!\w)`. Patterns with back-references are left whole
  /// (splitting would renumber their groups).
  static func keywordCondition(for source: String) -> Condition? {
    let prepared = Array(RegexSource.prepare(source).unicodeScalars)
    // Back-references and verbs tie the alternatives together ((*PRUNE)(*FAIL)|a never matches).
    if hasBackReference(prepared) || RegexLiterals.usesVerbs(prepared) { return nil }
    guard let branches = RegexLiterals.splitAlternatives(prepared) else { return nil }
    var bounded: [String] = []
    var anywhere: [String] = []
    var rest: [String] = []
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
        rest.append(String(String.UnicodeScalarView(branch)))
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
      var leftover: [String] = []
      for member in members {
        if let literals = expand(member), !literals.isEmpty, literals.allSatisfy({ accepts($0, guarded: guarded) }) {
          if guarded { bounded.append(contentsOf: literals) } else { anywhere.append(contentsOf: literals) }
        } else {
          leftover.append(String(String.UnicodeScalarView(member)))
        }
      }
      if !leftover.isEmpty {
        let body = members.count == 1 ? leftover[0] : "(?:" + leftover.joined(separator: "|") + ")"
        rest.append(
          guarded ? String(String.UnicodeScalarView(left!)) + body + String(String.UnicodeScalarView(right!)) : body)
      }
      if bounded.count + anywhere.count > maximumExpansion { return nil }
    }
    if bounded.isEmpty && anywhere.isEmpty { return nil }
    var parts: [Condition] = []
    if !bounded.isEmpty { parts.append(.anyKeyword(bounded, wordBoundary: true)) }
    if !anywhere.isEmpty { parts.append(.anyKeyword(anywhere, wordBoundary: false)) }
    if !rest.isEmpty { parts.append(.regex(rest.joined(separator: "|"))) }
    return parts.count == 1 ? parts[0] : .any(parts)
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
