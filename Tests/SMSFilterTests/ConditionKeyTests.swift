import Foundation
import Testing

@testable import SMSFilter

/// The condition-key registry is the one source of the loader's keys and the README's table.
@Suite struct ConditionKeyTests {
  @Test func theREADMEConditionTableIsTheRegistrys() throws {
    let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(
      readme.contains(ConditionKey.markdownTable), "regenerate the README's table from ConditionKey.markdownTable")
  }

  @Test func theLoaderAcceptsExactlyTheRegistrysKeys() {
    #expect(RuleLoader.conditionKeys == Set(ConditionKey.allCases.map(\.rawValue)))
  }

  /// Every key loads in a rule (none is accepted by the key check and then ignored).
  @Test(arguments: ConditionKey.allCases)
  func everyKeyLoadsAndCompiles(_ key: ConditionKey) throws {
    let value: String
    switch key {
    case .keywords, .allKeywords: value = "[alpha]"
    case .regex, .senderRegex: value = "'alp+ha'"
    case .sender, .senderPrefix: value = "[ALPHA]"
    case .senderKind: value = "[alphanumeric]"
    case .country: value = "[IN]"
    case .mixedScript: value = "true"
    case .all, .any, .none: value = "[{keywords: [alpha]}]"
    case .atLeast: value = "1, of: [{keywords: [alpha]}]"
    case .guard: value = "g"
    case .model: value = "{junk: 0.5}"
    case .link: value = "{domain: [alpha.com]}"
    case .phone: value = "{kind: [international]}"
    case .amount: value = "{currency: [INR]}"
    }
    let yaml = """
      guards:
        g: {keywords: [alpha]}
      rules:
        - id: R
          action: junk
          when: {\(key.rawValue): \(value)}
      """
    let classifier = try Classifier(yaml: yaml, model: TinyModel.model)
    let body =
      switch key {
      case .model: "claim your cash prize now, winner"
      case .link: "alpha at https://www.alpha.com/x"
      case .phone: "alpha +91 98765 43210"
      case .amount: "alpha Rs 500"
      default: "alpha"
      }
    let holds = classifier.ruleMatches(
      "R", MessageQuery(sender: "ALPHA", messageBody: body, receiverISOCountryCode: "IN"))
    #expect(holds == (key != .none && key != .mixedScript), "\(key)")
  }
}
