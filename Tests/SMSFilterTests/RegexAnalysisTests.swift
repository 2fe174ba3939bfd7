import PCRE2
import SMSFilterEntities
import Testing

@testable import SMSFilter

@Suite struct RegexAnalysisTests {
  /// The analyses made ahead of compilation, two threads at once, are each regex's own: every
  /// body and sender regex of nested conditions is found once, and each result equals the one
  /// worked out alone (a regex that does not compile keeps its error).
  @Test func regexesAnalysedAheadEqualEachAnalysedAlone() {
    let bodies = (0..<40).map { #"(?<!\w)(?:win|prize|offer)\#($0) ?\d{2,}"# } + ["unbalanced (", #"(?:a|bb)\.com"#]
    let conditions: [Condition] = [
      .any(bodies.prefix(20).map(Condition.regex)),
      .all([.none(bodies.dropFirst(20).map(Condition.regex)), .senderRegex("^ax-"), .regex(bodies[0])]),
      .atLeast(1, [.senderRegex("^ax-"), .senderRegex("bank$")]),
    ]
    let analyses = RegexAnalysis.analyses(of: conditions, weakGateLength: 3)
    #expect(analyses.count == bodies.count + 2)
    for (source, body) in bodies.map({ ($0, true) }) + [("^ax-", false), ("bank$", false)] {
      let ahead = analyses[RegexAnalysis.key(source, body: body)]
      let alone = RegexAnalysis(source, body: body, weakGateLength: 3)
      #expect(ahead?.prepared == alone.prepared && ahead?.gate == alone.gate, "\(source)")
      #expect(ahead?.requiresDigit == alone.requiresDigit && ahead?.shortcut == alone.shortcut, "\(source)")
      #expect(ahead?.factor == alone.factor, "\(source)")
      #expect((try? ahead?.pattern.get()) == nil && (try? alone.pattern.get()) == nil || source != "unbalanced (")
    }
  }

  /// Findings worked out before (a snapshot's) are used as they are, only their pattern
  /// compiled; a regex without any is analysed.
  @Test func knownFindingsAreUsedAndTheRestAnalysed() throws {
    let planted = RegexFindings(
      prepared: "planted", compiledSource: "planted", gate: [[["planted"]]], requiresDigit: true, factor: nil,
      shortcut: .dimension)
    let conditions: [Condition] = [.regex("win|prize"), .regex(#"code \d+"#)]
    let analyses = RegexAnalysis.analyses(
      of: conditions, weakGateLength: 3, known: [RegexAnalysis.key("win|prize", body: true): planted])
    let used = try #require(analyses[RegexAnalysis.key("win|prize", body: true)])
    #expect(used.findings == planted)
    #expect(try used.pattern.get().firstMatch(in: Array("a planted text".utf8), scratch: MatchScratch()).range != nil)
    let analysed = try #require(analyses[RegexAnalysis.key(#"code \d+"#, body: true)])
    #expect(analysed.findings == RegexFindings(#"code \d+"#, body: true, weakGateLength: 3))
  }

  @Test func requiredLiteralsOfSimplePatterns() {
    #expect(RegexLiterals.required(in: #"debited\s+rs"#) == ["debited"])
    #expect(RegexLiterals.required(in: #"otp (?:is|:) \d{6}"#) == ["otp : ", "otp is "])
    #expect(RegexLiterals.required(in: #"\b[a-z]+\.(?:com|net)(?!\w)"#) == [".com", ".net"])
    #expect(RegexLiterals.required(in: "win|prize") == ["prize", "win"])
    #expect(RegexLiterals.required(in: #"a\.b\.com"#) == ["a.b.com"])
    #expect(RegexLiterals.required(in: "colou?r") == ["colo"])
    // "ab" and "cd" are both required and equally long: the first is kept, never "abcd".
    #expect(RegexLiterals.required(in: "ab+cd") == ["ab"])
  }

  @Test func gatesKeepEveryRequiredClause() {
    let gate = RegexLiterals.gate(in: #"\b[a-z0-9]{2,30}-[a-z0-9-]{2,40}\.(?:com|in)(?!\w)|prize"#)
    #expect(gate == [[["-"], [".com", ".in"]], [["prize"]]])
  }

  /// What a positive lookaround requires, the text holds: its literals gate the regex too.
  @Test func positiveLookaroundsAddTheirLiterals() {
    let gate = RegexLiterals.gate(in: #"\b(?=[a-z.]{0,20}-)[a-z.-]{0,20}(?:pay|win)\b"#)
    #expect(gate == [[["pay", "win"], ["-"]]] || gate == [[["-"], ["pay", "win"]]])
    let behind = RegexLiterals.gate(in: #"(?<=ref )\d{6}"#)
    #expect(behind == [[["ref "]]])
    // A negative one requires nothing.
    #expect(RegexLiterals.gate(in: #"(?!no )\d{6}"#) == nil)
  }

  @Test func noLiteralsWhenNoneCanBeProved() {
    #expect(RegexLiterals.required(in: #"\d{6}"#) == nil)
    #expect(RegexLiterals.required(in: "(?i)otp") == nil)
    #expect(RegexLiterals.required(in: "otp|\\d+") == nil)
    #expect(RegexLiterals.required(in: "x?y?") == nil)
    #expect(RegexLiterals.required(in: #"\Qa.b\E"#) == nil)
  }

  @Test func lintRefusesCatastrophicShapes() {
    #expect(RegexLint.problem(in: "(a+)+") != nil)
    #expect(RegexLint.problem(in: #"(\w+\s?)*$"#) != nil)
    #expect(RegexLint.problem(in: "(?:.*,)+x") != nil)
    #expect(RegexLint.problem(in: ".*prize") != nil)
    #expect(RegexLint.problem(in: "prize.*") != nil)
    #expect(RegexLint.problem(in: #"rs\.?\s*\d+"#) == nil)
    #expect(RegexLint.problem(in: "(?:ab)+c") == nil)
    #expect(RegexLint.problem(in: #"prize\.*"#) == nil)
    // Repeated groups that cannot split a text two ways are fine.
    #expect(RegexLint.problem(in: #"\*\d{2,4}(?:\*\d+)*#"#) == nil)
    #expect(RegexLint.problem(in: "(?:ab+)+c") == nil)
    #expect(RegexLint.problem(in: #"(?:a\w+)+"#) != nil)
  }

  /// The bypasses issue 12 found: extended mode, numeric forms, recursion, wide counted repeats.
  @Test func lintSeesThroughSpacingNumeralsRecursionAndRanges() {
    #expect(RegexLint.problem(in: "(?x)( a + ) +") != nil)
    #expect(RegexLint.problem(in: "(?x) ( a + ) + # comment") != nil)
    #expect(RegexLint.problem(in: "(a+){①,}") != nil)
    #expect(RegexLint.problem(in: "(a+)(?:(?1))*$") != nil)
    #expect(RegexLint.problem(in: "(?<w>a+)(?:(?&w))*$") != nil)
    #expect(RegexLint.problem(in: #"(a+)(?:\g<1>)*$"#) != nil)
    #expect(RegexLint.problem(in: #"(\w{1,100}\s?)*$"#) != nil)
    // Exact counts and literal-led groups are still fine.
    #expect(RegexLint.problem(in: #"(?:\d{3}-)+\d{4}"#) == nil)
    #expect(RegexLint.problem(in: #"(?x) \d{6} \s otp"#) == nil)
  }
}

/// The digit prefilter: a regex said to need a digit never matches a text without one.
@Suite struct RegexDigitsTests {
  @Test func requiredDigitsAreFound() {
    #expect(RegexDigits.requiresDigit(#"\bcode \d{4,8}\b"#))
    #expect(RegexDigits.requiresDigit(#"(?<!\w)\dx\d(?!\w)"#))
    #expect(RegexDigits.requiresDigit(#"otp[: ]+[0-9]{6}|(?:pin|code) \d+"#))
    #expect(RegexDigits.requiresDigit(#"(?=[a-z]{0,7}\d)[a-z0-9]{4,8}"#))
    #expect(RegexDigits.requiresDigit(#"(?<n>\d+) rs"#))
  }

  @Test func optionalOrUnprovedDigitsAreNot() {
    #expect(!RegexDigits.requiresDigit(#"\d*x"#))
    #expect(!RegexDigits.requiresDigit(#"\d{0,3}x"#))
    #expect(!RegexDigits.requiresDigit(#"\d+|otp"#))
    #expect(!RegexDigits.requiresDigit(#"[\d.]+"#))
    #expect(!RegexDigits.requiresDigit(#"[^0-9]+"#))
    #expect(!RegexDigits.requiresDigit(#"(?!\d)x"#))
    #expect(!RegexDigits.requiresDigit(#"\D+"#))
    #expect(!RegexDigits.requiresDigit(#"(*ACCEPT)\d"#))
    #expect(!RegexDigits.requiresDigit(#"(?(1)\d|x)"#))
  }

  /// Any script's digits count: `\d` runs with Unicode properties.
  @Test func everyScriptsDigitsCount() throws {
    // The matcher's own test for digits beyond ASCII (ASCII digits come from the text's profile).
    func hasNonASCIIDigit(_ text: String) -> Bool {
      Array(text.utf8).withUnsafeBufferPointer(MatchState.hasNonASCIIDigit)
    }
    #expect(hasNonASCIIDigit("price ४५"))
    #expect(!hasNonASCIIDigit("price 45"))
    #expect(!hasNonASCIIDigit("no digits here, कोड"))
    // The byte-level skip agrees with decoding every scalar, for every scalar (alone, between
    // other text, and where the eight-byte skip meets it: as a word's last byte, or later).
    func decodingEveryScalar(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
      var iterator = text.makeIterator()
      var decoder = UTF8()
      while case .scalarValue(let scalar) = decoder.decode(&iterator) {
        if !scalar.isASCII && NumberScanner.digit(scalar) != nil { return true }
      }
      return false
    }
    for value in UInt32(0x80)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let character = Character(scalar)
      for text in [String(character), "a \(character)é", "abcdefg\(character)", "0123456789abcdé \(character) end"] {
        let bytes = Array(text.utf8)
        let fast = bytes.withUnsafeBufferPointer(MatchState.hasNonASCIIDigit)
        let slow = bytes.withUnsafeBufferPointer(decodingEveryScalar)
        if fast != slow { Issue.record("U+\(String(value, radix: 16)): \(fast) vs \(slow)") }
      }
    }
    let classifier = try Classifier(
      ruleSet: RuleSet(rules: [Rule(id: "CODE", action: .junk, condition: .regex(#"code \d+"#))]))
    #expect(classifier.classify(MessageQuery(messageBody: "your code ४५६")).ruleID == "CODE")
    #expect(classifier.classify(MessageQuery(messageBody: "your code 456")).ruleID == "CODE")
    #expect(classifier.classify(MessageQuery(messageBody: "your code, friend")).ruleID == nil)
  }
}
