/// Refuses regex shapes that invite catastrophic backtracking, at load time.
///
/// PCRE2's match limit already stops a runaway match, but a rule that hits the limit silently
/// stops working on exactly the messages that triggered it; better to refuse it where it is
/// written. Refused:
/// - a group with an unbounded quantifier inside that is itself repeated without bound
///   (`(a+)+`, `(\w+\s?)*`, `(.*,)+`): the classic exponential shape;
/// - a leading or trailing `.*` (or `.+`): a search is unanchored already, so it only adds
///   quadratic work.
///
/// The lint reads the pattern as PCRE2 will: after ``RegexSource/prepare(_:)`` (so `{①,}` is
/// `{1,}`), with the white space and comments of extended mode (`(?x)`) removed, a counted
/// repeat with a range (`{1,100}`) taken as unbounded, and a subroutine call or recursion
/// (`(?1)`, `(?&name)`, `(?R)`, `\g<1>`) taken as matching an unbounded text.
enum RegexLint {
  /// The longest pattern accepted, in bytes of UTF-8 (the longest built-in regex is 1,324).
  static let maxPatternBytes = 4_096
  /// The most capture groups a pattern may have: each one widens every backtracking frame
  /// PCRE2 keeps (the built-in rules use at most one).
  static let maxCaptureGroups = 32

