import Foundation
import Testing

@testable import SMSFilter

@Suite struct RuleLoaderTests: LoadsRuleText {
  @Test func aValidFileLoads() throws {
    let set = try load(
      """
      ruleset: demo
      capabilities:
        transactional: [transactionalFinance]
        promotional: [promotionalOffers]
      fallback: allow
      guards:
        link:
          regex: 'https?://'
      rules:
        - id: DEBIT
          action: transaction
          subAction: transactionalFinance
          priority: 5
          when:
            - keywords: [debited]
            - regex: '\\d'
          unless:
            - guard: link
      """)
    #expect(set.name == "demo" && set.fallbackAction == .allow && set.rules.count == 1)
    #expect(set.capabilities.transactional == [.transactionalFinance])
    #expect(set.rules[0].location.line == 10)
  }

  @Test func unknownKeyIsAnErrorWithItsPosition() throws {
    let error = try #require(
      loadError(
        """
        rules:
          - id: X
            action: junk
            when: {keywords: [win]}
            priorty: 3
        """))
    #expect(error.kind == .unknownKey("priorty"))
    #expect(error.location.line == 5 && error.location.column == 5)
    #expect(error.ruleID == "X")
    #expect(error.description.hasPrefix("test.yaml:5:5: rule X: unknown key 'priorty'"))
    #expect(error.message.contains("did you mean 'priority'"))
  }

  @Test func badRegexCarriesPCRE2MessageAndOffset() throws {
    let error = try #require(
      loadError(
        """
        rules:
          - id: BAD_RX
            action: junk
            when:
              regex: 'prize(s'
        """))
    guard case .regex(let info) = error.kind else {
      Issue.record("expected a regex error, got \(error)")
      return
    }
    #expect(info.offset == 7)
    #expect(info.message.contains("missing closing parenthesis"))
    #expect(error.location.line == 5 && error.ruleID == "BAD_RX")
  }

  @Test func dangerousRegexIsRefused() throws {
    let error = try #require(loadError("rules:\n  - id: R\n    action: junk\n    when: {regex: '(a+)+b'}\n"))
    #expect(error.kind == .dangerousRegex)
    #expect(error.message.contains("nested unbounded quantifiers"))
  }

  /// An empty regex would match every message (an empty keyword is refused too); a huge pattern
  /// or one with thousands of capture groups would make every match costly.
  @Test func emptyHugeAndCaptureHeavyRegexesAreRefused() throws {
    func rule(_ regex: String) -> String { "rules:\n  - id: R\n    action: junk\n    when: {regex: '\(regex)'}\n" }
    let empty = try #require(loadError(rule("")))
    #expect(empty.kind == .invalidValue && empty.message.contains("empty regex"))
    let huge = try #require(loadError(rule(String(repeating: "ab", count: 3_000))))
    #expect(huge.kind == .dangerousRegex && huge.message.contains("longer than"))
    let captures = try #require(loadError(rule(String(repeating: "()", count: 40) + "(?:a|b)*c")))
    #expect(captures.kind == .dangerousRegex && captures.message.contains("capture groups"))
  }

  @Test func missingKeysAndBadValues() throws {
    #expect(loadError("rules:\n  - action: junk\n    when: {keywords: [x]}\n")?.kind == .missingKey("id"))
    #expect(loadError("rules:\n  - id: A\n    when: {keywords: [x]}\n")?.kind == .missingKey("action"))
    #expect(loadError("rules:\n  - id: A\n    action: junk\n")?.kind == .missingKey("when"))
    #expect(loadError("rules:\n  - id: A\n    action: spam\n    when: {keywords: [x]}\n")?.kind == .invalidValue)
    let wrongPair = loadError(
      "rules:\n  - id: A\n    action: transaction\n    subAction: promotionalCoupons\n    when: {keywords: [x]}\n")
    #expect(wrongPair?.kind == .invalidValue)
    #expect(wrongPair?.message.contains("does not belong to action transaction") == true)
    #expect(
      loadError("rules:\n  - id: A\n    action: junk\n    priority: high\n    when: {keywords: [x]}\n")?.kind
        == .invalidValue)
  }

  @Test func duplicateIdsAndUnknownGuards() throws {
    let duplicate = loadError(
      "rules:\n  - id: A\n    action: junk\n    when: {keywords: [x]}\n  - id: A\n    action: junk\n    when: {keywords: [y]}\n"
    )
    #expect(duplicate?.kind == .duplicate("A"))
    #expect(duplicate?.location.line == 5)
    let unknown = loadError("rules:\n  - id: A\n    action: junk\n    when: {guard: nope}\n")
    #expect(unknown?.kind == .unknownGuard("nope"))
    let cycle = loadError("guards:\n  a: {guard: b}\n  b: {guard: a}\nrules: []\n")
    #expect(cycle?.message.contains("cycle") == true)
  }

  @Test func capabilitiesOverTheLimitAreRefused() throws {
    let error = try #require(
      loadError(
        """
        capabilities:
          transactional: [transactionalOthers, transactionalFinance, transactionalOrders, transactionalReminders, transactionalHealth, transactionalWeather]
        rules: []
        """))
    #expect(error.kind == .capabilities(.tooMany(.transactional, count: 6, limit: 5)))
    #expect(error.message.contains("limit is 5"))
    #expect(error.location.line == 2)
  }

  @Test func yamlSyntaxErrorsHaveAPosition() throws {
    let error = try #require(loadError("rules:\n  - id: A\n    action: [junk\n"))
    #expect(error.kind == .syntax)
    #expect(error.location.line >= 3)
  }

  @Test func loadingIsAllOrNothingAcrossFiles() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try "rules:\n  - id: GOOD\n    action: junk\n    when: {keywords: [prize]}\n".write(
      to: directory.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
    try "rules:\n  - id: BAD\n    action: junk\n    when: {regex: '('}\n".write(
      to: directory.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
    #expect(throws: RuleLoadError.self) { try RuleLoader.load(paths: [directory.path]) }
    do {
      _ = try RuleLoader.load(paths: [directory.path])
    } catch {
      #expect(error.location.file.hasSuffix("b.yaml"))
      #expect(error.location.line == 4)
    }
  }

  @Test func headerDeclaredTwiceIsRefused() {
    let error: RuleLoadError?
    do {
      _ = try RuleLoader.load(sources: [
        ("a.yaml", "fallback: none\nrules: []\n"), ("b.yaml", "fallback: allow\nrules: []\n"),
      ])
      error = nil
    } catch let thrown {
      error = thrown
    }
    #expect(error?.kind == .conflictingHeader("fallback"))
    #expect(error?.message.contains("a.yaml:1:1") == true)
  }
}
