import Dispatch
import Foundation
import SMSFilter
import SMSFilterIO

/// Streams standard input through a per-batch transform and writes the results in input order,
/// in constant memory: the generic core of `classify`.
///
/// With one worker everything happens on the calling thread, batch after batch. With `N > 1`
/// workers the stages overlap: a reader thread reads batches ahead, `N` workers transform whole
/// batches (batch `k` on worker `k mod N`, each with its own context), and the calling thread
/// writes each batch's output as soon as it and every earlier batch are done. At most
/// ``batchesInFlight(workers:)`` batches are read and not yet written, so memory stays flat
/// whatever the input's length.
///
/// Live input: a batch ends early when input pauses (``LineReader``), and output is flushed
/// whenever the writer would otherwise wait, so each line of a slow stream is answered within
/// milliseconds, with any number of workers.
struct OrderedBatchPipeline<Context>: Sendable {
  /// What a worker does with one batch: its lines, the format to read them in and how many of
  /// its first lines to read as text whatever the format (``InputFormatDetector``), the number
  /// of its first line, and the worker's own context.
  typealias Transform =
    @Sendable (LineBatch, (format: MessageInputFormat, leadingTextLines: Int), Int, Context) ->
    BatchOutput

  /// How a run ended: the number of unreadable lines, and the `errno` of a failed read of
  /// standard input, if one ended it early.
  struct Outcome {
    var unreadableLines = 0
    var readError: Int32?
  }

  /// Lines per batch: large enough to amortise the hand-offs, small enough to stream.
  static var batchSize: Int { 8192 }

  /// Batches read but not yet written, at most: two per worker keeps every worker busy while
  /// the reader and the writer work, and one more lets the reader stay a batch ahead.
  static func batchesInFlight(workers: Int) -> Int { 2 * workers + 1 }

  let input: MessageInputFormat
  let workers: Int
  let makeContext: @Sendable () -> Context
  let transform: Transform

  /// Runs to the end of standard input, or to a read error.
  func run() -> Outcome {
    workers <= 1 ? runOnOneThread() : runOverlapped()
  }

  /// Reads, transforms and writes on the calling thread.
  private func runOnOneThread() -> Outcome {
    let reader = LineReader()
    let writer = OutputWriter()
    let context = makeContext()
    var batch = LineBatch()
    var formats = InputFormatDetector(input)
    var lineNumber = 0
    var errors = 0
    while reader.readBatch(into: &batch, maxLines: Self.batchSize) {
      errors += write(transform(batch, formats.format(for: batch), lineNumber + 1, context), to: writer)
      lineNumber += batch.lines.count
      // A short batch means input paused (or ended): answer it now, before waiting for more.
      if batch.lines.count < Self.batchSize { writer.flush() }
    }
    writer.flush()
    return Outcome(unreadableLines: errors, readError: reader.readError)
  }

  /// Reads on a reader thread, transforms on the workers, writes on the calling thread.
  private func runOverlapped() -> Outcome {
    let workers = self.workers
    let contexts = UncheckedSendable((0..<workers).map { _ in makeContext() })
    let queues = (0..<workers).map { DispatchQueue(label: "smsfilter.classify.worker\($0)") }
    let board = ResultBoard(capacity: Self.batchesInFlight(workers: workers))
    let pipeline = self
    let readError = Locked<Int32?>(nil)
    let reader = Thread {
      let reader = LineReader()
      var formats = InputFormatDetector(pipeline.input)
      var lineNumber = 0
      var index = 0
      while true {
        board.waitForSlot()
        var batch = LineBatch()
        guard reader.readBatch(into: &batch, maxLines: Self.batchSize) else { break }
        let format = formats.format(for: batch)
        let firstLine = lineNumber + 1
        let job = index
        let lines = batch
        queues[job % workers].async {
          // SAFETY: worker queue `w` is serial and is the only user of `contexts[w]`.
          let context = contexts.value[job % workers]
          board.post(job, pipeline.transform(lines, format, firstLine, context))
        }
        lineNumber += batch.lines.count
        index += 1
      }
      readError.withLock { $0 = reader.readError }
      board.finish(batches: index)
    }
    reader.start()
    let writer = OutputWriter()
    var errors = 0
    // Whatever is written goes out before the writer waits for a batch: a live stream's
    // answers are never held back behind input that has not arrived.
    while let result = board.next(beforeWaiting: writer.flush) {
      errors += write(result, to: writer)
    }
    writer.flush()
    return Outcome(unreadableLines: errors, readError: readError.withLock { $0 })
  }

  /// Reports a batch's unreadable lines on standard error and writes its output; returns how
  /// many lines were unreadable.
  private func write(_ result: BatchOutput, to writer: OutputWriter) -> Int {
    for (line, message) in result.errors { printError("smsfilter: line \(line): \(message)") }
    writer.write(result.bytes)
    return result.errors.count
  }
}
