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
    #expect(outcome == .limitExceeded)
    // Behavioural bound only (generous): it must not run for minutes.
    #expect(elapsed < .seconds(30))
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
}
