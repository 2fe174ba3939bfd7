import Foundation
import Testing

@testable import SMSFilter

#if canImport(Glibc)
import Glibc
#endif

/// The loader cannot be made to hang or bloat (issue 12): aliases, guards built on guards,
/// huge keyword lists, nesting, size, non-regular files and a byte order mark.
@Suite struct LoaderLimitTests: LoadsRuleText {
  @Test func anAliasBombIsRefused() throws {
    // Each level refers twice to the one before: 40 levels stand for 2^40 conditions in 2 KB.
    var yaml = "guards:\n  g0: &a0 {keywords: x}\n"
    for level in 1..<40 { yaml += "  g\(level): {any: &a\(level) [{any: *a\(level - 1)}, {any: *a\(level - 1)}]}\n" }
    yaml += "rules:\n  - {id: BOMB, action: junk, when: {guard: g39}}\n"
    #expect(yaml.utf8.count < 2_500)
    let error = try #require(loadError(yaml))
    #expect(error.kind == .limit)
    #expect(error.message.contains("aliases expanded"))
  }

  /// Guards `g0` … `g(levels-1)`, each referring twice to the one before; a rule uses the last.
  func doublingGuards(_ levels: Int) -> String {
    var yaml = "guards:\n  g0: {keywords: hello}\n"
    for level in 1..<levels {
      yaml += "  g\(level): {any: [{guard: g\(level - 1)}, {all: [{guard: g\(level - 1)}, {keywords: zz\(level)}]}]}\n"
    }
    return yaml + "rules:\n  - {id: DOUBLE, action: junk, when: {guard: g\(levels - 1)}}\n"
  }

  @Test func guardsDoublingAreCheckedAndEvaluatedOnce() throws {
    // As deep as allowed: 2^16 paths through 16 guards, each checked and evaluated once.
    let classifier = try Classifier(ruleSet: load(doublingGuards(RuleFileLimits.maxGuardDepth)))
    #expect(classifier.classify(MessageQuery(messageBody: "hello")).ruleID == "DOUBLE")
    let explanation = classifier.explain(MessageQuery(messageBody: "hello"))
    #expect(explanation.matches.flatMap(\.spans).count == 1)
  }

  @Test func chainsOfGuardsDeeperThanTheLimitAreRefused() throws {
    // 24 guards doubling (issue 12's case), and a chain of 5,000 whose names sort against it.
    var chain = "guards:\n  z9999: {keywords: hello}\n"
    for step in 1..<5_000 {
      chain += "  z\(9999 - step): {any: [{guard: z\(9999 - step + 1)}, {keywords: w\(step)}]}\n"
    }
    chain += "rules:\n  - {id: CHAIN, action: junk, when: {guard: z5000}}\n"
    for yaml in [doublingGuards(24), chain] {
      let error = try #require(loadError(yaml))
      #expect(error.kind == .limit)
      #expect(error.message.contains("guards refer to guards more than \(RuleFileLimits.maxGuardDepth) deep"))
    }
  }

  @Test func aCycleOfGuardsIsStillRefused() throws {
    let error = try #require(
      loadError(
        """
        guards:
          a: {any: [{guard: b}, {keywords: x}]}
          b: {guard: a}
        rules:
          - {id: R, action: junk, when: {guard: a}}
        """))
    #expect(error.kind == .unknownGuard("a") || error.kind == .unknownGuard("b"))
    #expect(error.message.contains("cycle"))
  }

  @Test func aHugeKeywordListLoads() throws {
    let count = 200_000
    var yaml = "rules:\n  - id: KW\n    action: junk\n    when:\n      keywords:\n"
    yaml.reserveCapacity(count * 20)
    for index in 0..<count { yaml += "        - kw\(index)x\n" }
    let classifier = try Classifier(ruleSet: load(yaml))
    #expect(classifier.classify(MessageQuery(messageBody: "see kw\(count - 1)x")).ruleID == "KW")
    #expect(classifier.classify(MessageQuery(messageBody: "see kw\(count)x")).ruleID == nil)
  }

  @Test func nestingDeeperThanTheLimitIsRefused() throws {
    let depth = RuleFileLimits.maxDepth
    let condition = String(repeating: "{all: [", count: depth) + "{keywords: x}" + String(repeating: "]}", count: depth)
    let error = try #require(loadError("rules:\n  - {id: DEEP, action: junk, when: \(condition)}\n"))
    #expect(error.kind == .limit)
    #expect(error.message.contains("nest deeper than \(depth)"))
  }

  @Test func sizeLimitsAreClearErrors() throws {
    #expect(throws: RuleLoadError.self) {
      try RuleFileLimits.checkSize(RuleFileLimits.maxFileBytes + 1, file: "big.yaml")
    }
    try RuleFileLimits.checkSize(RuleFileLimits.maxFileBytes, file: "big.yaml")
  }

  @Test func aByteOrderMarkAtTheStartIsAccepted() throws {
    let set = try load("\u{FEFF}ruleset: bom\nrules:\n  - {id: B, action: junk, when: {keywords: win}}\n")
    #expect(set.name == "bom" && set.rules.count == 1)
    #expect(set.rules[0].location.line == 3)
  }

  @Test func aFIFOIsRefusedWithoutBlocking() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString).yaml").path
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    do {
      _ = try RuleLoader.load(paths: [path])
      Issue.record("a FIFO loaded")
    } catch {
      #expect(error.kind == .unreadable)
      #expect(error.message == "not a regular file")
    }
  }
}
