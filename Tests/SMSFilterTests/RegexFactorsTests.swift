import PCRE2
import Testing

@testable import SMSFilter

/// The byte-run prefilter (``RegexFactors``, ``ByteRunFilter``): what it finds, and that it
/// never turns away a text the regex matches.
@Suite struct RegexFactorsTests {
  /// The run lengths of each alternative's runs.
  static func shape(_ pattern: String) -> [[Int]]? {
    RegexFactors.factor(RegexSource.prepare(pattern))?.alternatives.map { $0.map(\.count) }
  }

  /// Whether the filter of one pattern lets `text` (normalised) through.
  static func mayMatch(_ pattern: String, _ text: String) -> Bool {
    let filter = ByteRunFilter([RegexFactors.factor(RegexSource.prepare(pattern))])
    let bytes = Array(TextNormalizer.normalize(text).utf8)
    return bytes.withUnsafeBufferPointer { text in
      filter.mayMatch(
        0, text: text, profile: { TextProfile(of: text) }, nonASCIIDigit: { MatchState.hasNonASCIIDigit(text) })
    }
  }

  @Test func findsRunsOfClasses() {
    // letter, separator, letter, then the back-reference's separator and a letter twice.
    #expect(Self.shape(#"\b[a-z]([ .-])[a-z](?:\1[a-z]){2,}\b|\bk[ .-]y[ .-]c\b"#) == [[7], [5]])
    #expect(Self.shape(#"(?<!\w)\dx\d(?!\w)"#) == [[3]])
    #expect(Self.shape(#"\d{5,}|\b\d{3}[- ]\d{3,4}\b"#) == [[5], [7]])
    // A lookahead's own run is required too, and the last copy of a repeat is adjacent to
    // what follows it (letter, dot, letter, letter).
    #expect(Self.shape(#"\b(?=[a-z]{0,4}-)[a-z]+\.[a-z]{2,6}\b"#) == [[1, 4]])
    // A weaker second run beside a selective one: letter, digit, letter.
    #expect(Self.shape(#"\b[a-z]{1,12}[0-9][a-z]{1,12}[a-z0-9-]{0,20}\.(?:com|in|co)(?!\w)"#) == [[3, 3]])
    // Nothing worth a scan: a lone letter class, a negated class, a property.
    #expect(Self.shape(#"\b[a-z]{2,}"#) == nil)
    #expect(Self.shape(#"^[^\d]{0,220}$"#) == nil)
    #expect(Self.shape(#"\p{Han}"#) == nil)
    // Syntax that changes how the rest reads gives no factor.
    #expect(Self.shape(#"(?i)\dx\d"#) == nil)
    #expect(Self.shape(#"\Q1x2\E"#) == nil)
    #expect(Self.shape(#"(*COMMIT)\dx\d"#) == nil)
  }

  @Test func skipsTextsWithoutTheRuns() {
    #expect(!Self.mayMatch(#"(?<!\w)\dx\d(?!\w)"#, "Buy 2 get 1 free"))
    #expect(Self.mayMatch(#"(?<!\w)\dx\d(?!\w)"#, "Tickets 2x1 today"))
    #expect(!Self.mayMatch(#"\b[a-z]([ .-])[a-z](?:\1[a-z]){2,}\b"#, "See you at 5 pm at the U.S. embassy"))
    #expect(Self.mayMatch(#"\b[a-z]([ .-])[a-z](?:\1[a-z]){2,}\b"#, "F.R.E.E recharge"))
    let digitInName = #"\b[a-z]{1,12}[0-9][a-z]{1,12}[a-z0-9-]{0,20}\.(?:com|in|co)(?!\w)"#
    #expect(!Self.mayMatch(digitInName, "Order 42 shipped: track at shop.com"))
    #expect(Self.mayMatch(digitInName, "Verify at amaz0n-gift.in today"))
    // `\d` read as ASCII digits only on a text with no other digit: Devanagari digits pass.
    #expect(Self.mayMatch(#"\d{5,}"#, "कोड १२३४५"))
    #expect(!Self.mayMatch(#"\d{5,}"#, "code 1234"))
  }

