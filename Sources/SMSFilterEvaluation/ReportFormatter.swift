import Foundation

/// Renders an ``EvaluationReport`` as text, Markdown or JSON.
public enum ReportFormatter {
  /// JSON with sorted keys: the stable schema documented in `README.md`.
  public static func json(_ report: EvaluationReport) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(report) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  /// A plain-text report for a terminal.
  public static func text(_ report: EvaluationReport, misclassifiedLimit: Int = 50) -> String {
    render(report, markdown: false, misclassifiedLimit: misclassifiedLimit)
  }

  /// A Markdown report (tables), for pull requests and committed baselines.
  public static func markdown(_ report: EvaluationReport, misclassifiedLimit: Int = 50) -> String {
    render(report, markdown: true, misclassifiedLimit: misclassifiedLimit)
  }

  static func percent(_ value: Double) -> String { String(format: "%.2f%%", value * 100) }
  static func fixed(_ value: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", value) }

  static func table(_ header: [String], _ rows: [[String]], markdown: Bool) -> String {
    if markdown {
      var out = "| " + header.joined(separator: " | ") + " |\n"
      out += "|" + header.map { _ in "---" }.joined(separator: "|") + "|\n"
      for row in rows {
        out += "| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n"
      }
      return out
    }
    var widths = header.map(\.count)
    for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { index, cell in
        index == 0
          ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[index] - cell.count) + cell
      }.joined(separator: "  ")
    }
    return ([line(header)] + rows.map(line)).joined(separator: "\n") + "\n"
  }

  static func render(_ report: EvaluationReport, markdown: Bool, misclassifiedLimit: Int) -> String {
    var out = ""
    let heading = { (text: String) in markdown ? "\n## \(text)\n\n" : "\n== \(text) ==\n" }
    out += markdown ? "# Evaluation of \(report.ruleSet)\n\n" : "Evaluation of \(report.ruleSet)\n"
    out += "messages: \(report.messages)\n"
    out +=
      "cut short: \(report.cutShort.limitExceeded) by a regex limit, \(report.cutShort.budgetExhausted) by the message budget\n"
    if markdown { out += "\n" }
    out +=
      "capabilities: transactional [\(report.capabilities.transactional.joined(separator: ", "))], promotional [\(report.capabilities.promotional.joined(separator: ", "))]\n"
    if markdown { out += "\n" }
    out += "action accuracy: \(percent(report.action.accuracy))   action macro-F1: \(fixed(report.action.macroF1))\n"
    if markdown { out += "\n" }
    out +=
      "sub-action accuracy: \(percent(report.subAction.accuracy))   sub-action macro-F1: \(fixed(report.subAction.macroF1))   (unadjusted: accuracy \(percent(report.subActionUnadjusted.accuracy)), macro-F1 \(fixed(report.subActionUnadjusted.macroF1)))\n"
    if markdown { out += "\n" }
    let f = report.filtering
    out +=
      "wanted (no junk/promotion label) filtered as junk/promotion: \(f.wantedFiltered)/\(f.wanted) = \(percent(f.wantedFilteredRate))   unwanted (junk/promotion) caught: \(f.unwantedCaught)/\(f.unwanted) = \(percent(f.unwantedCaughtRate))\n"
    if let languages = report.languages {
      out += heading("Languages")
      out += table(
        ["lang", "messages", "action accuracy", "wanted filtered", "unwanted caught"],
        languages.map { language in
          [
            language.name, "\(language.messages)", percent(language.actionAccuracy),
            "\(language.filtering.wantedFiltered)/\(language.filtering.wanted) (\(percent(language.filtering.wantedFilteredRate)))",
            "\(language.filtering.unwantedCaught)/\(language.filtering.unwanted) (\(percent(language.filtering.unwantedCaughtRate)))",
          ]
        }, markdown: markdown)
    }
    if let stages = report.stages {
      out += heading("Rules, model, both")
      if let note = report.outOfFold {
        out +=
          "out of fold: \(note.messagesOutOfFold) messages of the model's training corpora (\(note.trainingCorpora.joined(separator: ", "))) judged by \(note.folds) fold models trained without them\n"
      } else {
        out += "the model as it is (use --folds K for out-of-fold figures on corpora it trained on)\n"
      }
      out += table(
        ["stage", "action accuracy", "wanted filtered", "unwanted caught"],
        stages.map { stage in
          [
            stage.name, percent(stage.actionAccuracy),
            "\(stage.filtering.wantedFiltered)/\(stage.filtering.wanted) (\(percent(stage.filtering.wantedFilteredRate)))",
            "\(stage.filtering.unwantedCaught)/\(stage.filtering.unwanted) (\(percent(stage.filtering.unwantedCaughtRate)))",
          ]
        }, markdown: markdown)
    }

    for (title, metrics) in [("Actions", report.action), ("Sub-actions (under capabilities)", report.subAction)] {
      out += heading(title)
      let rows = metrics.classes.keys.sorted { lhs, rhs in
        (metrics.confusion.labels.firstIndex(of: lhs) ?? 99, lhs) < (
          metrics.confusion.labels.firstIndex(of: rhs) ?? 99, rhs
        )
      }.map { label -> [String] in
        let scores = metrics.classes[label]!
        return [label, fixed(scores.precision), fixed(scores.recall), fixed(scores.f1), "\(scores.support)"]
      }
      out += table(["class", "precision", "recall", "F1", "support"], rows, markdown: markdown)
      out +=
        markdown
        ? "\nConfusion (rows expected, columns decided):\n\n" : "\nconfusion (rows expected, columns decided):\n"
      let labels = metrics.confusion.labels
      let short = labels.map {
        $0.replacingOccurrences(of: "transactional", with: "t.").replacingOccurrences(of: "promotional", with: "p.")
      }
      let matrixRows = labels.indices.map { row in [short[row]] + metrics.confusion.matrix[row].map { "\($0)" } }
      out += table(["expected \\ decided"] + short, matrixRows, markdown: markdown)
    }

    out += heading("Misclassified (\(report.misclassified.count))")
    let shown = report.misclassified.prefix(misclassifiedLimit)
    if markdown {
      out += table(
        ["source", "expected", "decided", "rule", "message"],
        shown.map {
          [
            $0.source, "\($0.expectedAction)/\($0.expectedSubAction)", "\($0.action)/\($0.subAction)", $0.rule ?? "-",
            String($0.body.prefix(100)),
          ]
        },
        markdown: true)
    } else {
      for item in shown {
        out +=
          "\(item.source): expected \(item.expectedAction)/\(item.expectedSubAction), got \(item.action)/\(item.subAction) by \(item.rule ?? "-")\n    \(item.sender.map { "[\($0)] " } ?? "")\(item.body.prefix(160).replacingOccurrences(of: "\n", with: " "))\n"
      }
    }
    if report.misclassified.count > shown.count {
      out += "… \(report.misclassified.count - shown.count) more (use --format json for all)\n"
    }

    if !report.rules.isEmpty && report.rules.contains(where: { $0.matches > 0 || $0.decided > 0 }) {
      out += heading("Rules (decision order)")
      out += table(
        ["rule", "action/subAction", "prio", "matches", "decided", "correct", "precision", "ns/msg"],
        report.rules.map {
          [
            $0.id, "\($0.action)/\($0.subAction)", "\($0.priority)", "\($0.matches)", "\($0.decided)", "\($0.correct)",
            $0.decided == 0 ? "-" : fixed($0.precision), String(format: "%.0f", $0.nanosecondsPerMessage),
          ]
        }, markdown: markdown)
      out +=
        "\nrules that never matched (\(report.rulesNeverMatched.count)): \(report.rulesNeverMatched.joined(separator: ", "))\n"
      if markdown { out += "\n" }
      out +=
        "rules shadowed by higher-priority rules (matched, never decided) (\(report.rulesShadowed.count)): \(report.rulesShadowed.joined(separator: ", "))\n"
    }

    if let comparison = report.comparison {
      out += heading("Comparison with \(comparison.otherRuleSet)")
      out +=
        "action accuracy: \(percent(report.action.accuracy)) → \(percent(comparison.otherActionAccuracy)); sub-action macro-F1: \(fixed(report.subAction.macroF1)) → \(fixed(comparison.otherSubActionMacroF1))\n"
      if markdown { out += "\n" }
      out +=
        "\(comparison.changed.count) decisions changed: \(comparison.better) better, \(comparison.worse) worse, \(comparison.changed.count - comparison.better - comparison.worse) neutral\n"
      for change in comparison.changed {
        out +=
          "\(markdown ? "- " : "  ")[\(change.verdict)] \(change.source): \(change.before) → \(change.after) (expected \(change.expected)): \(change.body.prefix(100).replacingOccurrences(of: "\n", with: " "))\n"
      }
    }
    return out
  }
}
