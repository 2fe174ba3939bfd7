import ArgumentParser
import SMSFilterServer

/// Where `smsfilter serve` runs Swift concurrency's jobs, and so where requests are classified
/// (`--executor`). Measured with `scripts/bench-server` on 2 cores (README, "Serving"):
/// - `thread-pool` (Swift concurrency's own threads, the default): each request hops from the
///   event loop that read it to a pool thread and back; the cheapest per request, so the most
///   single-message requests a second;
/// - `event-loops` (NIO's event loops as the global executor): a request is classified on the
///   event loop that read it; about 10% less CPU a message in batches of 100, about 20% more
///   per single-message request (NIO's task queue costs more per job than the pool's).
enum ServeExecutor: String, CaseIterable, ExpressibleByArgument {
  case threadPool = "thread-pool"
  case eventLoops = "event-loops"

  /// Installs the executor; call once, from the main thread, before any task starts.
  func install() {
    if self == .eventLoops { ClassificationServer.runConcurrencyOnEventLoops() }
  }
}
