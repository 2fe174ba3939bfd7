import Foundation
import Testing

@testable import SMSFilter

/// The compiled matcher (automaton + regex prefilter + candidate rules) must decide exactly as
/// the plain per-rule evaluation does, for every message.
@Suite struct MatcherEquivalenceTests {
  @Test func defaultRulesAgreeOnTheWholeCorpus() throws {
    // No budget: plain evaluation is slow (especially under a sanitizer) and must not give up.
    let classifier = try Classifier(ruleSet: DefaultRules.ruleSet(), budget: .unlimited)
    let session = classifier.makeSession()
    let messages = try PackagePaths.corpusMessages()
    #expect(messages.count > 1000)
    var disagreements = 0
    for message in messages {
      let query = MessageQuery(sender: message.sender, body: message.body)
      let compiled = session.classify(query)
      let naive = session.classifyNaively(query)
      if compiled != naive {
        disagreements += 1
        Issue.record("\(message.body): compiled \(compiled.ruleID ?? "-") vs naive \(naive.ruleID ?? "-")")
      }
    }
    #expect(disagreements == 0)
  }

  @Test func prefilterNeverRejectsARegexMatch() throws {
    // For every regex with literals, on every corpus message: regex matches ⇒ a literal occurs.
    let classifier = try Classifier.builtIn()
    let state = classifier.makeState()
    let compiled = classifier.compiled
    var checked = 0
    for message in try PackagePaths.corpusMessages() {
      state.begin(MessageQuery(body: message.body), trackingOffsets: false)
      let text = state.text.bytes
      // Byte search: literals are byte strings (a Devanagari literal may end inside a grapheme).
      func occurs(_ literal: Int) -> Bool {
        let needle = compiled.literals[literal]
        return text.count >= needle.count
          && (0...(text.count - needle.count)).contains { text[$0..<($0 + needle.count)].elementsEqual(needle) }
      }
      for regex in compiled.regexes {
        guard let gate = regex.gate else { continue }
        let matched = regex.pattern.firstMatch(in: state.text.bytes, scratch: state.regexScratch).range != nil
        if matched {
          checked += 1
          #expect(gate.contains(where: occurs), "regex \(regex.pattern.source) matched \(state.text.string) without its literals")
          // The full clause gate holds too: some alternative has a literal from every clause.
          let clausesHold = regex.clauses.contains { branch in branch.allSatisfy { clause in clause.contains(where: occurs) } }
          #expect(clausesHold, "regex \(regex.pattern.source) matched \(state.text.string) outside its clause gate")
        }
      }
    }
    #expect(checked > 100)  // the corpus exercises many gated regexes
  }
}
