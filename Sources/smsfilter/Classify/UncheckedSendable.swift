/// A value handed across threads whose safe use the code around it guarantees.
// SAFETY: used for the classify workers' contexts: worker queue `w` is serial and is the only
// code that touches `contexts[w]`, so no context is ever used by two threads at once.
struct UncheckedSendable<Value>: @unchecked Sendable {
  /// The value.
  let value: Value
  /// Wraps a value.
  init(_ value: Value) { self.value = value }
}
