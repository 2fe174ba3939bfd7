import Foundation
import Testing

@testable import SMSFilter
@testable import SMSFilterEvaluation

/// Fails when a change to the default rules (or the engine) lowers a headline metric on the
/// project's corpus below the committed baseline, `corpus/baseline.json`. Raise the baseline
/// (scripts/update-baseline.sh) when the rules get better.
@Suite struct QualityGateTests {
  struct Baseline: Decodable {
    let actionAccuracy: Double
    let actionMacroF1: Double
    let subActionAccuracy: Double
    let subActionMacroF1: Double
  }

  @Test func defaultRulesStayAtOrAboveTheBaseline() throws {
    let data = try Data(contentsOf: Paths.root.appendingPathComponent("corpus/baseline.json"))
    let baseline = try JSONDecoder().decode(Baseline.self, from: data)
    let messages = try CorpusReader().read(paths: [Paths.corpus])
    var evaluator = Evaluator(classifier: try Classifier.builtIn())
    evaluator.perRuleStatistics = false
    let report = evaluator.evaluate(messages)
    let slack = 1e-9
    #expect(
      report.action.accuracy + slack >= baseline.actionAccuracy,
      "action accuracy \(report.action.accuracy) < baseline \(baseline.actionAccuracy)")
    #expect(
      report.action.macroF1 + slack >= baseline.actionMacroF1,
      "action macro-F1 \(report.action.macroF1) < baseline \(baseline.actionMacroF1)")
    #expect(
      report.subAction.accuracy + slack >= baseline.subActionAccuracy,
      "sub-action accuracy \(report.subAction.accuracy) < baseline \(baseline.subActionAccuracy)")
    #expect(
      report.subAction.macroF1 + slack >= baseline.subActionMacroF1,
      "sub-action macro-F1 \(report.subAction.macroF1) < baseline \(baseline.subActionMacroF1)")
  }
}
