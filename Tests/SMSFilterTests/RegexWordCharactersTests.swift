import Testing

@testable import SMSFilter

/// `\w`, `\W`, `\b` and `\B` mean the keywords' word class (letters, marks, digits, connectors)
/// on every PCRE2, so lowered and plain evaluation agree next to combining marks.
@Suite struct RegexWordCharactersTests: LoadsRuleText {
  @Test func escapesAreWrittenOutAsTheWordClass() {
    let word = RegexWordCharacters.word
    #expect(RegexWordCharacters.rewrite(#"(?<!\w)ok(?!\w)"#) == "(?<!\(word))ok(?!\(word))")
    #expect(RegexWordCharacters.rewrite(#"\W+"#) == RegexWordCharacters.nonWord + "+")
    // \b next to an atom that consumes a word character is one lookaround; elsewhere two-sided.
    #expect(RegexWordCharacters.rewrite(#"\bok\b"#) == "(?<!\(word))ok(?!\(word))")
    #expect(RegexWordCharacters.rewrite(#"\b\d+x\d\b"#) == "(?<!\(word))" + #"\d+x\d"# + "(?!\(word))")
    #expect(RegexWordCharacters.rewrite(#"x?\b"#) == "x?" + RegexWordCharacters.boundary)
    #expect(RegexWordCharacters.rewrite(#"\b\d*"#) == RegexWordCharacters.boundary + #"\d*"#)
    #expect(RegexWordCharacters.rewrite(#"\s\b"#) == #"\s"# + RegexWordCharacters.boundary)
    #expect(RegexWordCharacters.rewrite(#"\x20\b"#) == #"\x20"# + RegexWordCharacters.boundary)
    #expect(RegexWordCharacters.rewrite(#"(?:a|b)\B"#) == "(?:a|b)" + RegexWordCharacters.nonBoundary)
    // Inside a class: \w becomes its members; \b (a backspace there) and \W stay.
    #expect(RegexWordCharacters.rewrite(#"[\w.-]"#) == "[\(RegexWordCharacters.members).-]")
    #expect(RegexWordCharacters.rewrite(#"[\b\W]"#) == #"[\b\W]"#)
    // An escaped backslash, a class whose first ] is a literal, \Q…\E and a comment stay.
    #expect(RegexWordCharacters.rewrite(#"\\w"#) == #"\\w"#)
    #expect(RegexWordCharacters.rewrite(#"[]\w]\w"#) == "[]\(RegexWordCharacters.members)]\(word)")
    #expect(RegexWordCharacters.rewrite(#"\Q\w\E\d"#) == #"\Q\w\E\d"#)
    #expect(RegexWordCharacters.rewrite(#"(?#\w)x"#) == #"(?#\w)x"#)
    #expect(RegexWordCharacters.rewrite("[[:alpha:]\\w]") == "[[:alpha:]\(RegexWordCharacters.members)]")
  }

  /// The message that showed the difference: `ok` after a Japanese voiced-sound mark (NFKD
  /// splits `で` into `て` and U+3099). PCRE2 10.42's `\w` does not count the mark, the keyword
  /// lowered from the same regex does.
  @Test func loweredAndPlainAgreeNextToMarks() throws {
    let ruleSet = try load(
      """
      rules:
        - id: CHAT_WORD
          action: allow
          when:
            - regex: '(?<!\\w)(?:ok|okay)(?!\\w)'
        - id: TAIL_WORD
          action: junk
          when:
            - regex: '\\bकोड\\b'
      """)
    let lowered = try Classifier(ruleSet: ruleSet, budget: .unlimited)
    let plain = try Classifier(unloweredRuleSet: ruleSet)
    // The lowering must have made keywords of the first rule, or this compares a regex with itself.
    #expect(lowered.statistics.regexes < plain.statistics.regexes)
    let bodies = [
      "時間でOK。", "okay", "ok", "でok", "a\u{301}ok", "ok\u{301}", "कोड", "कोडिंग", "मेरा कोड भेजो", "x_ok",
    ]
    for body in bodies {
      var loweredMatches: [String] = []
      var plainMatches: [String] = []
      let query = MessageQuery(sender: "+14155550100", messageBody: body)
      lowered.evaluateEachRule(query) { rule, matched, _ in if matched { loweredMatches.append(rule.id) } }
      plain.evaluateEachRule(query) { rule, matched, _ in if matched { plainMatches.append(rule.id) } }
      #expect(loweredMatches == plainMatches, "\(body)")
    }
    // A mark is a word character: no match inside a word at a vowel sign or after a voiced mark.
    #expect(plain.classify(MessageQuery(sender: "+14155550100", messageBody: "कोडिंग")).ruleID == nil)
    #expect(plain.classify(MessageQuery(sender: "+14155550100", messageBody: "時間でOK")).ruleID == nil)
    #expect(plain.classify(MessageQuery(sender: "+14155550100", messageBody: "मेरा कोड भेजो")).ruleID == "TAIL_WORD")
  }

  /// Explanations show the regex as the rule wrote it, not the word class written out for PCRE2.
  @Test func explanationsShowTheRulesOwnRegex() throws {
    let ruleSet = try load(
      """
      rules:
        - id: CODE
          action: transaction
          when:
            - regex: '\\bcode \\d{4}\\b'
      """)
    let classifier = try Classifier(ruleSet: ruleSet)
    let explanation = classifier.explain(MessageQuery(sender: "+14155550100", messageBody: "your code 4417 ok"))
    #expect(explanation.decision.ruleID == "CODE")
    let patterns = explanation.matches.flatMap(\.spans).map(\.pattern)
    #expect(patterns == [#"\bcode \d{4}\b"#])
  }
}