  /// A sentence saying what is wrong with `pattern` (as written in the rule), or `nil` when it
  /// is acceptable.
  static func problem(in pattern: String) -> String? {
    var scalars = Array(RegexSource.prepare(pattern).unicodeScalars)
    if usesExtendedMode(scalars) { scalars = withoutExtendedSpacing(scalars) }
    if startsWithDotStar(scalars) {
      return "a leading '.*' only slows the search down (matching is unanchored); remove it"
    }
    if endsWithDotStar(scalars) {
      return "a trailing '.*' only slows the search down (matching is unanchored); remove it"
    }
    // For each open group: whether the enclosing level contains an unbounded quantifier, and
    // where the group opened.
    var stack: [(Bool, Int)] = []
    var containsUnbounded = false
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      switch scalar {
      case "\\":
        // \g<…> and \g'…' call a group as a subroutine: as long a text as that group matches.
        if index + 2 < scalars.count, scalars[index + 1] == "g", scalars[index + 2] == "<" || scalars[index + 2] == "'"
        {
          containsUnbounded = true
        }
        index += 2
        if isVariableQuantifier(scalars, at: index) { containsUnbounded = true }
        continue
      case "[":
        index = RegexLiterals.skipClass(scalars, from: index)
        if isVariableQuantifier(scalars, at: index) { containsUnbounded = true }
        continue
      case "(":
        stack.append((containsUnbounded, index))
        containsUnbounded = isSubroutineCall(scalars, at: index)
      case ")":
        let inner = containsUnbounded
        let (outer, open) = stack.popLast() ?? (false, 0)
        containsUnbounded = outer
        if isUnboundedQuantifier(scalars, at: index + 1) {
          if inner && isAmbiguous(Array(scalars[(open + 1)..<index])) {
            return
              "nested unbounded quantifiers (a repeated group that itself contains '+', '*' or '{n,}') can backtrack exponentially; rewrite the group so it repeats one way only"
          }
          containsUnbounded = true
        } else if isVariableQuantifier(scalars, at: index + 1) {
          containsUnbounded = true
        }
        containsUnbounded = containsUnbounded || inner
      default:
        if scalar != "(" && scalar != ")" && isVariableQuantifier(scalars, at: index + 1)
          && scalar != "*" && scalar != "+" && scalar != "?"
        {
          containsUnbounded = true
        }
      }
      index += 1
    }
    return nil
  }

  /// Whether a repeated group's content can split one text between iterations in more than one
  /// way. It cannot when the content starts with a literal character that none of its unbounded
  /// parts can match (`(?:\*\d+)*`: every iteration starts at a `*`, which `\d` never matches).
  static func isAmbiguous(_ content: [Unicode.Scalar]) -> Bool {
    var body = content[...]
    if body.first == "?" {
      // (?:…) (?>…) (?<name>…): skip the group's prefix.
      if let close = body.firstIndex(where: { $0 == ":" || $0 == ">" }) {
        body = body[body.index(after: close)...]
      } else {
        return true
      }
    }
    var items = Array(body)
    guard let first = items.first else { return true }
    var leading: Unicode.Scalar
    if first == "\\", items.count > 1 {
      let escaped = items[1]
      guard escaped.isASCII, !escaped.properties.isAlphabetic, !("0"..."9").contains(escaped) else { return true }
      leading = escaped
      items.removeFirst(2)
    } else if "([.^$|?*+{\\".unicodeScalars.contains(first) {
      return true
    } else {
      leading = first
      items.removeFirst()
    }
    if isVariableQuantifier(items, at: 0) || items.first == "?" { return true }
    // Could any quantified atom in the rest match the leading character?
    var index = 0
    while index < items.count {
      var atomEnd = index + 1
      var matchesLeading = false
      switch items[index] {
      case "\\":
        guard index + 1 < items.count else { return true }
        let escape = items[index + 1]
        atomEnd = index + 2
        let isDigit = ("0"..."9").contains(leading)
        let isWord = leading.properties.isAlphabetic || isDigit || leading == "_"
        let isSpace = leading.properties.isWhitespace
        switch escape {
        case "d": matchesLeading = isDigit
        case "D": matchesLeading = !isDigit
        case "w": matchesLeading = isWord
        case "W": matchesLeading = !isWord
        case "s": matchesLeading = isSpace
        case "S": matchesLeading = !isSpace
        default: matchesLeading = escape == leading || escape.properties.isAlphabetic
        }
      case "[":
        atomEnd = RegexLiterals.skipClass(items, from: index)
        matchesLeading = true  // conservatively
      case ".", "(", ")", "|":
        matchesLeading = true
      default:
        matchesLeading = items[index] == leading
      }
      if matchesLeading && isVariableQuantifier(items, at: atomEnd) { return true }
      index = atomEnd
    }
    return false
  }

  /// Whether a quantifier at `index` repeats without bound, or so far it may as well: `*`, `+`,
  /// `{n,}`, or `{n,m}` with `m - n` over 16. A group repeated by it must not contain a variable
  /// repeat that can split the text two ways.
  static func isUnboundedQuantifier(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    guard let (low, high) = quantifierRange(scalars, at: index) else { return false }
    return high.map { $0 - low > 16 } ?? true
  }

  /// Whether a quantifier at `index` repeats a variable number of times: `*`, `+`, `{n,}` or a
  /// range `{n,m}` with `m > n` (`{1,100}` inside a repeated group backtracks as `+` does).
  static func isVariableQuantifier(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    guard let (low, high) = quantifierRange(scalars, at: index) else { return false }
    return high.map { $0 > low } ?? true
  }

  /// The repeat counts of a `*`, `+` or `{…}` quantifier at `index` (`nil` upper bound: none).
  static func quantifierRange(_ scalars: [Unicode.Scalar], at index: Int) -> (Int, Int?)? {
    guard index < scalars.count else { return nil }
    switch scalars[index] {
    case "*": return (0, nil)
    case "+": return (1, nil)
    case "{":
      var cursor = index + 1
      var low = 0
      while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) {
        low = min(low * 10 + Int(scalars[cursor].value - 0x30), 1_000_000)
        cursor += 1
      }
      guard cursor > index + 1, cursor + 1 < scalars.count, scalars[cursor] == "," else { return nil }
      cursor += 1
      if scalars[cursor] == "}" { return (low, nil) }
      var high = 0
      let digits = cursor
      while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) {
        high = min(high * 10 + Int(scalars[cursor].value - 0x30), 1_000_000)
        cursor += 1
      }
      guard cursor > digits, cursor < scalars.count, scalars[cursor] == "}" else { return nil }
      return (low, high)
    default:
      return nil
    }
  }

  /// Whether the group opening at `index` is a subroutine call or recursion: `(?R)`, `(?1)`,
  /// `(?+1)`, `(?-1)`, `(?&name)`, `(?P>name)`.
  static func isSubroutineCall(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    guard index + 2 < scalars.count, scalars[index + 1] == "?" else { return false }
    let next = scalars[index + 2]
    if next == "R" || next == "&" || next == "+" || next == "-" || ("0"..."9").contains(next) { return true }
    return next == "P" && index + 3 < scalars.count && scalars[index + 3] == ">"
  }

  /// Whether the pattern turns on extended mode anywhere (`(?x)`, `(?xx)`, `(?ix:…)`).
  static func usesExtendedMode(_ scalars: [Unicode.Scalar]) -> Bool {
    var index = 0
    while index + 1 < scalars.count {
      if scalars[index] == "\\" {
        index += 2
        continue
      }
      if scalars[index] == "(" && scalars[index + 1] == "?" {
        var cursor = index + 2
        while cursor < scalars.count, scalars[cursor].properties.isAlphabetic || scalars[cursor] == "^" {
          if scalars[cursor] == "x" { return true }
          cursor += 1
        }
      }
      index += 1
    }
    return false
  }

  /// The pattern without unescaped white space and `#` comments outside classes: what PCRE2
  /// reads in extended mode (taken for the whole pattern, which can only make the lint stricter).
  static func withoutExtendedSpacing(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var output: [Unicode.Scalar] = []
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\\" {
        output.append(contentsOf: scalars[index..<min(index + 2, scalars.count)])
        index += 2
      } else if scalar == "[" {
        let end = RegexLiterals.skipClass(scalars, from: index)
        output.append(contentsOf: scalars[index..<min(end, scalars.count)])
        index = end
      } else if scalar == "#" {
        while index < scalars.count, scalars[index] != "\n" { index += 1 }
      } else {
        if !scalar.properties.isWhitespace { output.append(scalar) }
        index += 1
      }
    }
    return output
  }

  static func startsWithDotStar(_ scalars: [Unicode.Scalar]) -> Bool {
    var index = 0
    if index < scalars.count, scalars[index] == "^" { return false }  // anchored: fine
    guard index + 1 < scalars.count, scalars[index] == "." else { return false }
    index += 1
    return scalars[index] == "*" || scalars[index] == "+"
  }

  static func endsWithDotStar(_ scalars: [Unicode.Scalar]) -> Bool {
    let n = scalars.count
    guard n >= 2 else { return false }
    var end = n
    if scalars[end - 1] == "?" { end -= 1 }  // lazy
    guard end >= 2, scalars[end - 1] == "*" || scalars[end - 1] == "+" else { return false }
    guard scalars[end - 2] == "." else { return false }
    // Not escaped: count backslashes before the dot.
    var slashes = 0
    var cursor = end - 3
    while cursor >= 0, scalars[cursor] == "\\" {
      slashes += 1
      cursor -= 1
    }
    return slashes % 2 == 0
  }
}
