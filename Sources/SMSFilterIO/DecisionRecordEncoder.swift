import Foundation
import SMSFilter

/// Writes decision records (and error records) in a ``DecisionRecordFormat``, appending bytes
/// to a buffer: what `classify` and `serve` print for each message.
///
/// ```swift
/// var line: [UInt8] = []
/// DecisionRecordEncoder(format: .tsv).append(decision, into: &line)
/// // "transaction\ttransactionalFinance\tFIN_ACCOUNT_MOVEMENT\n"
/// ```
public struct DecisionRecordEncoder: Sendable {
  /// The format written.
  public let format: DecisionRecordFormat

  /// An encoder for `format`.
  public init(format: DecisionRecordFormat) { self.format = format }

  /// Appends one decision record and its newline.
  ///
  /// - Parameters:
  ///   - decision: the decision.
  ///   - rawID: the input's `id`, exactly as written, to echo (JSON Lines only).
  ///   - explanation: the matching rules and spans, for explain output.
  ///   - buffer: where the bytes go.
  public func append(
    _ decision: Decision, rawID: [UInt8]? = nil, explanation: Explanation? = nil, into buffer: inout [UInt8]
  ) {
    switch format {
    case .tsv: appendTSV(decision, explanation: explanation, into: &buffer)
    case .jsonl: appendJSON(decision, rawID: rawID, explanation: explanation, into: &buffer)
    }
  }

  /// Appends the error record of an unreadable line and its newline.
  ///
  /// - Parameters:
  ///   - code: a short machine-readable reason (`invalid-utf8`, `bad-json`, `missing-body`).
  ///   - message: the reason for a person (JSON Lines only).
  ///   - rawID: the line's `id`, when it could be read.
  ///   - buffer: where the bytes go.
  public func appendError(code: String, message: String, rawID: [UInt8]? = nil, into buffer: inout [UInt8]) {
    switch format {
    case .tsv:
      buffer.append(contentsOf: "error\tnone\t\(code)\n".utf8)
    case .jsonl:
      buffer.append(contentsOf: "{\"error\":\"\(code)\",\"message\":".utf8)
      JSONString.append(message, to: &buffer)
      if let rawID {
        buffer.append(contentsOf: ",\"id\":".utf8)
        buffer.append(contentsOf: rawID)
      }
      buffer.append(contentsOf: "}\n".utf8)
    }
  }

  private func appendTSV(_ decision: Decision, explanation: Explanation?, into buffer: inout [UInt8]) {
    buffer.append(contentsOf: decision.action.name.utf8)
    buffer.append(0x09)
    buffer.append(contentsOf: decision.subAction.name.utf8)
    buffer.append(0x09)
    buffer.append(contentsOf: (decision.ruleID ?? "-").utf8)
    if decision.limitExceeded || decision.budgetExhausted {
      buffer.append(0x09)
      if decision.limitExceeded { buffer.append(contentsOf: "limitExceeded".utf8) }
      if decision.limitExceeded && decision.budgetExhausted { buffer.append(0x2C) }
      if decision.budgetExhausted { buffer.append(contentsOf: "budgetExhausted".utf8) }
    }
    if let explanation {
      buffer.append(0x09)
      for (index, match) in explanation.matches.enumerated() {
        if index > 0 { buffer.append(0x20) }
        buffer.append(contentsOf: match.rule.id.utf8)
        buffer.append(contentsOf: "[".utf8)
        let spans = match.spans.map { span in
          span.kind == .sender
            ? "sender" : "\(span.range.lowerBound)-\(span.range.upperBound):\(Self.tsvSafe(span.text))"
        }
        buffer.append(contentsOf: spans.joined(separator: ",").utf8)
        buffer.append(contentsOf: "]".utf8)
      }
      if let model = explanation.model {
        let top = model.probabilities.prefix(3).map { "\($0.modelClass)=\(String(format: "%.3f", $0.probability))" }
        buffer.append(contentsOf: " model[\(top.joined(separator: ","))]".utf8)
      }
    }
    buffer.append(0x0A)
  }

