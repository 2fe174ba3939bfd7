/// How `smsfilter serve` listens and what it accepts: the address, the limits that protect it,
/// and the bearer token, if any.
///
/// ```swift
/// var configuration = ServerConfiguration()
/// configuration.port = 0  // any free port
/// configuration.token = "s3cret"
/// ```
public struct ServerConfiguration: Sendable {
  /// The address to listen on: loopback unless told otherwise.
  public var host = "127.0.0.1"
  /// The TCP port; 0 picks a free one (logged once listening).
  public var port = 8080
  /// The largest request body accepted, in bytes; a larger one gets 413.
  public var maximumBodyBytes = 1 << 20
  /// The most messages in one batch; more gets 413.
  public var maximumBatchMessages = 1_000
  /// How long a request body may take to arrive; a slower one gets 408.
  public var requestTimeout: Duration = .seconds(10)
  /// The most requests handled at once; one more gets 429 with `Retry-After`.
  public var maximumConcurrentRequests = 1_024
  /// The bearer token every endpoint but `/healthz` and `/readyz` requires, if set.
  public var token: String?

  /// The defaults: 127.0.0.1:8080, 1 MiB bodies, 1,000-message batches, 10 s, 1,024 requests
  /// at once, no token.
  public init() {}
}
