import Foundation
import SMSFilterBenchmarks
import Testing

@testable import SMSFilter

/// Rule requirements (``RuleRequirement``): derived from the condition tree as the tree's logic
/// allows (a conjunction needs what any part needs, a disjunction what every part needs, a
/// negation nothing), and a prefilter that never rejects a rule that holds.
@Suite struct RuleRequirementTests: LoadsRuleText {
  static let rules = """
    rules:
      - id: PHONE_AND_WORD
        action: junk
        when: {all: [{phone: {}}, {keywords: [call]}]}
      - id: PHONE_OR_WORD
        action: junk
        when: {any: [{phone: {}}, {keywords: [call]}]}
      - id: PHONE_OR_AMOUNT
        action: junk
        when: {any: [{phone: {}}, {amount: {}}]}
      - id: TWO_OF_THREE
        action: junk
        when: {atLeast: 2, of: [{phone: {}}, {amount: {}}, {regex: '\\d{4}'}]}
      - id: NOT_PHONE
        action: junk
        when: {none: [{phone: {}}]}
      - id: PHONE_UNLESS_WORD
        action: junk
        when: {phone: {}}
        unless: {keywords: [stop]}
      - id: MIXED
        action: junk
        when: {all: [{mixedScript: true}, {regex: 'a\\d'}]}
      - id: NOT_MIXED
        action: junk
        when: {mixedScript: false}
      - id: DIGIT_REGEX_OR_LETTERS
        action: junk
        when: {any: [{regex: 'x\\d'}, {regex: 'xy'}]}
    """

  @Test func requirementsFollowTheConditionTree() throws {
    let compiled = try CompiledRules(load(Self.rules))
    let byID = Dictionary(uniqueKeysWithValues: zip(compiled.ruleIDs, compiled.ruleRequirements))
    #expect(byID["PHONE_AND_WORD"] == .digit)
    #expect(byID["PHONE_OR_WORD"] == [])
    #expect(byID["PHONE_OR_AMOUNT"] == .digit)
    #expect(byID["TWO_OF_THREE"] == .digit)
    #expect(byID["NOT_PHONE"] == [])
    #expect(byID["PHONE_UNLESS_WORD"] == .digit)
    #expect(byID["MIXED"] == [.mixedScriptWord, .digit])
    #expect(byID["NOT_MIXED"] == .noMixedScriptWord)
    #expect(byID["DIGIT_REGEX_OR_LETTERS"] == [])
  }

  @Test func aRequirementIsMetOnlyWithWhatItNames() {
    let digitAndMixed: RuleRequirement = [.digit, .mixedScriptWord]
    #expect(digitAndMixed.isMet(hasDigit: { true }, hasMixedScriptWord: true))
    #expect(!digitAndMixed.isMet(hasDigit: { false }, hasMixedScriptWord: true))
    #expect(!digitAndMixed.isMet(hasDigit: { true }, hasMixedScriptWord: false))
    #expect(!RuleRequirement.noMixedScriptWord.isMet(hasDigit: { true }, hasMixedScriptWord: true))
    #expect(RuleRequirement().isMet(hasDigit: { false }, hasMixedScriptWord: false))
  }

  @Test func theBuiltInRulesNeverHoldWithoutTheirRequirement() throws {
    // For every built-in rule and corpus message: requirement not met ⇒ plain evaluation says
    // the rule does not hold (the prefilter's guarantee, over real text).
    let classifier = try Classifier.builtIn()
    let state = classifier.makeMatcher().state
    let compiled = classifier.compiled
    #expect(compiled.ruleRequirements.contains { !$0.isEmpty })
    var rejected = 0
    for message in try PackagePaths.corpusMessages() {
      MessageQuery(sender: message.sender, messageBody: message.body).withInput {
        state.begin($0, budget: .unlimited, trackingOffsets: false)
      }
      for (rule, requirement) in compiled.ruleRequirements.enumerated()
      where !requirement.isMet(hasDigit: state.textHasDigit, hasMixedScriptWord: state.text.hasMixedScriptWord) {
        rejected += 1
        #expect(
          !compiled.evaluate(compiled.ruleRoots[rule], state, .naive),
          "\(compiled.ruleIDs[rule]) holds on \(message.body) without \(requirement)")
      }
    }
    #expect(rejected > 1000)  // the corpus exercises the requirements
  }
}
