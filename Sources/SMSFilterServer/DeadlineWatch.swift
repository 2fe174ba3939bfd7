import Dispatch
import SMSFilter

/// Deadlines for many waiting tasks on one timer: ``expires(after:)`` returns `true` once its
/// time has passed, or `false` as soon as the waiting task is cancelled, and a cancelled wait
/// leaves nothing behind.
///
/// `Task.sleep` would do the same, but a cancelled sleep keeps its timer queued until the time
/// it would have woken: with one sleep of `--request-timeout` (10 s) per request, 30,000
/// requests a second kept 300,000 dead timers alive and the server's memory grew by about
/// 230 MB under load. Here a wait is one dictionary entry, removed when it ends, and a single
/// timer, set for the earliest deadline, serves every wait.
///
/// ```swift
/// if await DeadlineWatch.shared.expires(after: .seconds(10)) { /* too late */ }
/// ```
final class DeadlineWatch: Sendable {
  /// One wait, by id.
  private enum Slot {
    /// The id is taken; its task has not begun to wait yet.
    case starting
    /// The task was cancelled before it began to wait: it must not wait.
    case cancelled
    /// The task waits until `deadline`.
    case waiting(deadline: DispatchTime, continuation: CheckedContinuation<Bool, Never>)
  }

  private struct State {
    var nextID: UInt64 = 0
    var slots: [UInt64: Slot] = [:]
    /// When the timer fires next, if it is set.
    var timer: DispatchTime?
  }

  /// The watch the server's requests share.
  static let shared = DeadlineWatch()

  private let state = Locked(State())
  /// Where the timer fires; it resumes the continuations of the waits that expired.
  private let queue = DispatchQueue(label: "smsfilter.serve.deadlines")

  /// A watch with no waits and no timer set.
  init() {}

  /// The number of waits in progress (for tests: it is 0 when no task waits).
  var waits: Int { state.withLock { $0.slots.count } }

  /// Waits until `duration` has passed (`true`) or the calling task is cancelled (`false`,
  /// at once).
  func expires(after duration: Duration) async -> Bool {
    let id = state.withLock { state in
      state.nextID &+= 1
      state.slots[state.nextID] = .starting
      return state.nextID
    }
    let nanoseconds = duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let deadline = DispatchTime.now() + .nanoseconds(Int(clamping: max(0, nanoseconds)))
        let (cancelled, setTimer) = state.withLock { state -> (Bool, Bool) in
          if case .cancelled = state.slots[id] {
            state.slots[id] = nil
            return (true, false)
          }
          state.slots[id] = .waiting(deadline: deadline, continuation: continuation)
          guard state.timer.map({ deadline < $0 }) ?? true else { return (false, false) }
          state.timer = deadline
          return (false, true)
        }
        if cancelled { continuation.resume(returning: false) }
        if setTimer { queue.asyncAfter(deadline: deadline) { self.fire() } }
      }
    } onCancel: {
      let continuation = state.withLock { state -> CheckedContinuation<Bool, Never>? in
        switch state.slots[id] {
        case .starting:
          state.slots[id] = .cancelled
          return nil
        case .waiting(_, let continuation):
          state.slots[id] = nil
          return continuation
        case .cancelled, nil:  // already over (expired), or cancelled twice
          return nil
        }
      }
      continuation?.resume(returning: false)
    }
  }

  /// The timer: resumes the waits whose deadline has passed and sets the timer for the
  /// earliest one left, if any.
  private func fire() {
    let now = DispatchTime.now()
    let (expired, next) = state.withLock { state -> ([CheckedContinuation<Bool, Never>], DispatchTime?) in
      var expired: [CheckedContinuation<Bool, Never>] = []
      var earliest: DispatchTime?
      for (id, slot) in state.slots {
        guard case .waiting(let deadline, let continuation) = slot else { continue }
        if deadline <= now {
          expired.append(continuation)
          state.slots[id] = nil
        } else if earliest.map({ deadline < $0 }) ?? true {
          earliest = deadline
        }
      }
      // A timer already set for an earlier time (by a wait that began meanwhile) stays.
      if let set = state.timer, set > now, earliest.map({ set <= $0 }) ?? true { return (expired, nil) }
      state.timer = earliest
      return (expired, earliest)
    }
    for continuation in expired { continuation.resume(returning: true) }
    if let next { queue.asyncAfter(deadline: next) { self.fire() } }
  }
}
