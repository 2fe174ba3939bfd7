import CEmbeddedFiles
import Foundation
import Testing

@testable import SMSFilter

@Suite struct DefaultRulesTests {
  @Test func theBuiltInModelAndSnapshotAreTheFilesOnDiskReadInPlace() throws {
    var count = 0
    let modelBase = try #require(smsfilter_embedded_model(&count))
    let model = try DefaultModel.builtIn()
    // The model reads the embedded bytes where they are: no copy.
    #expect(model.fileBytes.baseAddress == UnsafeRawPointer(modelBase))
    #expect(model.fileBytes.count == count)
    #expect(Int(bitPattern: modelBase) % 64 == 0)
    let modelFile = try #require(
      FileManager.default.contents(atPath: PackagePaths.root.appendingPathComponent("models/default.smsmodel").path))
    #expect(Array(model.fileBytes) == [UInt8](modelFile))
    let snapshotFile = try #require(
      FileManager.default.contents(atPath: PackagePaths.root.appendingPathComponent("snapshots/rules.snapshot").path))
    #expect(Array(DefaultRules.snapshotBytes) == [UInt8](snapshotFile))
  }

  @Test func theBuiltInRulesLoadAndMatchTheFilesOnDisk() throws {
    let builtIn = try DefaultRules.ruleSet()
    let onDisk = try RuleLoader.load(paths: [PackagePaths.rules])
    #expect(builtIn.rules.map(\.id) == onDisk.rules.map(\.id))
    #expect(!builtIn.rules.isEmpty)
  }

  @Test func declaredCapabilitiesAreWithinTheLimits() throws {
    let caps = try DefaultRules.ruleSet().capabilities
    #expect(caps.transactional.count <= 5 && caps.promotional.count <= 5)
    #expect(!caps.transactional.isEmpty && !caps.promotional.isEmpty)
  }

  @Test func everyRuleHasExamplesAndTheyPass() throws {
    let classifier = try Classifier.builtIn()
    for rule in classifier.ruleSet.rules {
      #expect(!rule.matchingExamples.isEmpty, "\(rule.location): rule \(rule.id) has no match example")
      #expect(!rule.nonMatchingExamples.isEmpty, "\(rule.location): rule \(rule.id) has no noMatch example")
    }
    let report = RuleExampleCheck.run(classifier)
    for failure in report.failures { Issue.record("\(failure)") }
    #expect(report.examplesChecked > 0)
  }

  @Test func theRulesCoverEverySubActionAndJunk() throws {
    let rules = try DefaultRules.ruleSet().rules
    for subAction in SubAction.allCases where subAction != .none {
      #expect(rules.contains { $0.subAction == subAction }, "no rule returns \(subAction)")
    }
    #expect(rules.contains { $0.action == .junk })
  }

  @Test func aBankDebitIsFinanceAndDropsUnderOtherCapabilities() throws {
    let query = MessageQuery(messageBody: "Rs 2,500.00 debited from A/c XX1234 on 21-11-26")
    let decision = try Classifier.builtIn().classify(query)
    #expect(decision.action == .transaction && decision.subAction == .transactionalFinance)
    let narrowed = try Classifier.builtIn(capabilities: Capabilities(parsing: "transactionalOrders,promotionalCoupons"))
    let dropped = narrowed.classify(query)
    #expect(dropped.action == .transaction && dropped.subAction == .none)
  }
}
