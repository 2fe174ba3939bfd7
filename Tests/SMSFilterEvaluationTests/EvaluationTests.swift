import Foundation
import SMSFilterBenchmarks
import Testing

@testable import SMSFilter
@testable import SMSFilterEvaluation

enum Paths {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static var corpus: String { root.appendingPathComponent("corpus").path }
}

@Suite struct CorpusReaderTests {
  @Test func malformedLinesAreRefusedWithTheirLineNumber() {
    let reader = CorpusReader()
    let cases: [(String, String)] = [
      ("{\"body\":\"x\",\"action\":\"junk\"}\n{not json}\n", "f.jsonl:2"),
      ("{\"body\":\"x\",\"action\":\"spam\"}\n", "f.jsonl:1"),
      ("\n\n{\"body\":\"x\",\"action\":\"transaction\",\"subAction\":\"promotionalOffers\"}\n", "f.jsonl:3"),
      ("{\"body\":\"x\",\"action\":\"junk\",\"lable\":\"oops\"}\n", "f.jsonl:1"),
      ("{\"action\":\"junk\"}\n", "f.jsonl:1"),
    ]
    for (text, location) in cases {
      #expect(throws: CorpusError.self) { try reader.parseJSONLines(text, file: "f.jsonl") }
      do {
        _ = try reader.parseJSONLines(text, file: "f.jsonl")
      } catch {
        #expect(error.location == location, "\(error)")
      }
    }
  }

  @Test func tsvWithALabelMap() throws {
    let map = try CorpusReader.parseLabelMap("ham=allow|none,spam=junk|promotion")
    let reader = CorpusReader(labelMap: map)
    let messages = try reader.parseTSV("ham\thi there\r\nspam\tWIN now\n", file: "d.tsv")
    #expect(messages.count == 2)
    #expect(messages[0].acceptedActions == [.allow, .none])
    #expect(messages[1].acceptedActions == [.junk, .promotion])
    #expect(messages[0].query.messageBody == "hi there")
    #expect(throws: CorpusError.self) { try reader.parseTSV("eggs\tx\n", file: "d.tsv") }
  }

  @Test func theProjectCorpusIsWellFormedAndLargeEnough() throws {
    let messages = try CorpusReader().read(paths: [Paths.corpus])
    #expect(messages.count >= 1500)
    #expect(Set(messages.map(\.query.messageBody)).count == messages.count, "bodies must be distinct")
    for subAction in SubAction.allCases where subAction != .none {
      #expect(messages.filter { $0.subAction == subAction }.count >= 60, "\(subAction)")
    }
    #expect(messages.filter { $0.acceptedActions == [.allow] }.count >= 200)
    #expect(messages.filter { $0.acceptedActions == [.junk] }.count >= 200)
  }
}

@Suite struct MetricsTests {
  @Test func perClassScores() {
    let pairs: [(expected: String, predicted: String)] = [
      ("a", "a"), ("a", "b"), ("b", "b"), ("b", "b"), ("c", "a"),
    ]
    let metrics = ClassificationMetrics(pairs: pairs, order: ["a", "b", "c"])
    #expect(metrics.accuracy == 3.0 / 5.0)
    #expect(metrics.classes["a"]?.precision == 0.5)
    #expect(metrics.classes["a"]?.recall == 0.5)
    #expect(abs((metrics.classes["b"]?.precision ?? 0) - 2.0 / 3.0) < 1e-9)
    #expect(metrics.classes["b"]?.recall == 1)
    #expect(metrics.classes["c"]?.f1 == 0 && metrics.classes["c"]?.support == 1)
    #expect(metrics.confusion.matrix == [[1, 1, 0], [0, 2, 0], [1, 0, 0]])
    let f1b = 2 * (2.0 / 3.0) * 1 / (2.0 / 3.0 + 1)
    #expect(abs(metrics.macroF1 - (0.5 + f1b + 0) / 3) < 1e-9)
  }

  @Test func noneCountsAsRightForAllowAndUndeclaredSubActionsCompareAsNone() throws {
    let classifier = try Classifier(
      yaml: """
        capabilities:
          transactional: [transactionalOrders]
        rules:
          - id: FIN
            action: transaction
            subAction: transactionalFinance
            when: {keywords: [debited]}
        """)
    let messages = [
      LabeledMessage(query: MessageQuery(messageBody: "hi mom"), acceptedActions: [.allow]),
      LabeledMessage(
        query: MessageQuery(messageBody: "Rs 5 debited"), acceptedActions: [.transaction],
        subAction: .transactionalFinance),
    ]
    let report = Evaluator(classifier: classifier).evaluate(messages)
    #expect(report.action.accuracy == 1)
    #expect(report.subAction.accuracy == 1)  // finance is undeclared: expected none, decided none
    #expect(report.subActionUnadjusted.accuracy == 1)  // the rule proposed finance, labeled finance
    #expect(report.misclassified.isEmpty)
    // The confusion matrix keeps allow and none apart.
    let labels = report.action.confusion.labels
    #expect(labels.contains("allow") && labels.contains("none"))
    #expect(report.rules.first?.matches == 1 && report.rules.first?.decided == 1)
  }

