import ArgumentParser
import SMSFilter
import SMSFilterIO

/// `smsfilter capabilities`: the declared capabilities, as the capabilities query returns them.
struct CapabilitiesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "capabilities",
    abstract: "Print the declared capabilities, as ILMessageFilterCapabilitiesQueryResponse lists them.",
    discussion: """
      Examples:
        smsfilter capabilities
        smsfilter capabilities --rules my-rules/ --format json
        smsfilter capabilities --capabilities transactionalFinance,promotionalOffers
      """)

  @OptionGroup var rules: RuleSetOptions

  @Option(help: "Output format.")
  var format: ReportFormat = .text

  func run() throws {
    try reportingFailures {
      let ruleSet = try rules.loadRuleSet()
      let capabilities = try rules.capabilitiesOverride() ?? ruleSet.capabilities
      switch format {
      case .text:
        print("transactionalSubActions: \(capabilities.transactional.map(\.name).joined(separator: ", "))")
        print("promotionalSubActions: \(capabilities.promotional.map(\.name).joined(separator: ", "))")
      case .json:
        print(CapabilitiesRecord.json(capabilities))
      }
    }
  }
}
