import Foundation
import Testing

@testable import SMSFilter

/// How sender directories and rules decide together: allow entries first (as iOS consults the
/// contacts first), then block and typed entries, then the body rules; identify-only entries add
/// their label and leave the decision to the rules.
@Suite struct DirectoryPrecedenceTests {
  func directory(_ text: String) throws -> SenderDirectory {
    var builder = try DirectoryBuilder(country: "IN")
    builder.add(text: text, source: "test.tsv")
    let image = try builder.build()
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("dir-\(UUID()).smsdir").path
    try image.write(to: path)
    return try SenderDirectory(path: path)
  }

  let rules = """
    rules:
      - id: PRIZE
        action: junk
        priority: 50
        when: {keywords: [prize]}
      - id: OTP
        action: transaction
        subAction: transactionalOthers
        priority: 10
        when: {keywords: [otp]}
    """

  @Test func allowEntriesComeFirst() throws {
    let block = try directory("+919876543210\tjunk\tScam ring\n")
    let allow = try directory("+919876543210\tallow\tMum\n")
    // Even when the blocking directory is listed first, the allow entry wins.
    let classifier = try Classifier(yaml: rules, directories: [block, allow])
    let decision = classifier.classify(MessageQuery(sender: "+91 98765 43210", messageBody: "you won a prize"))
    #expect(decision.action == .allow && decision.label == "Mum")
    #expect(decision.ruleID?.hasPrefix("directory:") == true)
  }

  @Test func blockAndTypedEntriesComeBeforeTheRules() throws {
    let directory = try directory(
      "+919876543210\tjunk\tScam ring\nVM-HDFCBK\ttransaction/transactionalFinance\tHDFC Bank\n")
    let classifier = try Classifier(yaml: rules, directories: [directory])
    let blocked = classifier.classify(
      MessageQuery(sender: "09876543210", messageBody: "your otp is 1234", receiverISOCountryCode: "IN"))
    #expect(blocked.action == .junk && blocked.label == "Scam ring")
    let bank = classifier.classify(MessageQuery(sender: "AD-HDFCBK", messageBody: "you won a prize"))
    #expect(bank.action == .transaction && bank.subAction == .transactionalFinance && bank.label == "HDFC Bank")
  }

  @Test func identifyOnlyEntriesLabelAndLetTheRulesDecide() throws {
    let directory = try directory("56161\tnone\tAcme Rewards\n")
    let classifier = try Classifier(yaml: rules, directories: [directory])
    let decision = classifier.classify(
      MessageQuery(sender: "56161", messageBody: "your otp is 1234", receiverISOCountryCode: "IN"))
    #expect(decision.ruleID == "OTP" && decision.label == "Acme Rewards")
    let unknown = classifier.classify(MessageQuery(sender: "56162", messageBody: "hello", receiverISOCountryCode: "IN"))
    #expect(unknown.label == nil && unknown.ruleID == nil)
  }

  @Test func theStreamingPathConsultsDirectoriesToo() throws {
    let directory = try directory("+447700900123\tjunk\tSpam Likely\n")
    let session = try Classifier(yaml: rules, directories: [directory]).makeSession()
    let body = Array("hello there".utf8)
    let decision = body.withUnsafeBufferPointer { session.classify(utf8Body: $0, sender: "+447700900123") }
    #expect(decision?.action == .junk && decision?.label == "Spam Likely")
  }

  @Test func aRuleSetHeaderNamesDirectoriesRelativeToItsFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var builder = try DirectoryBuilder(country: "IN")
    builder.add(text: "+919876543210\tjunk\tScam ring\n", source: "block.tsv")
    try builder.build().write(to: folder.appendingPathComponent("block.smsdir").path)
    try ("directories: [block.smsdir]\n" + rules).write(
      to: folder.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
    let classifier = try Classifier(contentsOf: [folder.path])
    #expect(classifier.directories.count == 1)
    #expect(classifier.classify(MessageQuery(sender: "+919876543210", messageBody: "hi")).action == .junk)
  }
}