  @Test func comparisonListsChangedDecisions() throws {
    let a = try Classifier(yaml: "rules:\n  - id: A\n    action: junk\n    when: {keywords: [win]}\n")
    let b = try Classifier(yaml: "rules:\n  - id: B\n    action: junk\n    when: {keywords: [prize]}\n")
    let messages = [
      LabeledMessage(query: MessageQuery(messageBody: "win a prize"), acceptedActions: [.junk]),
      LabeledMessage(query: MessageQuery(messageBody: "did we win?"), acceptedActions: [.allow]),
      LabeledMessage(query: MessageQuery(messageBody: "prize draw"), acceptedActions: [.junk]),
    ]
    let report = Evaluator(classifier: a).evaluate(messages, compareWith: b)
    let comparison = try #require(report.comparison)
    #expect(comparison.better == 2 && comparison.worse == 0)
    #expect(comparison.changed.count == 2)
  }

  @Test func jsonReportHasTheDocumentedKeys() throws {
    let classifier = try Classifier.builtIn()
    let messages = [LabeledMessage(query: MessageQuery(messageBody: "hello"), acceptedActions: [.allow])]
    let json = ReportFormatter.json(Evaluator(classifier: classifier).evaluate(messages))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["messages"] as? Int == 1)
    for key in ["action", "subAction"] {
      let section = try #require(object[key] as? [String: Any])
      #expect(section["accuracy"] is Double)
      #expect(section["macroF1"] is Double)
      let classes = try #require(section["classes"] as? [String: [String: Any]])
      #expect(!classes.isEmpty)
      for scores in classes.values {
        for field in ["precision", "recall", "f1", "support"] { #expect(scores[field] != nil) }
      }
    }
  }
}

/// The compiled matcher agrees with plain per-rule evaluation on generated rule sets too.
@Suite struct SyntheticEquivalenceTests {
  @Test(arguments: [10, 300, 2000])
  func compiledEqualsNaive(ruleCount: Int) throws {
    let workload = SyntheticWorkload(seed: 7, vocabularySize: 3000)
    let classifier = try Classifier(
      ruleSet: RuleLoader.load(sources: [("synthetic.yaml", workload.rulesYAML(count: ruleCount))]), budget: .unlimited)
    let session = classifier.makeSession()
    var matched = 0
    for query in workload.messages(count: 1500) {
      let compiled = session.classify(query)
      #expect(compiled == session.classifyNaively(query), "\(query.messageBody)")
      if compiled.ruleID != nil { matched += 1 }
    }
    #expect(matched > 0)  // the workload does exercise the rules
  }
}

/// The scaling series measures its rule sets in turns: one result per rule set, in order, each
/// from passes of every round.
@Suite struct InterleavedThroughputTests {
  @Test func eachClassifierGetsItsOwnFiguresFromEveryRound() throws {
    let workload = SyntheticWorkload(seed: 3, vocabularySize: 500)
    // A quick rule set and one tens of times slower (200 regexes without literals run on every
    // message), in that order: the results must come back in the same order.
    let quick = try Classifier(ruleSet: RuleLoader.load(sources: [("r.yaml", workload.rulesYAML(count: 5))]))
    let slow = try Classifier(
      ruleSet: RuleSet(
        rules: (0..<200).map { Rule(id: "R\($0)", action: .junk, condition: .regex(#"\d{7}[a-z]{\#($0 % 9 + 1)}\d"#)) }),
      budget: .unlimited)
    let messages = workload.messages(count: 300)
    let results = Benchmark.interleavedThroughput([quick, slow], messages, seconds: 0.03, turnSeconds: 0.01)
    #expect(results.count == 2)
    for result in results { #expect(result.passes >= 3) }  // at least one pass in each of three rounds
    #expect(results[0].messagesPerSecond > 5 * results[1].messagesPerSecond)
    #expect(results[0].passes > results[1].passes)
  }
}

/// A corpus whose messages carry `lang` gets a per-language summary.
@Suite struct LanguageSummaryTests {
  @Test func theReportSummarisesEachLanguage() throws {
    let messages = try CorpusReader().parseJSONLines(
      """
      {"body": "lunch at noon?", "action": "allow", "lang": "en"}
      {"body": "claim your prize now", "action": "junk", "lang": "en"}
      {"body": "¿comemos a las dos?", "action": "allow", "lang": "es"}
      """, file: "t.jsonl")
    let classifier = try Classifier(
      yaml: "rules:\n  - id: P\n    action: junk\n    when: {keywords: [prize]}\n")
    var evaluator = Evaluator(classifier: classifier)
    evaluator.perRuleStatistics = false
    let languages = try #require(evaluator.evaluate(messages).languages)
    #expect(languages.map(\.name) == ["en", "es"])
    #expect(languages[0].messages == 2 && languages[0].filtering.unwantedCaught == 1)
    #expect(languages[1].actionAccuracy == 1 && languages[1].filtering.wanted == 1)
    #expect(ReportFormatter.text(evaluator.evaluate(messages)).contains("== Languages =="))
  }
}

/// Out-of-fold evaluation keys folds on the text as the features see it, so near-copies never
/// train the model that judges them.
@Suite struct FoldKeyTests {
  @Test func nearCopiesShareAFoldAndOtherTextsSpread() {
    let key = { (body: String) in ModelTraining.foldKey(of: MessageQuery(messageBody: body)) }
    #expect(key("Claim your prize 1234 now") == key("claim  your PRIZE 9876 now"))
    #expect(key("código 123") == key("Codigo 456"))
    #expect(key("claim your prize now") != key("claim your prizes now"))
    // Texts that differ in letters (digits fold to 0, so they would not) spread over every fold.
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let folds = Set(
      (0..<200).map {
        ModelTraining.fold(
          of: LabeledMessage(
            query: MessageQuery(messageBody: "message \(letters[$0 % 26])\(letters[$0 / 26])"),
            acceptedActions: [.allow]),
          folds: 5)
      })
    #expect(folds == Set(0..<5))
  }
}
