import Foundation
import Testing

@testable import SMSFilter

/// The `model:` condition: loading, errors, compiled and plain evaluation alike, explain.
@Suite struct ModelConditionTests {
  let yaml = """
    rules:
      - id: MODEL_JUNK
        action: junk
        when: {model: {junk: 0.6}}
      - id: PARCEL
        action: transaction
        subAction: transactionalOrders
        priority: 1
        when: {all: [{keywords: [parcel]}, {none: [{model: {junk: 0.99}}]}]}
    """

  @Test func aModelConditionWithoutAModelIsALoadErrorNamingTheRule() {
    #expect {
      try Classifier(yaml: yaml)
    } throws: { error in
      guard let error = error as? RuleLoadError else { return false }
      return error.kind == .model && error.ruleID == "PARCEL" && error.description.contains("'model:' condition")
    }
  }

  @Test func thresholdsAndTargetsAreValidated() {
    for bad in [
      "{model: {junk: 1.5}}", "{model: {junk: 0}}", "{model: {spam: 0.5}}", "{model: {}}", "{model: 0.5}",
      "{model: {junk: tops}}", "{model: {junk: {top: false}}}", "{model: {junk: {top: yes please}}}",
      "{model: {junk: {atLeast: 2, top: true}}}", "{model: {junk: {top: true, most: 1}}}",
    ] {
      #expect(throws: RuleLoadError.self, "\(bad)") {
        try Classifier(yaml: "rules:\n  - id: R\n    action: junk\n    when: \(bad)", model: TinyModel.model)
      }
    }
    #expect(throws: Never.self) {
      try Classifier(
        yaml:
          "rules:\n  - id: R\n    action: junk\n    when: {model: {filtered: 0.5, transactionalOrders: 0.3, allow: 1, junk: top, promotionalOffers: {top: true, atLeast: 0.1}, transaction: {atLeast: 0.2}}}",
        model: TinyModel.model)
    }
  }

  @Test func theModelDecidesAndCompiledEqualsPlainEvaluation() throws {
    let classifier = try Classifier(yaml: yaml, model: TinyModel.model)
    let session = classifier.makeSession()
    let bodies = TinyModel.junk + TinyModel.inbox + TinyModel.transaction + ["your parcel prize", "claim parcel"]
    for body in bodies {
      let query = MessageQuery(messageBody: body)
      #expect(session.classify(query) == session.classifyNaively(query), "\(body)")
    }
    #expect(session.classify(MessageQuery(messageBody: "claim your prize, winner")).ruleID == "MODEL_JUNK")
    #expect(session.classify(MessageQuery(messageBody: "lunch at the meeting?")).ruleID == nil)
    #expect(session.classify(MessageQuery(messageBody: "your parcel was delivered")).ruleID == "PARCEL")
  }

  @Test func aBadTopNamesTheFileAndLine() {
    let text = "rules:\n  - id: R\n    action: junk\n    when:\n      model: {junk: {top: maybe}}"
    #expect {
      try Classifier(yaml: text, model: TinyModel.model)
    } throws: { error in
      guard let error = error as? RuleLoadError else { return false }
      return error.location.line == 5 && error.ruleID == "R" && "\(error)".contains("top")
    }
    #expect {
      try Classifier(
        yaml: "rules:\n  - id: R\n    action: junk\n    when:\n      model: {junk: top10}", model: TinyModel.model)
    } throws: { error in
      (error as? RuleLoadError)?.location.line == 5 && "\(error)".contains("'top'")
    }
  }

  /// `top` holds for the argmax at the target's level: among actions for an action, among the
  /// sub-actions of its action for a sub-action; compiled and plain evaluation agree.
  @Test func topIsTheMostLikelyAtItsLevel() throws {
    let yaml = """
      rules:
        - id: TOP_JUNK
          action: junk
          priority: 9
          when: {model: {junk: top}}
        - id: TOP_FILTERED
          action: promotion
          priority: 8
          when: {model: {filtered: {top: true, atLeast: 0.3}}}
        - id: TOP_ORDERS
          action: transaction
          subAction: transactionalOrders
          priority: 7
          when: {all: [{model: {transaction: top}}, {model: {transactionalOrders: top}}]}
        - id: TOP_OTHERS
          action: transaction
          subAction: transactionalOthers
          priority: 7
          when: {all: [{model: {transaction: top}}, {model: {transactionalOthers: top}}]}
        - id: TOP_INBOX
          action: allow
          priority: 6
          when: {model: {allow: top}}
      """
    let classifier = try Classifier(yaml: yaml, model: TinyModel.model)
    let session = classifier.makeSession()
    let model = TinyModel.model
    let bodies =
      TinyModel.junk + TinyModel.inbox + TinyModel.transaction + [
        "your parcel prize", "claim parcel", "lunch code", "meeting parcel delivered", "", "zzz",
      ]
    for body in bodies {
      let query = MessageQuery(messageBody: body)
      let decision = session.classify(query)
      #expect(decision == session.classifyNaively(query), "\(body)")
      var normalized = NormalizedText()
      TextNormalizer.normalize(body, into: &normalized)
      let p = model.probabilities(
        of: {
          var buffer = FeatureBuffer()
          var original = body
          original.withUTF8 { original in
            normalized.bytes.withUnsafeBufferPointer {
              model.extractor.extract(normalized: $0, original: original, senderKind: .unknown, into: &buffer)
            }
          }
          return buffer
        }())
      func sum(_ classes: [ModelClass]) -> Float { classes.reduce(0) { $0 + p[$1.rawValue] } }
      let actions = [Action.allow, .junk, .promotion, .transaction].map { action in
        (action, sum(ModelClass.allCases.filter { $0.action == action }))
      }
      let best = try #require(actions.max { $0.1 < $1.1 })
      // The expected rule, from the probabilities directly.
      let expected: String
      if best.0 == .junk {
        expected = "TOP_JUNK"
      } else if actions[1].1 + actions[2].1 >= max(actions[0].1, actions[3].1), actions[1].1 + actions[2].1 >= 0.3 {
        expected = "TOP_FILTERED"
      } else if best.0 == .transaction {
        expected =
          p[ModelClass.transactionalOrders.rawValue] >= ModelClass.allCases.filter {
            $0.action == .transaction && $0 != .transactionalOrders
          }.map { p[$0.rawValue] }.max() ?? 0 ? "TOP_ORDERS" : "TOP_OTHERS"
      } else {
        expected = "TOP_INBOX"
      }
      #expect(decision.ruleID == expected, "\(body): \(actions)")
    }
    #expect(session.classify(MessageQuery(messageBody: "claim your prize, winner")).ruleID == "TOP_JUNK")
    #expect(session.classify(MessageQuery(messageBody: "see you at lunch")).ruleID == "TOP_INBOX")
    let explanation = classifier.explain(MessageQuery(messageBody: "claim your cash prize now"))
    let span = try #require(explanation.matches.first { $0.rule.id == "TOP_JUNK" }?.spans.first)
    #expect(span.kind == .model && span.pattern == "junk top" && (Double(span.text) ?? 0) > 0.25)
  }

  @Test func explainShowsTheThresholdTheProbabilitiesAndTheFeatures() throws {
    let classifier = try Classifier(yaml: yaml, model: TinyModel.model)
    let explanation = classifier.explain(MessageQuery(messageBody: "claim your cash prize now"))
    let span = try #require(explanation.matches.first { $0.rule.id == "MODEL_JUNK" }?.spans.first)
    #expect(span.kind == .model && span.pattern == "junk >= 0.6" && (Double(span.text) ?? 0) >= 0.6)
    let model = try #require(explanation.model)
    #expect(model.topClass == .junk && model.probabilities.first?.modelClass == .junk)
    #expect(
      model.features.contains { ["pri", "riz", "cla", "lai"].contains(where: $0.name.contains) }, "\(model.features)")
    #expect(model.features.count <= ModelExplanation.featureLimit)
  }

  @Test func theHeaderNamesAModelFileRelativeToTheRuleFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("smsfilter-model-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(TinyModel.bytes()).write(to: folder.appendingPathComponent("tiny.smsmodel"))
    try Data(("model: tiny.smsmodel\n" + yaml).utf8).write(to: folder.appendingPathComponent("rules.yaml"))
    let classifier = try Classifier(contentsOf: [folder.appendingPathComponent("rules.yaml").path])
    #expect(classifier.model != nil)
    try Data(("model: missing.smsmodel\n" + yaml).utf8).write(to: folder.appendingPathComponent("rules.yaml"))
    #expect {
      try Classifier(contentsOf: [folder.appendingPathComponent("rules.yaml").path])
    } throws: { error in
      (error as? RuleLoadError)?.kind == .model && "\(error)".contains("missing.smsmodel")
    }
  }

  @Test func theBuiltInRulesUseTheBuiltInModel() throws {
    let classifier = try Classifier.builtIn()
    #expect(classifier.model?.source == "<built-in>")
    #expect(classifier.rulesInDecisionOrder.contains { $0.id == "MODEL_JUNK" })
  }
}
