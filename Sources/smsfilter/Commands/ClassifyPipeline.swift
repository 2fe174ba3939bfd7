import Dispatch
import SMSFilter

/// The streaming core of `classify`: reads lines in batches, classifies each batch in parallel
/// slices (one session per slice), and writes the results in input order.
struct ClassifyPipeline {
  let classifier: Classifier
  let input: ClassifyCommand.InputFormat
  let output: ClassifyCommand.OutputFormat
  let explain: Bool
  let threads: Int

  /// Lines per batch: large enough to amortise the fork/join, small enough to stream.
  static let batchSize = 8192

  /// Runs to the end of standard input; returns the number of unreadable lines.
  func run() -> Int {
    let reader = LineReader()
    let writer = OutputWriter()
    var batch = LineBatch()
    var lineNumber = 0
    var errors = 0
    var mode: ClassifyCommand.InputFormat = input
    let workers = max(1, threads)
    let sessions = (0..<workers).map { _ in classifier.makeSession() }
    var outputs = [[UInt8]](repeating: [], count: workers)
    var errorLists = [[(Int, String)]](repeating: [], count: workers)

    while reader.readBatch(into: &batch, maxLines: ClassifyPipeline.batchSize) {
      let lines = batch.lines
      let bytes = batch.bytes
      if mode == .auto {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        if let first = lines.first(where: { !bytes[$0].allSatisfy(blank) }) {
          mode = bytes[first].first(where: { !blank($0) }) == UInt8(ascii: "{") ? .jsonl : .text
        }
      }
      let batchMode = mode == .auto ? .text : mode
      let firstLine = lineNumber + 1
      let sliceCount = lines.count < 256 ? 1 : min(workers, lines.count)
      let sliceSize = (lines.count + sliceCount - 1) / sliceCount
      let runSlice = { (slice: Int) -> ([UInt8], [(Int, String)]) in
        var buffer: [UInt8] = []
        var sliceErrors: [(Int, String)] = []
        buffer.reserveCapacity(sliceSize * 48)
        let start = slice * sliceSize
        let end = min(start + sliceSize, lines.count)
        if start < end {
          bytes.withUnsafeBufferPointer { all in
            for index in start..<end {
              let line = UnsafeBufferPointer(rebasing: all[lines[index]])
              if let error = self.process(line, mode: batchMode, session: sessions[slice], into: &buffer) {
                sliceErrors.append((firstLine + index, error))
              }
            }
          }
        }
        return (buffer, sliceErrors)
      }
      if sliceCount == 1 {
        (outputs[0], errorLists[0]) = runSlice(0)
      } else {
        // Each slice writes only its own element of `outputs` and `errorLists`.
        outputs.withUnsafeMutableBufferPointer { outputPointer in
          errorLists.withUnsafeMutableBufferPointer { errorPointer in
            let shared = UncheckedSendable((runSlice, outputPointer, errorPointer))
            DispatchQueue.concurrentPerform(iterations: sliceCount) { slice in
              let (run, outs, errs) = shared.value
              let (buffer, sliceErrors) = run(slice)
              outs[slice] = buffer
              errs[slice] = sliceErrors
            }
          }
        }
      }
      for slice in 0..<sliceCount {
        for (line, message) in errorLists[slice] {
          printError("smsfilter: line \(line): \(message)")
          errors += 1
        }
        writer.write(outputs[slice])
      }
      lineNumber += lines.count
    }
    writer.flush()
    return errors
  }

  /// Classifies one line and appends its output line; returns an error message for an
  /// unreadable line (whose error record is appended instead).
  func process(
    _ line: UnsafeBufferPointer<UInt8>, mode: ClassifyCommand.InputFormat, session: ClassificationSession,
    into buffer: inout [UInt8]
  ) -> String? {
    var query: MessageQuery
    var rawID: [UInt8]?
    if mode == .text && !explain {
      // The streaming fast path: classify straight from the line's bytes.
      guard let decision = session.classify(utf8Body: line) else {
        appendError(code: "invalid-utf8", message: "invalid UTF-8", rawID: nil, into: &buffer)
        return "invalid UTF-8"
      }
      appendDecision(decision, rawID: nil, explanation: nil, into: &buffer)
      return nil
    }
    if mode == .jsonl {
      switch JSONLineParser.parse(line) {
      case .failure(let error):
        appendError(code: "bad-json", message: error.message, rawID: nil, into: &buffer)
        return "bad JSON at byte \(error.offset + 1): \(error.message)"
      case .success(let record):
        rawID = record.rawID
        guard let body = record.body else {
          appendError(code: "missing-body", message: "no \"body\" field", rawID: rawID, into: &buffer)
          return "no \"body\" field"
        }
        query = MessageQuery(sender: record.sender, body: body, receiverISOCountryCode: record.country)
      }
    } else {
      guard let body = String(validating: line, as: UTF8.self) else {
        appendError(code: "invalid-utf8", message: "invalid UTF-8", rawID: nil, into: &buffer)
        return "invalid UTF-8"
      }
      query = MessageQuery(body: body)
    }
    if explain {
      let explanation = session.classifier.explain(query)
      appendDecision(explanation.decision, rawID: rawID, explanation: explanation, into: &buffer)
    } else {
      appendDecision(session.classify(query), rawID: rawID, explanation: nil, into: &buffer)
    }
    return nil
  }

