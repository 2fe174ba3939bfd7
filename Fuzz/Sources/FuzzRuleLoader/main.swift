import FuzzSupport
import SMSFilter

#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer entry point: a rule file must load or be refused with a positioned error, never
/// crash; a loaded set must compile and classify.
func fuzzRuleLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let ruleSet = try RuleLoader.load(sources: [("fuzz.yaml", text)])
    let classifier = try Classifier(ruleSet: ruleSet)
    _ = classifier.classify(MessageQuery(sender: "VM-HDFCBK", messageBody: "Your OTP is 123456. Rs 500 debited"))
    _ = classifier.classify(MessageQuery(messageBody: text))
    _ = RuleExampleCheck.run(classifier)
  } catch {
    // A header naming a model file that cannot be used is refused at that file (where the bytes
    // are wrong or missing); every other error points into the rule file.
    precondition(!error.description.isEmpty && (error.location.file == "fuzz.yaml" || error.kind == .model))
  }
  return 0
}

runFuzzer(fuzzRuleLoader)