  /// The scan that tests eight starts at once (``FewBytes``, when an anchor's set has at most
  /// four bytes the text holds) answers as a byte-by-byte search of every run does, wherever
  /// the run sits: at the start, across the eight-byte blocks, in the last few bytes.
  @Test func scanAgreesWithAPlainSearch() {
    let patterns = [
      #"\b[a-z]([ .-])[a-z](?:\1[a-z]){2,}\b|\bk[ .-]y[ .-]c\b|\bo[ .-]t[ .-]p\b"#, #"(?<!\w)\dx\d(?!\w)"#,
      #"\d{5,}|\b\d{3}[- ]\d{3,4}\b"#, #"\bk[ .-]y[ .-]c\b"#, #"a\.b"#,
    ]
    let factors = patterns.map { RegexFactors.factor(RegexSource.prepare($0)) }
    let filter = ByteRunFilter(factors)
    let alphabet = Array(" .-kycotpabx0123".utf8)
    var generator = SplitMix64(seed: 7)
    for round in 0..<20_000 {
      let count = Int(generator.next() % 40)
      let text = (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      text.withUnsafeBufferPointer { buffer in
        let profile = TextProfile(of: buffer)
        for (index, factor) in factors.enumerated() {
          guard let factor else { continue }
          // Some alternative has every one of its runs somewhere in the text.
          let expected = factor.alternatives.contains { runs in
            runs.allSatisfy { run in
              text.count >= run.count
                && (0...(text.count - run.count)).contains { start in
                  run.indices.allSatisfy { run[$0].contains(text[start + $0]) }
                }
            }
          }
          let found = filter.mayMatch(index, text: buffer, profile: { profile }, nonASCIIDigit: { false })
          if found != expected {
            Issue.record("round \(round): \(patterns[index]) on '\(String(decoding: text, as: UTF8.self))'")
          }
        }
      }
    }
  }

  /// The reading of `[a-z]`, letters and `\s` as ASCII bytes holds because normalised text has
  /// no other character PCRE2 (caseless, Unicode properties) matches with them: the Kelvin
  /// sign and the long s decompose, and every other white space becomes a space.
  @Test func normalisedTextHasNoNonASCIICaseOrSpaceVariants() throws {
    let pattern = try Pattern(#"[a-z\s]"#, options: [.caseless])
    let scratch = MatchScratch()
    var seen = Set<Unicode.Scalar>()
    for value in UInt32(0x80)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      for output in TextNormalizer.normalize(String(Character(scalar))).unicodeScalars where !output.isASCII {
        seen.insert(output)
      }
    }
    #expect(seen.count > 1000)
    for scalar in seen {
      let match = pattern.firstMatch(in: Array(String(Character(scalar)).utf8), scratch: scratch)
      #expect(match == .noMatch, "U+\(String(scalar.value, radix: 16)) in normalised text matches [a-z\\s]")
    }
  }

  /// `\p{Extended_Pictographic}` is read as its characters' first bytes.
  @Test func pictographicLeadBytesAreExact() throws {
    let pattern = try Pattern(#"\p{Extended_Pictographic}"#, options: [.caseless])
    let scratch = MatchScratch()
    var matched = 0
    for value in UInt32(0x80)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let bytes = Array(String(Character(scalar)).utf8)
      guard pattern.firstMatch(in: bytes, scratch: scratch) != .noMatch else { continue }
      matched += 1
      #expect(RegexFactors.ByteSet.pictographicLeads.contains(bytes[0]), "U+\(String(value, radix: 16))")
      #expect(RegexFactors.ByteSet.pictographicSeconds.contains(bytes[1]), "U+\(String(value, radix: 16))")
    }
    #expect(matched > 3000)
    #expect(!Self.mayMatch(#"\?|\p{Extended_Pictographic}"#, "ok see you"))
    #expect(Self.mayMatch(#"\p{Extended_Pictographic}"#, "ok 👍"))
    #expect(!Self.mayMatch(#"\p{Extended_Pictographic}"#, "Paid ₹500 and £20"))
  }

  /// On a text with a digit of another script `\d` is not `[0-9]`: the filter then uses the runs
  /// found with `\d` read as anything, and still never turns away a match.
  @Test func readsOtherScriptsDigitsAsAnything() throws {
    let data = #"(?<!\w)\d+(?:[.,]\d+)? ?(?:mb|gb)(?!\w)"#
    let factor = try #require(RegexFactors.factor(data))
    #expect(factor.flags.contains(.asciiDigits))
    #expect(factor.otherDigits?.map { $0.map(\.count) } == [[2]])  // [mg] b
    // `\w` assumes an ASCII text, which a text with such a digit is not: no fallback.
    #expect(RegexFactors.factor(#"\w\d{5}"#)?.otherDigits == nil)
    #expect(!Self.mayMatch(data, "اعتبار رایگان ۳۰ گیگ اینترنت"))
    #expect(!Self.mayMatch(data, "٣٠ x"))
    let scratch = MatchScratch()
    let patterns = [data, #"(?<!\w)\dx\d(?!\w)"#, #"\d{5,}|\b\d{3}[- ]\d{3,4}\b"#, #"\b\d{1,3}p ?/ ?min"#]
    let texts = [
      "۳۰ mb", "٣٠gb", "3٠ gb", "٣x٢", "3x٢", "१२३४५", "١٢٣-٤٥٦", "१२p/min", "٣٠ gb ٣x٢ १२३४५", "30 mb ٣", "٣ 1x2",
      "۳۰ گیگ", "no digits", "",
    ]
    for source in patterns {
      let pattern = try Pattern(RegexWordCharacters.rewrite(source), options: [.caseless])
      for text in texts
      where pattern.firstMatch(in: Array(TextNormalizer.normalize(text).utf8), scratch: scratch) != .noMatch {
        #expect(Self.mayMatch(source, text), "\(source) on \(text)")
      }
    }
  }

  /// The prefilter's guarantee over the corpus and every body regex of the built-in rules (as
  /// compiled: decomposed, written out with the keywords' word class, gated by literals or not):
  /// where PCRE2 matches the normalised text, the filter lets it through.
  @Test func neverTurnsAwayAMatchOnTheCorpus() throws {
    let ruleSet = try DefaultRules.ruleSet()
    // The matcher keeps the factors of regexes that no literal, or only short ones, gate.
    #expect(try Classifier.builtIn().compiled.regexes.compactMap(\.factor).count > 10)
    var sources = Set<String>()
    for condition in ruleSet.guards.values.map(RegexLowering.lower)
      + ruleSet.rules.map({ RegexLowering.lower($0.condition) })
    {
      sources.formUnion(RegexAdvice.regexes(in: condition))
    }
    // As the builder compiles them: the factor read from the prepared source, PCRE2 given the
    // source with its word class written out.
    let regexes = try sources.sorted().compactMap { source -> (Pattern, RegexFactors.Factor)? in
      let prepared = RegexSource.prepare(source)
      guard let factor = RegexFactors.factor(prepared) else { return nil }
      return (try Pattern(RegexWordCharacters.rewrite(prepared), options: [.caseless]), factor)
    }
    #expect(regexes.count > 40)
    let filter = ByteRunFilter(regexes.map(\.1))
    let scratch = MatchScratch()
    var checked = 0
    for (_, body) in try PackagePaths.corpusMessages() {
      let text = Array(TextNormalizer.normalize(body).utf8)
      text.withUnsafeBufferPointer { buffer in
        let profile = TextProfile(of: buffer)
        let nonASCIIDigit = MatchState.hasNonASCIIDigit(buffer)
        for (index, (pattern, _)) in regexes.enumerated() {
          if filter.mayMatch(index, text: buffer, profile: { profile }, nonASCIIDigit: { nonASCIIDigit }) { continue }
          checked += 1
          #expect(
            pattern.firstMatch(in: text, scratch: scratch) == .noMatch,
            "\(pattern.source) on \(String(decoding: text, as: UTF8.self))")
        }
      }
    }
    #expect(checked > 10_000)
  }
}
