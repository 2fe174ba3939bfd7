/// One meaning of "word character" for keywords and regexes, whatever PCRE2 version is linked.
///
/// Keywords count a letter, a mark, a digit or a connector (`_`) as a word character
/// (``WordBoundary``), so a Devanagari keyword does not match inside a longer word at a vowel
/// sign. PCRE2's `\w` under UCP is version-dependent: 10.42 (Debian 12) counts letters, digits
/// and `_` only, so `(?<!\w)ok` matched after a Japanese voiced-sound mark where the keyword
/// `ok` lowered from the same regex did not. Before a rule's regex is compiled, `\w`, `\W`, `\b`
/// and `\B` are written out as that one class, so compiled (lowered) and plain evaluation agree
/// on every PCRE2.
///
/// The rewrite is applied only where PCRE2 compiles a pattern: the regex analyses (lowering,
/// literal gates, lint) read `\w` as the same class.
enum RegexWordCharacters {
  /// The members of a word character, for use inside a character class.
  static let members = #"\p{L}\p{M}\p{N}\p{Pc}"#
  static let word = "[" + members + "]"
  static let nonWord = "[^" + members + "]"
  static let boundary = "(?:(?<=\(word))(?!\(word))|(?<!\(word))(?=\(word)))"
  static let nonBoundary = "(?:(?<=\(word))(?=\(word))|(?<!\(word))(?!\(word)))"

  /// `pattern` with `\w`, `\W`, `\b` and `\B` written out as the keywords' word class, and `\w`
  /// inside a character class too. Inside a class `\b` is a backspace and stays; so does `\W`,
  /// which a class cannot hold as a set difference (no built-in rule writes it there).
  static func rewrite(_ pattern: String) -> String {
    guard pattern.contains("\\") else { return pattern }
    let scalars = Array(pattern.unicodeScalars)
    var output = String.UnicodeScalarView()
    var index = 0
    var inClass = false
    var classStart = 0
    func append(_ text: String) { output.append(contentsOf: text.unicodeScalars) }
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\\", index + 1 < scalars.count {
        let next = scalars[index + 1]
        if next == "Q" {
          // \Q…\E: literal text, copied as it is.
          var end = index + 2
          while end < scalars.count, !(scalars[end] == "\\" && end + 1 < scalars.count && scalars[end + 1] == "E") {
            end += 1
          }
          end = min(end + 2, scalars.count)
          output.append(contentsOf: scalars[index..<end])
          index = end
          continue
        }
        switch (next, inClass) {
        case ("w", false): append(word)
        case ("W", false): append(nonWord)
        case ("b", false):
          // Next to an atom that consumes a word character, a boundary is one lookaround (which
          // PCRE2 searches as fast as its own \b); elsewhere, the two-sided form.
          if wordAtomFollows(scalars, index + 2) {
            append("(?<!" + word + ")")
          } else if wordAtomPrecedes(scalars, index) {
            append("(?!" + word + ")")
          } else {
            append(boundary)
          }
        case ("B", false): append(nonBoundary)
        case ("w", true): append(members)
        default: output.append(contentsOf: [scalar, next])
        }
        index += 2
        continue
      }
      if inClass {
        if scalar == "[", index + 1 < scalars.count, scalars[index + 1] == ":" {
          // A POSIX class ([:alpha:]) inside the class: copied whole.
          var end = index + 2
          while end + 1 < scalars.count, !(scalars[end] == ":" && scalars[end + 1] == "]") { end += 1 }
          end = min(end + 2, scalars.count)
          output.append(contentsOf: scalars[index..<end])
          index = end
          continue
        }
        // A `]` first in the class (after `[` or `[^`) is a literal.
        if scalar == "]", index > classStart { inClass = false }
      } else if scalar == "[" {
        inClass = true
        classStart = index + 1
        if classStart < scalars.count, scalars[classStart] == "^" { classStart += 1 }
      } else if scalar == "(", index + 2 < scalars.count, scalars[index + 1] == "?", scalars[index + 2] == "#" {
        // A comment, copied to its end.
        var end = index + 3
        while end < scalars.count, scalars[end] != ")" { end += 1 }
        end = min(end + 1, scalars.count)
        output.append(contentsOf: scalars[index..<end])
        index = end
        continue
      }
      output.append(scalar)
      index += 1
    }
    return String(output)
  }

  /// Whether a scalar is a word character: the keywords' own test (``WordBoundary``), so the two
  /// can never disagree.
  static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool { WordBoundary.isWordScalar(scalar.value) }

  /// Whether the atom at `start` always consumes one word character: a literal word character
  /// or `\d`/`\w`, not followed by a quantifier that allows none (`?`, `*`, `{0`).
  static func wordAtomFollows(_ scalars: [Unicode.Scalar], _ start: Int) -> Bool {
    guard start < scalars.count else { return false }
    var end: Int
    if scalars[start] == "\\" {
      guard start + 1 < scalars.count, scalars[start + 1] == "d" || scalars[start + 1] == "w" else { return false }
      end = start + 2
    } else {
      guard isWordScalar(scalars[start]) else { return false }
      end = start + 1
    }
    guard end < scalars.count else { return true }
    let next = scalars[end]
    if next == "?" || next == "*" { return false }
    if next == "{", end + 1 < scalars.count, scalars[end + 1] == "0" { return false }
    return true
  }

  /// Whether the atom just before `end` consumed one word character: a literal word character
  /// that is not part of an escape (`\s`, `\x20`, `\1`), or `\d`/`\w` whose backslash is not
  /// itself escaped.
  static func wordAtomPrecedes(_ scalars: [Unicode.Scalar], _ end: Int) -> Bool {
    guard end >= 1 else { return false }
    let last = scalars[end - 1]
    if last == "d" || last == "w", end >= 2, scalars[end - 2] == "\\" {
      return end < 3 || scalars[end - 3] != "\\"
    }
    guard isWordScalar(last) else { return false }
    func scalar(_ back: Int) -> Unicode.Scalar? { end - back >= 0 ? scalars[end - back] : nil }
    // Part of an escape: \s, \1; \xh, \cX, \0d, \dd; \xhh, \0dd, \ddd.
    if scalar(2) == "\\" { return false }
    if scalar(3) == "\\", let lead = scalar(2), "xc0123456789".unicodeScalars.contains(lead) { return false }
    if scalar(4) == "\\", let lead = scalar(3), "x0123456789".unicodeScalars.contains(lead) { return false }
    return true
  }
}
