import SMSFilter

/// Classification sessions of one classifier, lent to one request at a time: a session holds
/// mutable match state, so two requests never share one, and reusing them saves building that
/// state for every request.
final class SessionPool: Sendable {
  /// The classifier whose sessions these are.
  let classifier: Classifier
  // A session is in the array only while no request holds it (``withSession(_:)`` takes it out
  // under the lock and puts it back when the request is done with it).
  private let idle = Locked<[ClassificationSession]>([])

  /// A pool for `classifier`, empty until requests need sessions.
  init(classifier: Classifier) { self.classifier = classifier }

  /// Runs `body` with a session no one else is using, then returns the session to the pool.
  func withSession<Result>(_ body: (ClassificationSession) throws -> Result) rethrows -> Result {
    let session = idle.withLock { $0.popLast() } ?? classifier.makeSession()
    defer { idle.withLock { $0.append(session) } }
    return try body(session)
  }
}
