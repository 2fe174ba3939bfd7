import ServiceLifecycle
import UnixSignals

/// The service that reloads the rules on SIGHUP, as daemons do, until graceful shutdown; it
/// also marks the server as draining when shutdown begins.
struct HangUpReload: Service {
  /// The server to reload.
  let server: ClassificationServer

  func run() async throws {
    let signals = await UnixSignalsSequence(trapping: .sighup)
    await withGracefulShutdownHandler {
      for await _ in signals.cancelOnGracefulShutdown() {
        _ = await server.reload()
      }
    } onGracefulShutdown: {
      server.beginDraining()
    }
  }
}
