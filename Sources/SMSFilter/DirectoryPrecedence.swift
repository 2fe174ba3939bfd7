/// The sender directories a classifier consults before its rules, and the policy that orders
/// them: allow entries in any directory first (as iOS consults the contacts first), then the
/// first block or typed entry in directory order, then the first identify-only entry's label,
/// which rides on the rules' decision.
struct DirectoryPrecedence: Sendable {
  /// The directories, in the order consulted.
  let directories: [SenderDirectory]
  /// Those given to the classifier beyond the ones its rule set names.
  let added: [SenderDirectory]
  /// The rule ID a decision by `directories[i]` carries: `directory:` and the file's name.
  private let ruleIDs: [String]

  /// Opens the directories a rule set names (`directories:` in its header), then adds `others`.
  ///
  /// - Throws: ``RuleLoadError`` naming the directory that cannot be opened.
  init(opening paths: [String], then others: [SenderDirectory]) throws(RuleLoadError) {
    var opened: [SenderDirectory] = []
    for path in paths {
      do {
        opened.append(try SenderDirectory(path: path))
      } catch {
        throw RuleLoadError(
          .unreadable, at: SourceLocation(file: path, line: 0, column: 0),
          message: "sender directory named in the rule set: \(error)")
      }
    }
    directories = opened + others
    added = others
    ruleIDs = directories.map { "directory:" + ($0.path.split(separator: "/").last.map(String.init) ?? $0.path) }
  }

  /// What the directories say about a sender.
  enum Verdict {
    /// An allow, block or typed entry decides.
    case decided(Decision)
    /// No entry decides; the label of an identify-only entry (or `nil`) joins the rules'
    /// decision.
    case rulesDecide(label: String?)
  }

  /// The directories' verdict on a message's sender.
  @inline(__always)
  func verdict(sender: String?, country: String?, capabilities: Capabilities) -> Verdict {
    guard !directories.isEmpty, let sender else { return .rulesDecide(label: nil) }
    var firstDeciding: (DirectoryEntry, Int)?
    var firstLabel: DirectoryEntry?
    for (index, directory) in directories.enumerated() {
      guard let entry = directory.lookup(sender, receiverCountry: country) else { continue }
      switch entry.action {
      case .allow:
        return .decided(decision(entry, index, capabilities))
      case .none:
        if firstLabel == nil { firstLabel = entry }
      default:
        if firstDeciding == nil { firstDeciding = (entry, index) }
      }
    }
    if let (entry, index) = firstDeciding { return .decided(decision(entry, index, capabilities)) }
    return .rulesDecide(label: firstLabel?.label)
  }

  private func decision(_ entry: DirectoryEntry, _ index: Int, _ capabilities: Capabilities) -> Decision {
    Decision(
      action: entry.action, subAction: entry.subAction, ruleID: ruleIDs[index], capabilities: capabilities,
      label: entry.label)
  }
}
