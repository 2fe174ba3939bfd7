/// Finds regexes every match of which contains a decimal digit, so that the matcher can skip
/// them on a message with no digit at all, without running PCRE2.
///
/// The guarantee (a prefilter's): if ``requiresDigit(_:)`` says so, no text without a decimal
/// digit (`\p{Nd}`, any script's: PCRE2 runs with UCP, so `\d` is every script's digits) has a
/// match. It says so when every top-level alternative has, outside anything optional, a `\d`, a
/// class of digits only (`[0-9]`), a group whose every alternative does, or a positive lookaround
/// that does. Anything it does not follow (`\Q…\E`, a verb, a conditional group) makes it say no,
/// which is always safe.
///
/// ```swift
/// RegexDigits.requiresDigit(#"\bcode \d{4,8}\b"#)  // true
/// RegexDigits.requiresDigit(#"\d*x|y"#)             // false
/// ```
enum RegexDigits {
  /// Whether every match of `pattern` contains a decimal digit.
  static func requiresDigit(_ pattern: String) -> Bool {
    let scalars = Array(pattern.unicodeScalars)
    guard !RegexLiterals.usesVerbs(scalars) else { return false }
    return alternativesRequireDigit(scalars)
  }

  /// Whether every top-level alternative of `scalars` requires a digit.
  static func alternativesRequireDigit(_ scalars: [Unicode.Scalar]) -> Bool {
    guard let branches = RegexLiterals.splitAlternatives(scalars), !branches.isEmpty else { return false }
    return branches.allSatisfy(sequenceRequiresDigit)
  }

  /// Whether a sequence (no top-level `|`) has a required atom that matches only digits.
  static func sequenceRequiresDigit(_ scalars: [Unicode.Scalar]) -> Bool {
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      var digitAtom = false
      var atomEnd = index + 1
      switch scalar {
      case "\\":
        guard index + 1 < scalars.count else { return false }
        let letter = scalars[index + 1]
        if letter == "Q" || letter == "E" { return false }
        digitAtom = letter == "d"
        atomEnd = RegexLiterals.escapeEnd(scalars, letter: letter, from: index + 2)
      case "[":
        atomEnd = RegexLiterals.skipClass(scalars, from: index)
        digitAtom = isDigitClass(Array(scalars[(index + 1)..<max(index + 1, atomEnd - 1)]))
      case "(":
        atomEnd = RegexLiterals.skipGroup(scalars, from: index)
        guard atomEnd - 1 > index else { return false }
        var contentStart = index + 1
        if index + 1 < scalars.count, scalars[index + 1] == "?" {
          let after = index + 2 < scalars.count ? scalars[index + 2] : ")"
          let third = index + 3 < scalars.count ? scalars[index + 3] : ")"
          switch after {
          case ":", ">", "=":
            contentStart = index + 3
          case "<" where third == "=":
            contentStart = index + 4
          case "<" where third != "!", "P" where third == "<", "'":
            // A named group: its content starts after the name.
            var cursor = index + 3
            while cursor < atomEnd, scalars[cursor] != ">", scalars[cursor] != "'" { cursor += 1 }
            contentStart = cursor + 1
          case "(":
            return false  // a conditional group: do not guess
          default:
            contentStart = -1  // negative lookarounds, comments, options, calls: nothing required
          }
        }
        if contentStart >= 0, contentStart <= atomEnd - 1 {
          digitAtom = alternativesRequireDigit(Array(scalars[contentStart..<(atomEnd - 1)]))
        }
      case ")", "|":
        return false
      default:
        break
      }
      // A quantifier that allows zero repetitions makes the atom optional.
      let quantifier = RegexQuantifier(scalars, at: atomEnd)
      let minimum = quantifier?.minimum ?? 1
      atomEnd = quantifier?.end ?? atomEnd
      if digitAtom && minimum >= 1 { return true }
      index = atomEnd
    }
    return false
  }

  /// Whether a class's content (between `[` and `]`) matches only ASCII digits or `\d`.
  static func isDigitClass(_ content: [Unicode.Scalar]) -> Bool {
    guard !content.isEmpty, content.first != "^" else { return false }
    var index = 0
    while index < content.count {
      let scalar = content[index]
      if scalar == "\\" {
        guard index + 1 < content.count, content[index + 1] == "d" else { return false }
        index += 2
      } else if ("0"..."9").contains(scalar) {
        if index + 2 < content.count, content[index + 1] == "-" {
          guard ("0"..."9").contains(content[index + 2]) else { return false }
          index += 3
        } else {
          index += 1
        }
      } else {
        return false
      }
    }
    return true
  }
}
