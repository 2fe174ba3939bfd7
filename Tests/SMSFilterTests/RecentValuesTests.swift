import Testing

@testable import SMSFilter

/// The two-generation cache of look-alike verdicts, skeletons and sender brands.
@Suite struct RecentValuesTests {
  /// A stream that asks about a little more keys than a generation holds, in turn, still mostly
  /// hits (emptying one table when full made each such lookup a miss), and the cache never holds
  /// more than two generations.
  @Test func aWorkingSetALittleLargerThanAGenerationMostlyHits() {
    var cache = RecentValues<Int, Int>(limit: 100)
    for _ in 0..<10 {
      for key in 0..<115 {
        if let value = cache.value(for: key) {
          #expect(value == key * 3)
        } else {
          cache.remember(key * 3, for: key)
        }
      }
    }
    #expect(cache.hits + cache.misses == 1150)
    // The first pass misses all 115; of the 1,035 lookups after it, fewer than a fifth miss
    // (about 140: each retirement drops the keys not asked about since the one before). Emptying
    // the table when full missed nearly all of them.
    #expect(cache.misses - 115 < 1035 / 5, "\(cache.misses) misses")
    #expect(cache.heldCount <= 200)
  }

  /// A value is answered from either generation, and a key asked about keeps its value across
  /// a retirement.
  @Test func valuesSurviveOneRetirement() {
    var cache = RecentValues<String, Int>(limit: 2)
    cache.remember(1, for: "a")
    cache.remember(2, for: "b")
    cache.remember(3, for: "c")  // retires {a, b}
    #expect(cache.value(for: "a") == 1)  // carried into the newer generation {c, a}
    cache.remember(4, for: "d")  // retires {c, a}
    #expect(cache.value(for: "b") == nil)
    #expect(cache.value(for: "a") == 1 && cache.value(for: "c") == 3 && cache.value(for: "d") == 4)
  }

  /// The built-in rules' look-alike verdicts on `corpus/`, read twice over: the second reading
  /// is answered from the cache (its hosts are about 4,700, a generation holds 4,096).
  @Test func theCorpusHostsVerdictsAreRememberedAcrossReadings() throws {
    let session = try Classifier(ruleSet: DefaultRules.ruleSet()).makeSession()
    let messages = try PackagePaths.corpusMessages()
    for message in messages { _ = session.classify(MessageQuery(sender: message.sender, messageBody: message.body)) }
    let first = session.matcher.state.entities.lookalikes
    for message in messages { _ = session.classify(MessageQuery(sender: message.sender, messageBody: message.body)) }
    let second = session.matcher.state.entities.lookalikes
    let (hits, misses) = (second.hits - first.hits, second.misses - first.misses)
    print("look-alike verdicts, second reading of corpus/: \(hits) hits, \(misses) misses")
    #expect(hits > 0 && misses * 10 < hits + misses, "\(hits) hits, \(misses) misses")
  }
}
