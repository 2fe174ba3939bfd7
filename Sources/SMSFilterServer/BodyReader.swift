import Hummingbird

/// Reads a request body whole, within a size limit and a time limit, so that a client that
/// sends slowly (or stops) cannot hold a request open for ever.
enum BodyReader {
  /// The body did not arrive in time.
  struct TimedOut: Error {}

  /// The body, or an error whose status is 413 (Content Too Large) past `limit` bytes, or ``TimedOut`` past `timeout`.
  ///
  /// The time limit is a wait on `watch` (one timer for every request) rather than a
  /// `Task.sleep`, whose timer would stay queued for the whole timeout after the body arrived.
  static func collect(
    _ body: RequestBody, upTo limit: Int, within timeout: Duration, watch: DeadlineWatch = .shared
  ) async throws -> ByteBuffer {
    try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
      group.addTask { try await body.collect(upTo: limit) }
      group.addTask {
        guard await watch.expires(after: timeout) else { throw CancellationError() }
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let buffer = first else { throw TimedOut() }
      return buffer
    }
  }
}
