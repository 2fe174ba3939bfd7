import Foundation

/// A value that threads share behind a lock.
///
/// The lock is an `NSLock` (a pthread mutex) rather than the standard library's `Mutex`: on
/// Linux, ThreadSanitizer cannot see inside `Mutex` and reports races on every value it guards,
/// so `scripts/sanitize thread` could not vouch for code that used it.
package final class Locked<Value>: @unchecked Sendable {
  // Unchecked: `value` is only read or written while `lock` is held.
  private let lock = NSLock()
  private var value: Value

  /// Guards `value`.
  package init(_ value: Value) { self.value = value }

  /// Runs `body` with the value, holding the lock.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
