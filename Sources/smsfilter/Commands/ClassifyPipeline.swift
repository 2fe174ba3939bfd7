import Dispatch
import Foundation
import SMSFilter
import SMSFilterBenchmarks
import SMSFilterIO

/// The streaming core of `classify`: reads lines in batches, classifies them, and writes the
/// results in input order.
///
/// With one thread everything happens on the calling thread, batch after batch. With `N > 1`
/// threads the stages overlap: a reader thread reads batches ahead, `N` workers classify whole
/// batches (batch `k` on worker `k mod N`, each with its own session), and the calling thread
/// writes each batch's output as soon as it and every earlier batch are done. At most
/// ``batchesInFlight(workers:)`` batches are read and not yet written, so memory stays flat
/// whatever the input's length.
struct ClassifyPipeline: Sendable {
  let classifier: Classifier
  let input: ClassifyCommand.InputFormat
  let output: ClassifyCommand.OutputFormat
  let explain: Bool
  let threads: Int

  /// Lines per batch: large enough to amortise the hand-offs, small enough to stream.
  static let batchSize = 8192

  /// Batches read but not yet written, at most: two per worker keeps every worker busy while
  /// the reader and the writer work, and one more lets the reader stay a batch ahead.
  static func batchesInFlight(workers: Int) -> Int { 2 * workers + 1 }

  /// One batch's output: its bytes, and the unreadable lines (line number, message).
  struct BatchResult: Sendable {
    var bytes: [UInt8] = []
    var errors: [(line: Int, message: String)] = []
  }

  /// Runs to the end of standard input; returns the number of unreadable lines.
  func run() -> Int {
    threads <= 1 ? runOnOneThread() : runOverlapped(workers: threads)
  }

  /// Reads, classifies and writes on the calling thread.
  private func runOnOneThread() -> Int {
    let reader = LineReader()
    let writer = OutputWriter()
    let session = classifier.makeSession()
    var batch = LineBatch()
    var modes = InputModeDetector(input)
    var lineNumber = 0
    var errors = 0
    while reader.readBatch(into: &batch, maxLines: ClassifyPipeline.batchSize) {
      let result = classifyBatch(batch, mode: modes.mode(for: batch), firstLine: lineNumber + 1, session: session)
      errors += write(result, to: writer)
      lineNumber += batch.lines.count
    }
    writer.flush()
    return errors
  }

  /// Reads on a reader thread, classifies on `workers` workers, writes on the calling thread.
  private func runOverlapped(workers: Int) -> Int {
    let sessions = UncheckedSendable((0..<workers).map { _ in classifier.makeSession() })
    let queues = (0..<workers).map { DispatchQueue(label: "smsfilter.classify.worker\($0)") }
    let board = ResultBoard(capacity: ClassifyPipeline.batchesInFlight(workers: workers))
    let pipeline = self
    let reader = Thread {
      let reader = LineReader()
      var modes = InputModeDetector(pipeline.input)
      var lineNumber = 0
      var index = 0
      while true {
        board.waitForSlot()
        var batch = LineBatch()
        guard reader.readBatch(into: &batch, maxLines: ClassifyPipeline.batchSize) else { break }
        let mode = modes.mode(for: batch)
        let firstLine = lineNumber + 1
        let job = index
        let lines = batch
        queues[job % workers].async {
          // SAFETY: worker queue `w` is serial and is the only user of `sessions[w]`.
          let session = sessions.value[job % workers]
          board.post(job, pipeline.classifyBatch(lines, mode: mode, firstLine: firstLine, session: session))
        }
        lineNumber += batch.lines.count
        index += 1
      }
      board.finish(batches: index)
    }
    reader.start()
    let writer = OutputWriter()
    var errors = 0
    while let result = board.next() {
      errors += write(result, to: writer)
    }
    writer.flush()
    return errors
  }

