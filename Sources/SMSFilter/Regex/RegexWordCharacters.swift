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
        case ("b", false): append(boundary)
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
}
