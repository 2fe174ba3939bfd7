import NIOCore
import NIOPosix

extension ClassificationServer {
  /// Makes NIO's event loops (the threads Hummingbird reads and writes sockets on) Swift
  /// concurrency's global executor, so that a request is classified on the thread that read it
  /// instead of hopping to concurrency's own pool of threads and back. On 2 cores the hop cost
  /// about 5% of batch throughput (context switches and wake-ups; Benchmarks/results, s10).
  ///
  /// This is NIO's `NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()`:
  /// call it at most once, from the main thread, before any task starts (`smsfilter serve` does,
  /// first thing). A library that embeds the server in its own process decides for itself.
  ///
  /// - Returns: whether the event loops are now the global executor.
  @discardableResult
  public static func runConcurrencyOnEventLoops() -> Bool {
    NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
  }
}
