import SMSFilterBenchmarks
import Testing

@testable import SMSFilter

/// The small structures under the compiled matcher, against plain references.
@Suite struct MatchingStructuresTests {
  @Test(arguments: [1, 63, 64, 65, 4095, 4096, 4097, 10_000])
  func candidateSetGivesRulesOnceInOrderAndEndsEmpty(ruleCount: Int) {
    let set = CandidateSet(ruleCount: ruleCount)
    defer { set.deallocate() }
    var random = SplitMix64(seed: UInt64(ruleCount))
    for round in 0..<20 {
      var expected = Set<Int>()
      for _ in 0..<(round * 7 % 50) {
        let rule = Int(random.next() % UInt64(ruleCount))
        set.insert(rule)
        set.insert(rule)  // duplicates cost nothing and come out once
        expected.insert(rule)
      }
      var seen: [Int] = []
      set.removeAll {
        seen.append($0)
        return false
      }
      #expect(seen == expected.sorted())
      // Cleared: nothing comes out of the next visit.
      var after = 0
      set.removeAll { _ in
        after += 1
        return false
      }
      #expect(after == 0)
    }
  }

  @Test func candidateSetStopsAtTheFirstHitAndStillClears() {
    let set = CandidateSet(ruleCount: 1000)
    defer { set.deallocate() }
    for rule in [900, 3, 64, 65, 500] { set.insert(rule) }
    var visited: [Int] = []
    set.removeAll { rule in
      visited.append(rule)
      return rule == 64
    }
    #expect(visited == [3, 64])
    var after: [Int] = []
    set.removeAll {
      after.append($0)
      return false
    }
    #expect(after.isEmpty)
  }

  @Test func automatonRowsDivideExactlyWithoutADivision() {
    for divisor in 1...256 {
      let (shift, inverse) = AhoCorasick.exactDivision(by: divisor)
      for state in [0, 1, 2, 3, 1000, 4095, 65_535, 262_143, 1 << 20] where state * divisor < 1 << 31 {
        let row = UInt32(state * divisor)
        #expect((row >> shift) &* inverse == UInt32(state), "\(state) × \(divisor)")
      }
    }
  }

  @Test(arguments: [0, 200, 2_000, 1 << 20])
  func automatonFindsEveryOccurrenceWhateverItsDenseBudget(budget: Int) {
    // A brute-force reference over random texts and patterns sharing prefixes and suffixes.
    var random = SplitMix64(seed: 42)
    let alphabet = Array("abcab ".utf8)
    func word(_ length: Int) -> [UInt8] {
      (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
    }
    let patterns = (0..<300).map { _ in word(1 + Int(random.next() % 6)) }
    // Each pattern carries two payload words derived from its id, reported with it.
    let payloads = patterns.indices.map { [UInt32($0) &* 7 &+ 1, UInt32($0) ^ 0xABCD] }
    let automaton = AhoCorasick(
      patterns: patterns, payloads: payloads.flatMap { $0 }, payloadWords: 2, denseBudgetBytes: budget)
    for _ in 0..<200 {
      let text = word(Int(random.next() % 120))
      var found: [[Int]] = []
      text.withUnsafeBufferPointer { buffer in
        automaton.scan(buffer) { pattern, end in found.append([pattern, end]) }
      }
      var expected: [[Int]] = []
      for end in 0...text.count {
        for (id, pattern) in patterns.enumerated() where pattern.count <= end {
          if Array(text[(end - pattern.count)..<end]) == pattern { expected.append([id, end]) }
        }
      }
      #expect(Set(found) == Set(expected))
      #expect(found.count == expected.count)
      let reported = text.withUnsafeBufferPointer { automaton.payloads($0) }
      #expect(reported.count == expected.count)
      for entry in reported { #expect(Array(entry.dropFirst()) == payloads[Int(entry[0])]) }
    }
  }
}

@Suite struct SenderKindBitTests {
  @Test func eachKindHasItsOwnBitInCaseOrder() {
    for (index, kind) in SenderKind.allCases.enumerated() {
      #expect(kind.maskBit == 1 << index, "\(kind)")
    }
  }
}

@Suite struct WordBoundaryTests {
  @Test func asciiWordBytesAreDigitsLettersAndUnderscore() {
    for byte in 0...255 {
      let scalar = Unicode.Scalar(UInt8(byte))
      let expected =
        byte < 128 && (scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar)) || byte == 0x5F)
      #expect(WordBoundary.isASCIIWordByte(UInt8(byte)) == expected, "byte \(byte)")
    }
  }

  @Test func theBasicPlaneTableIsWhatTheGeneralCategoriesGive() {
    #expect(WordBoundary.basicPlaneWordBits.count == 0x10000 / 64)
    var wrong: [UInt32] = []
    for value in 0..<UInt32(0x10000) {
      let bit = WordBoundary.basicPlaneWordBits[Int(value >> 6)] >> UInt64(value & 63) & 1 != 0
      if bit != WordBoundary.classifyWordScalar(value) { wrong.append(value) }
    }
    #expect(
      wrong.isEmpty,
      "\(wrong.count) scalars differ, the first U+\(String(wrong.first ?? 0, radix: 16)): run scripts/update-word-table"
    )
  }
}
