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
    var branches: [[Unicode.Scalar]] = [[]]
    var depth = 0
    var inClass = false
    var index = 0
    // Split into top-level alternatives, honouring escapes, groups and classes.
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\\", index + 1 < scalars.count {
        branches[branches.count - 1].append(contentsOf: [scalar, scalars[index + 1]])
        index += 2
        continue
      }
      if inClass {
        if scalar == "]" { inClass = false }
      } else if scalar == "[" {
        inClass = true
        // A ']' right after '[' or '[^' is a literal member of the class.
        branches[branches.count - 1].append(scalar)
        index += 1
        if index < scalars.count, scalars[index] == "^" {
          branches[branches.count - 1].append(scalars[index])
          index += 1
        }
        if index < scalars.count, scalars[index] == "]" {
          branches[branches.count - 1].append(scalars[index])
          index += 1
        }
        continue
      } else if scalar == "(" {
        depth += 1
      } else if scalar == ")" {
        depth -= 1
      } else if scalar == "|", depth == 0 {
        branches.append([])
        index += 1
        continue
      }
      branches[branches.count - 1].append(scalar)
      index += 1
    }
    guard depth == 0, !inClass else { return nil }
    var literals: [String] = []
    for branch in branches {
      guard let best = bestLiteral(in: branch) else { return nil }
      literals.append(best)
    }
    return Array(Set(literals)).sorted()
  }

  /// The longest required run of plain characters in one alternative, or `nil`.
  static func bestLiteral(in scalars: [Unicode.Scalar]) -> String? {
    var runs: [String] = []
    var current = ""
    var index = 0
    func endRun() {
      if current.utf8.count >= minimumLength { runs.append(current) }
      current = ""
    }
    while index < scalars.count {
      let scalar = scalars[index]
      var literal: Unicode.Scalar?
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
        // Any other escape (\d, \b, \x{..}, \p{..}, backreferences) is not a plain literal; a
        // multi-character escape ends the run, and the characters after it start a new one.
        if ["x", "p", "P", "N", "o", "g", "k", "c"].contains(next) {
          atomEnd = skipEscapeArgument(scalars, from: index + 2)
        }
      case "[":
        atomEnd = skipClass(scalars, from: index)
      case "(":
        if index + 1 < scalars.count, scalars[index + 1] == "?" {
          // Inline options such as (?i) or (?x) change how the rest reads: give up.
          let after = index + 2 < scalars.count ? scalars[index + 2] : ")"
          if after.properties.isAlphabetic || after == "-" || after == "^" || after == ")" {
            return nil
          }
        }
        atomEnd = skipGroup(scalars, from: index)
      case ".", "^", "$":
        break
      case ")", "|", "*", "+", "?":
        return nil  // unbalanced or a quantifier with nothing to repeat: do not guess
      case "{":
        literal = scalar  // a '{' that is not a quantifier is a literal
      default:
        literal = scalar
      }
      // Read a following quantifier.
      var minimum = 1
      var quantified = false
      if atomEnd < scalars.count {
        switch scalars[atomEnd] {
        case "?", "*":
          minimum = 0
          quantified = true
          atomEnd += 1
        case "+":
          quantified = true
          atomEnd += 1
        case "{":
          if let (low, end) = parseBraceQuantifier(scalars, from: atomEnd) {
            minimum = low
            quantified = true
            atomEnd = end
          }
        default:
          break
        }
        if quantified, atomEnd < scalars.count, scalars[atomEnd] == "?" || scalars[atomEnd] == "+" {
          atomEnd += 1  // lazy or possessive
        }
      }
      if let literal, scalar != "{" || !quantified {
        if quantified {
          if minimum >= 1 { current += String(Character(literal)).lowercased() }
          endRun()
        } else {
          current += String(Character(literal)).lowercased()
        }
      } else {
        endRun()
      }
      index = atomEnd
    }
    endRun()
    return runs.max { $0.utf8.count < $1.utf8.count }
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

  /// `{n}`, `{n,}` or `{n,m}`: the minimum and the index after the brace.
  static func parseBraceQuantifier(_ scalars: [Unicode.Scalar], from start: Int) -> (Int, Int)? {
    var index = start + 1
    var digits = ""
    while index < scalars.count, ("0"..."9").contains(scalars[index]) {
      digits.unicodeScalars.append(scalars[index])
      index += 1
    }
    guard let low = Int(digits), index < scalars.count else { return nil }
    if scalars[index] == "}" { return (low, index + 1) }
    guard scalars[index] == "," else { return nil }
    index += 1
    while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
    guard index < scalars.count, scalars[index] == "}" else { return nil }
    return (low, index + 1)
  }
}
