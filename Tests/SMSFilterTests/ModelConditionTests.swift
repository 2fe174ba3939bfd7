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
    for bad in ["{model: {junk: 1.5}}", "{model: {junk: 0}}", "{model: {spam: 0.5}}", "{model: {}}", "{model: 0.5}"] {
      #expect(throws: RuleLoadError.self, "\(bad)") {
        try Classifier(yaml: "rules:\n  - id: R\n    action: junk\n    when: \(bad)", model: TinyModel.model)
      }
    }
    #expect(throws: Never.self) {
      try Classifier(
        yaml:
          "rules:\n  - id: R\n    action: junk\n    when: {model: {filtered: 0.5, transactionalOrders: 0.3, allow: 1}}",
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