  /// Reports a batch's unreadable lines on standard error and writes its output; returns how
  /// many lines were unreadable.
  private func write(_ result: BatchResult, to writer: OutputWriter) -> Int {
    for (line, message) in result.errors { printError("smsfilter: line \(line): \(message)") }
    writer.write(result.bytes)
    return result.errors.count
  }

  /// Classifies every line of a batch with one session.
  func classifyBatch(
    _ batch: LineBatch, mode: ClassifyCommand.InputFormat, firstLine: Int, session: ClassificationSession
  ) -> BatchResult {
    var result = BatchResult()
    result.bytes.reserveCapacity(batch.lines.count * 48)
    batch.bytes.withUnsafeBufferPointer { all in
      for (offset, range) in batch.lines.enumerated() {
        let line = UnsafeBufferPointer(rebasing: all[range])
        if let error = process(line, mode: mode, session: session, into: &result.bytes) {
          result.errors.append((firstLine + offset, error))
        }
      }
    }
    return result
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
        query = MessageQuery(sender: record.sender, messageBody: body, receiverISOCountryCode: record.country)
      }
    } else {
      guard let body = String(validating: line, as: UTF8.self) else {
        appendError(code: "invalid-utf8", message: "invalid UTF-8", rawID: nil, into: &buffer)
        return "invalid UTF-8"
      }
      query = MessageQuery(messageBody: body)
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

/// `--input auto`: the format is decided by the first line that is not blank (`{` starts JSON
/// Lines); until then, lines are read as text.
struct InputModeDetector {
  private var mode: ClassifyCommand.InputFormat

  init(_ input: ClassifyCommand.InputFormat) { mode = input }

  /// The format to read `batch` in.
  mutating func mode(for batch: LineBatch) -> ClassifyCommand.InputFormat {
    if mode == .auto {
      let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
      let bytes = batch.bytes
      if let first = batch.lines.first(where: { !bytes[$0].allSatisfy(blank) }) {
        mode = bytes[first].first(where: { !blank($0) }) == UInt8(ascii: "{") ? .jsonl : .text
      }
    }
    return mode == .auto ? .text : mode
  }
}

/// Where workers post finished batches and the writer takes them in order; also bounds the
/// batches in flight (read, not yet written).
final class ResultBoard: Sendable {
  private struct State {
    var finished: [Int: ClassifyPipeline.BatchResult] = [:]
    var next = 0
    var total: Int?
  }
  private let state = Locked(State())
  /// Signalled once per posted batch and once at the end of input.
  private let posted = DispatchSemaphore(value: 0)
  /// Free places for batches in flight.
  private let slots: DispatchSemaphore

  init(capacity: Int) { slots = DispatchSemaphore(value: capacity) }

  /// Blocks the reader until a batch may be read.
  func waitForSlot() { slots.wait() }

  /// A worker's finished batch.
  func post(_ index: Int, _ result: ClassifyPipeline.BatchResult) {
    state.withLock { $0.finished[index] = result }
    posted.signal()
  }

  /// The reader's last word: `batches` were read in all. (It also gives back the slot taken
  /// for the read that found the end: a semaphore must be back at its initial value when it is
  /// destroyed.)
  func finish(batches: Int) {
    state.withLock { $0.total = batches }
    slots.signal()
    posted.signal()
  }

  /// The next batch in input order, waiting for it; `nil` after the last.
  func next() -> ClassifyPipeline.BatchResult? {
    while true {
      let (result, ended) = state.withLock { state -> (ClassifyPipeline.BatchResult?, Bool) in
        if let result = state.finished.removeValue(forKey: state.next) {
          state.next += 1
          return (result, false)
        }
        return (nil, state.total == state.next)
      }
      if let result {
        slots.signal()
        return result
      }
      if ended { return nil }
      posted.wait()
    }
  }
}

/// A value handed across threads whose safe use the code around it guarantees.
// SAFETY: used for the classify workers' sessions: worker queue `w` is serial and is the only
// code that touches `sessions[w]`, so no session is ever used by two threads at once.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
