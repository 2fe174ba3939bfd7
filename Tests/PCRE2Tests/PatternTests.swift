import PCRE2
import Testing

@Suite struct PatternTests {
  @Test func matchesWithUTFAndCaseless() throws {
    let pattern = try Pattern(#"rs\.?\s*\d+"#, options: [.caseless])
    let scratch = MatchScratch()
    #expect(pattern.firstMatch(in: Array("Paid RS. 250 today".utf8), scratch: scratch) == .matched(5..<12))
    #expect(pattern.firstMatch(in: Array("nothing".utf8), scratch: scratch) == .noMatch)
  }

  @Test func unicodePropertiesWork() throws {
    let pattern = try Pattern(#"\p{Devanagari}+"#)
    let scratch = MatchScratch()
    let text = Array("OTP: आपका कोड".utf8)
    #expect(pattern.firstMatch(in: text, scratch: scratch).range != nil)
  }

  @Test func compileErrorCarriesPCRE2MessageAndOffset() {
    #expect {
      _ = try Pattern("debit(ed")
    } throws: { error in
      guard let error = error as? PatternError else { return false }
      return error.kind == .compile && error.offset == 8 && error.message.contains("missing closing parenthesis")
    }
  }

  @Test func emptySubjectIsFine() throws {
    let pattern = try Pattern("^$")
    #expect(pattern.firstMatch(in: [UInt8](), scratch: MatchScratch()) == .matched(0..<0))
  }

  @Test func catastrophicBacktrackingStopsAtTheLimit() throws {
    // The classic exponential shape against a long hostile subject: the limit stops it.
    let pattern = try Pattern("(a+)+$")
    let subject = Array((String(repeating: "a", count: 100_000) + "!").utf8)
    let scratch = MatchScratch(matchLimit: 100_000)
    let clock = ContinuousClock()
    var outcome = MatchOutcome.noMatch
    let elapsed = clock.measure { outcome = pattern.firstMatch(in: subject, scratch: scratch) }
    #expect(outcome == .limitExceeded(.steps))
    // Behavioural bound only (generous): it must not run for minutes.
    #expect(elapsed < .seconds(30))
  }

  @Test func aLowerStepLimitForOneMatchAppliesToThatMatchOnly() throws {
    let pattern = try Pattern("(a|aa)+$")
    let subject = Array((String(repeating: "a", count: 40) + "!").utf8)
    let scratch = MatchScratch()
    #expect(pattern.firstMatch(in: subject, scratch: scratch, stepLimit: 50) == .limitExceeded(.steps))
    #expect(try Pattern("a+!").firstMatch(in: subject, scratch: scratch) == .matched(0..<41))
  }

  /// `(*NO_JIT)` makes the JIT refuse the match; the interpreter must run it (it used to be read
  /// as "no match").
  @Test func aMatchTheJITCannotRunFallsBackToTheInterpreter() throws {
    let pattern = try Pattern("(*NO_JIT)abc")
    #expect(pattern.firstMatch(in: Array("xabc".utf8), scratch: MatchScratch()) == .matched(1..<4))
  }

  /// Thousands of capture groups make each backtracking frame large; the heap limit stops the
  /// match long before it takes gigabytes.
  @Test func theHeapLimitStopsAMatchWithHugeFrames() throws {
    let pattern = try Pattern(String(repeating: "()", count: 8_000) + "(?:a|b)*c")
    #expect(pattern.captureCount == 8_000)
    let subject = Array((String(repeating: "ab", count: 20_000) + "c").utf8)
    let outcome = pattern.firstMatch(in: subject, scratch: MatchScratch())
    #expect(outcome == .limitExceeded(.heap) || outcome == .limitExceeded(.depth))
  }

  /// A match found in a cut subject is a match; anything that would need the rest of the text
  /// is undecided, never "no match" or a false match at the cut.
  @Test func aTruncatedSubjectNeverInventsOrDeniesAMatch() throws {
    let scratch = MatchScratch()
    let cut = Array("abc def".utf8)
    #expect(try Pattern("abc").firstMatch(in: cut, scratch: scratch, truncated: true) == .matched(0..<3))
    #expect(
      try Pattern("def$").firstMatch(in: cut, scratch: scratch, truncated: true) == .limitExceeded(.subjectLength))
    #expect(
      try Pattern(#"def\b"#).firstMatch(in: cut, scratch: scratch, truncated: true) == .limitExceeded(.subjectLength))
    #expect(try Pattern("xyz").firstMatch(in: cut, scratch: scratch, truncated: true) == .limitExceeded(.subjectLength))
  }

  @Test func patternsAreSharedAcrossThreads() async throws {
    let pattern = try Pattern(#"\d{6}"#)
    let results = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<16 {
        group.addTask {
          let scratch = MatchScratch()
          let text = Array("code \(100_000 + index) ok".utf8)
          return (0..<500).allSatisfy { _ in pattern.firstMatch(in: text, scratch: scratch).range == 5..<11 }
        }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(results.count == 16 && results.allSatisfy { $0 })
  }

  @Test func theJITCompilesOnTheFirstMatchWhicheverThreadsRaceForIt() async throws {
    // Fresh patterns, each first matched by many tasks at once, some in the interpreter's
    // truncated mode: every answer is the same as one thread's, and the JIT is on after.
    let patterns = try (0..<32).map { try Pattern(#"(?:refund|code)\s*\d{\#($0 % 4 + 3)}"#, options: [.caseless]) }
    #expect(patterns.allSatisfy { !$0.isJITCompiled })
    let text = Array("Your CODE 123456 and refund 98".utf8)
    let expected = try (0..<32).map {
      try Pattern(#"(?:refund|code)\s*\d{\#($0 % 4 + 3)}"#, options: [.caseless], jit: false)
        .firstMatch(in: text, scratch: MatchScratch())
    }
    let agreed = await withTaskGroup(of: Bool.self) { group in
      for task in 0..<8 {
        group.addTask {
          let scratch = MatchScratch()
          return patterns.indices.allSatisfy { index in
            let outcome = patterns[index].firstMatch(in: text, scratch: scratch, truncated: task == 0)
            // A truncated match sees the whole of this short text: the same answer.
            return outcome == expected[index]
          }
        }
      }
      return await group.reduce(into: true) { $0 = $0 && $1 }
    }
    #expect(agreed)
    #expect(!Pattern.jitEnabled || patterns.allSatisfy(\.isJITCompiled))
    #expect(try !Pattern("x", jit: false).isJITCompiled)
  }
}
