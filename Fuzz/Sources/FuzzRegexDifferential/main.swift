import FuzzSupport
import PCRE2

@testable import SMSFilter

/// libFuzzer entry point: the input's bytes drive ``RegexGrammar``'s choices (a regex and five
/// texts); the compiled matcher, plain evaluation and PCRE2 on its own must agree on each text.
func fuzzRegexDifferential(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var cursor = 0
  let choose = { (count: Int) -> Int in
    defer { cursor += 1 }
    return cursor < size ? Int(data[cursor]) % count : 0
  }
  let regex = RegexGrammar.pattern(choose)
  let texts = (0..<5).map { _ in RegexGrammar.text(choose) }
  guard let pattern = try? Pattern(RegexSource.prepare(regex), options: [.caseless]) else { return 0 }
  guard
    let classifier = try? Classifier(
      ruleSet: RuleSet(rules: [Rule(id: "R", action: .junk, condition: .regex(regex))]), budget: .unlimited)
  else { preconditionFailure("\(regex) compiles alone but not in a rule") }
  let session = classifier.makeSession()
  let scratch = MatchScratch()
  for text in texts {
    let alone = pattern.firstMatch(in: Array(TextNormalizer.normalize(text).utf8), scratch: scratch)
    guard alone == .noMatch || alone.range != nil else { continue }
    let query = MessageQuery(messageBody: text)
    let compiled = session.classify(query).ruleID == "R"
    let plain = session.classifyNaively(query).ruleID == "R"
    precondition(
      compiled == (alone.range != nil) && plain == compiled,
      "\(regex) on \"\(text)\": PCRE2 \(alone), compiled \(compiled), plain \(plain)")
  }
  return 0
}

runFuzzer(fuzzRegexDifferential)