  private func appendJSON(_ decision: Decision, rawID: [UInt8]?, explanation: Explanation?, into buffer: inout [UInt8])
  {
    buffer.append(contentsOf: "{\"action\":\"".utf8)
    buffer.append(contentsOf: decision.action.name.utf8)
    buffer.append(contentsOf: "\",\"subAction\":\"".utf8)
    buffer.append(contentsOf: decision.subAction.name.utf8)
    buffer.append(contentsOf: "\",\"rule\":".utf8)
    if let rule = decision.ruleID {
      JSONString.append(rule, to: &buffer)
    } else {
      buffer.append(contentsOf: "null".utf8)
    }
    if let dropped = decision.droppedSubAction {
      buffer.append(contentsOf: ",\"droppedSubAction\":\"\(dropped.name)\"".utf8)
    }
    if decision.limitExceeded { buffer.append(contentsOf: ",\"limitExceeded\":true".utf8) }
    if decision.budgetExhausted { buffer.append(contentsOf: ",\"budgetExhausted\":true".utf8) }
    if let label = decision.label {
      buffer.append(contentsOf: ",\"label\":".utf8)
      JSONString.append(label, to: &buffer)
    }
    if let rawID {
      buffer.append(contentsOf: ",\"id\":".utf8)
      buffer.append(contentsOf: rawID)
    }
    if let explanation { appendMatches(explanation, into: &buffer) }
    if let model = explanation?.model { appendModel(model, into: &buffer) }
    buffer.append(contentsOf: "}\n".utf8)
  }

  private func appendMatches(_ explanation: Explanation, into buffer: inout [UInt8]) {
    buffer.append(contentsOf: ",\"matches\":[".utf8)
    for (index, match) in explanation.matches.enumerated() {
      if index > 0 { buffer.append(0x2C) }
      buffer.append(contentsOf: "{\"rule\":".utf8)
      JSONString.append(match.rule.id, to: &buffer)
      buffer.append(
        contentsOf:
          ",\"action\":\"\(match.rule.action.name)\",\"subAction\":\"\(match.rule.subAction.name)\",\"priority\":\(match.rule.priority),\"spans\":["
          .utf8)
      for (spanIndex, span) in match.spans.enumerated() {
        if spanIndex > 0 { buffer.append(0x2C) }
        buffer.append(
          contentsOf:
            "{\"kind\":\"\(span.kind.rawValue)\",\"start\":\(span.range.lowerBound),\"end\":\(span.range.upperBound),\"text\":"
            .utf8)
        JSONString.append(span.text, to: &buffer)
        buffer.append(contentsOf: ",\"pattern\":".utf8)
        JSONString.append(span.pattern, to: &buffer)
        buffer.append(0x7D)
      }
      buffer.append(contentsOf: "]}".utf8)
    }
    buffer.append(0x5D)
  }

  private func appendModel(_ model: ModelExplanation, into buffer: inout [UInt8]) {
    buffer.append(contentsOf: ",\"model\":{\"probabilities\":{".utf8)
    for (index, entry) in model.probabilities.enumerated() {
      if index > 0 { buffer.append(0x2C) }
      buffer.append(contentsOf: "\"\(entry.modelClass)\":\(Self.decimal(entry.probability))".utf8)
    }
    buffer.append(contentsOf: "},\"class\":\"\(model.topClass)\",\"features\":[".utf8)
    for (index, feature) in model.features.enumerated() {
      if index > 0 { buffer.append(0x2C) }
      buffer.append(contentsOf: "{\"feature\":".utf8)
      JSONString.append(feature.name, to: &buffer)
      buffer.append(contentsOf: ",\"weight\":\(Self.decimal(feature.weight))}".utf8)
    }
    buffer.append(contentsOf: "]}".utf8)
  }

  /// A float with four decimals (JSON has no NaN or infinity; they cannot occur here).
  static func decimal(_ value: Float) -> String { String(format: "%.4f", value.isFinite ? value : 0) }

  /// A span's text for the TSV explain column: tabs, newlines and spaces shown as `_`.
  static func tsvSafe(_ text: String) -> String {
    String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == " " ? "_" : $0 })
  }
}
