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
    // For each open group, whether it contains an unbounded quantifier.
    var stack: [Bool] = []
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
        stack.append(containsUnbounded)
        containsUnbounded = false
      case ")":
        let inner = containsUnbounded
        containsUnbounded = stack.popLast() ?? false
        if isUnboundedQuantifier(scalars, at: index + 1) {
          if inner {
            return "nested unbounded quantifiers (a repeated group that itself contains '+', '*' or '{n,}') can backtrack exponentially; rewrite the group so it repeats one way only"
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
