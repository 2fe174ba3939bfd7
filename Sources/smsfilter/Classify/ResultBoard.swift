import Dispatch
import SMSFilter

/// Where workers post finished batches and the writer takes them in order; also bounds the
/// batches in flight (read, not yet written).
final class ResultBoard: Sendable {
  private struct State {
    var finished: [Int: BatchOutput] = [:]
    var next = 0
    var total: Int?
  }
  private let state = Locked(State())
  /// Signalled once per posted batch and once at the end of input.
  private let posted = DispatchSemaphore(value: 0)
  /// Free places for batches in flight.
  private let slots: DispatchSemaphore

  /// A board with room for `capacity` batches in flight.
  init(capacity: Int) { slots = DispatchSemaphore(value: capacity) }

  /// Blocks the reader until a batch may be read.
  func waitForSlot() { slots.wait() }

  /// A worker's finished batch.
  func post(_ index: Int, _ result: BatchOutput) {
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

  /// The next batch in input order, waiting for it (after calling `beforeWaiting`, when it has
  /// to wait); `nil` after the last.
  func next(beforeWaiting: () -> Void = {}) -> BatchOutput? {
    while true {
      let (result, ended) = state.withLock { state -> (BatchOutput?, Bool) in
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
      beforeWaiting()
      posted.wait()
    }
  }
}
