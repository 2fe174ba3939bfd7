/// Generates regexes and texts from a grammar covering the PCRE2 syntax the prefilter must read
/// right (escapes in every numeric form, back-references and subroutine calls by number and by
/// name, lookarounds, backtracking verbs, quantifiers, alternation), for the differential test
/// and the `FuzzRegexDifferential` target: the compiled matcher, plain evaluation and PCRE2 on
/// its own must agree on every pair.
///
/// Every choice comes from `choose(n)` (a number in `0..<n`), so a seeded generator and
/// libFuzzer's bytes drive the same grammar.
///
/// ```swift
/// var random = SystemRandomNumberGenerator()
/// let pattern = RegexGrammar.pattern { Int.random(in: 0..<$0, using: &random) }
/// ```
enum RegexGrammar {
  /// Atoms that stand for one character or position.
  static let atoms = [
    "a", "b", "c", "x", " ", ".", #"\."#, #"\x61"#, #"\x{62}"#, #"\x2e"#, #"\141"#, #"\142"#, #"\o{143}"#,
    #"\d"#, #"\w"#, #"\s"#, #"\b"#, "[ab]", "[^c]", "^", "$", #"\N{U+0061}"#, "ab", "abc", "cab",
  ]
  /// Back-references and subroutine calls (to group 1 or the group named `n`).
  static let references = [
    #"\1"#, #"\g1"#, #"\g{1}"#, #"\g{-1}"#, #"\k<n>"#, #"\k'n'"#, #"\k{n}"#, "(?P=n)", #"\g<n>"#, #"\g'1'"#,
    "(?1)", "(?&n)", "(?P>n)",
  ]
  /// Backtracking verbs.
  static let verbs = ["(*ACCEPT)", "(*COMMIT)", "(*SKIP)", "(*PRUNE)", "(*FAIL)", "(*THEN)"]
  /// Quantifiers (including none).
  static let quantifiers = ["", "", "", "?", "*", "+", "{2}", "{1,2}", "??", "+?", "*+"]

  /// A pattern of at most `depth` nested groups. Group 1 is named `n` when the grammar opens it
  /// first, so references may or may not resolve (those that do not are compile errors, which
  /// the callers skip).
  static func pattern(depth: Int = 3, _ choose: (Int) -> Int) -> String {
    var output = ""
    let items = 1 + choose(4)
    for _ in 0..<items {
      output += item(depth: depth, choose)
    }
    if depth > 0 && choose(5) == 0 { output += "|" + pattern(depth: depth - 1, choose) }
    return output
  }

  static func item(depth: Int, _ choose: (Int) -> Int) -> String {
    let base: String
    switch choose(depth > 0 ? 10 : 6) {
    case 0...3: base = atoms[choose(atoms.count)]
    case 4: base = references[choose(references.count)]
    case 5: base = verbs[choose(verbs.count)]
    case 6: base = "(?<n>" + pattern(depth: depth - 1, choose) + ")"
    case 7: base = "(" + pattern(depth: depth - 1, choose) + ")"
    case 8: base = ["(?:", "(?=", "(?!", "(?>"][choose(4)] + pattern(depth: depth - 1, choose) + ")"
    default: base = ["(?<=a)", "(?<!b)", "(?:ab|c)", "(?:x)"][choose(4)]
    }
    return base + quantifiers[choose(quantifiers.count)]
  }

  /// A text over the characters the patterns use, of at most `maximumLength` characters.
  static func text(maximumLength: Int = 12, _ choose: (Int) -> Int) -> String {
    let alphabet: [Character] = ["a", "b", "c", "x", " ", ".", "1"]
    return String((0..<choose(maximumLength + 1)).map { _ in alphabet[choose(alphabet.count)] })
  }
}
