/// Refuses regex shapes that invite catastrophic backtracking, at load time.
///
/// PCRE2's match limit already stops a runaway match, but a rule that hits the limit silently
/// stops working on exactly the messages that triggered it; better to refuse it where it is
/// written. Refused:
/// - a group with an unbounded quantifier inside that is itself repeated without bound
///   (`(a+)+`, `(\w+\s?)*`, `(.*,)+`): the classic exponential shape;
/// - a leading or trailing `.*` (or `.+`): a search is unanchored already, so it only adds
///   quadratic work.
enum RegexLint {
  /// A sentence saying what is wrong with `pattern`, or `nil` when it is acceptable.
  static func problem(in pattern: String) -> String? {
    let scalars = Array(pattern.unicodeScalars)
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
        index += 2
        if isUnboundedQuantifier(scalars, at: index) { containsUnbounded = true }
        continue
      case "[":
        index = RegexLiterals.skipClass(scalars, from: index)
        if isUnboundedQuantifier(scalars, at: index) { containsUnbounded = true }
        continue
      case "(":
        stack.append((containsUnbounded, index))
        containsUnbounded = false
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
        }
        containsUnbounded = containsUnbounded || inner
      default:
        if scalar != "(" && scalar != ")" && isUnboundedQuantifier(scalars, at: index + 1)
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
    if isUnboundedQuantifier(items, at: 0) || items.first == "?" { return true }
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
      if matchesLeading && isUnboundedQuantifier(items, at: atomEnd) { return true }
      index = atomEnd
    }
    return false
  }

  static func isUnboundedQuantifier(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    guard index < scalars.count else { return false }
    switch scalars[index] {
    case "*", "+":
      return true
    case "{":
      var cursor = index + 1
      while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) { cursor += 1 }
      guard cursor > index + 1, cursor + 1 < scalars.count else { return false }
      return scalars[cursor] == "," && scalars[cursor + 1] == "}"
    default:
      return false
    }
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