  func appendDecision(
    _ decision: Decision, rawID: [UInt8]?, explanation: Explanation?, into buffer: inout [UInt8]
  ) {
    switch output {
    case .tsv:
      buffer.append(contentsOf: decision.action.name.utf8)
      buffer.append(0x09)
      buffer.append(contentsOf: decision.subAction.name.utf8)
      buffer.append(0x09)
      buffer.append(contentsOf: (decision.ruleID ?? "-").utf8)
      if let explanation {
        buffer.append(0x09)
        var first = true
        for match in explanation.matches {
          if !first { buffer.append(0x20) }
          first = false
          buffer.append(contentsOf: match.rule.id.utf8)
          buffer.append(contentsOf: "[".utf8)
          buffer.append(
            contentsOf: match.spans.map { span in
              span.kind == "sender" ? "sender" : "\(span.range.lowerBound)-\(span.range.upperBound):\(tsvSafe(span.text))"
            }.joined(separator: ",").utf8)
          buffer.append(contentsOf: "]".utf8)
        }
      }
      buffer.append(0x0A)
    case .jsonl:
      buffer.append(contentsOf: "{\"action\":\"".utf8)
      buffer.append(contentsOf: decision.action.name.utf8)
      buffer.append(contentsOf: "\",\"subAction\":\"".utf8)
      buffer.append(contentsOf: decision.subAction.name.utf8)
      buffer.append(contentsOf: "\",\"rule\":".utf8)
      if let rule = decision.ruleID { JSONLineParser.appendString(rule, to: &buffer) } else { buffer.append(contentsOf: "null".utf8) }
      if let dropped = decision.droppedSubAction {
        buffer.append(contentsOf: ",\"droppedSubAction\":\"\(dropped.name)\"".utf8)
      }
      if decision.limitExceeded { buffer.append(contentsOf: ",\"limitExceeded\":true".utf8) }
      if decision.budgetExhausted { buffer.append(contentsOf: ",\"budgetExhausted\":true".utf8) }
      if let label = decision.label {
        buffer.append(contentsOf: ",\"label\":".utf8)
        JSONLineParser.appendString(label, to: &buffer)
      }
      if let rawID {
        buffer.append(contentsOf: ",\"id\":".utf8)
        buffer.append(contentsOf: rawID)
      }
      if let explanation {
        buffer.append(contentsOf: ",\"matches\":[".utf8)
        for (index, match) in explanation.matches.enumerated() {
          if index > 0 { buffer.append(0x2C) }
          buffer.append(contentsOf: "{\"rule\":".utf8)
          JSONLineParser.appendString(match.rule.id, to: &buffer)
          buffer.append(contentsOf: ",\"action\":\"\(match.rule.action.name)\",\"subAction\":\"\(match.rule.subAction.name)\",\"priority\":\(match.rule.priority),\"spans\":[".utf8)
          for (spanIndex, span) in match.spans.enumerated() {
            if spanIndex > 0 { buffer.append(0x2C) }
            buffer.append(contentsOf: "{\"kind\":\"\(span.kind)\",\"start\":\(span.range.lowerBound),\"end\":\(span.range.upperBound),\"text\":".utf8)
            JSONLineParser.appendString(span.text, to: &buffer)
            buffer.append(contentsOf: ",\"pattern\":".utf8)
            JSONLineParser.appendString(span.pattern, to: &buffer)
            buffer.append(0x7D)
          }
          buffer.append(contentsOf: "]}".utf8)
        }
        buffer.append(0x5D)
      }
      buffer.append(contentsOf: "}\n".utf8)
    }
  }

  func appendError(code: String, message: String, rawID: [UInt8]?, into buffer: inout [UInt8]) {
    switch output {
    case .tsv:
      buffer.append(contentsOf: "error\tnone\t\(code)\n".utf8)
    case .jsonl:
      buffer.append(contentsOf: "{\"error\":\"\(code)\",\"message\":".utf8)
      JSONLineParser.appendString(message, to: &buffer)
      if let rawID {
        buffer.append(contentsOf: ",\"id\":".utf8)
        buffer.append(contentsOf: rawID)
      }
      buffer.append(contentsOf: "}\n".utf8)
    }
  }

  func tsvSafe(_ text: String) -> String {
    String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == " " ? "_" : $0 })
  }
}

/// What the `concurrentPerform` workers of one batch share.
// SAFETY: iteration `slice` uses only `sessions[slice]` (inside the closure) and writes only
// element `slice` of each output buffer; the lines are read-only; and every buffer outlives
// `concurrentPerform`, which returns after all iterations. No two threads touch the same
// mutable state.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
