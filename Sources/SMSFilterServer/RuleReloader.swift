import Dispatch
import Logging
import SMSFilter

/// Holds the rule generation in force and replaces it atomically: ``reload()`` loads the rules,
/// model and directories again off the request threads and swaps the new generation in whole.
/// Requests already running finish on the generation they started with; a load that fails
/// leaves the old generation in force and says why.
final class RuleReloader: Sendable {
  /// The outcome of one reload.
  enum Outcome: Sendable {
    /// The new generation is in force.
    case reloaded(version: Int, rules: Int)
    /// Loading failed; the old generation (`version`) is still in force.
    case failed(message: String, version: Int)
  }

  private let load: @Sendable () throws -> Classifier
  private let generation: Locked<RuleGeneration>
  /// Loads run here, one at a time, never on a thread that answers requests.
  private let queue = DispatchQueue(label: "smsfilter.serve.reload")
  private let metrics: ServerMetrics
  private let logger: Logger

  /// Loads the first generation with `load`; throws what `load` throws.
  init(load: @escaping @Sendable () throws -> Classifier, metrics: ServerMetrics, logger: Logger) throws {
    self.load = load
    self.metrics = metrics
    self.logger = logger
    let first = RuleGeneration(classifier: try load(), version: 1)
    generation = Locked(first)
    metrics.ruleSetLoaded(first)
  }

  /// The generation in force now.
  var current: RuleGeneration { generation.withLock { $0 } }

  /// Loads again and swaps the new generation in, or keeps the old one if loading fails.
  func reload() async -> Outcome {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: self.reloadNow()) }
    }
  }

  private func reloadNow() -> Outcome {
    let version = current.version + 1
    do {
      let next = RuleGeneration(classifier: try load(), version: version)
      generation.withLock { $0 = next }
      metrics.ruleSetLoaded(next)
      metrics.reloads(succeeded: true)
      logger.info(
        "rules reloaded", metadata: ["version": "\(version)", "rules": "\(next.ruleCount)"])
      return .reloaded(version: version, rules: next.ruleCount)
    } catch {
      let message = "\(error)"
      metrics.reloads(succeeded: false)
      let kept = current.version
      logger.error(
        "reload failed; the rules in force are kept", metadata: ["error": "\(message)", "version": "\(kept)"])
      return .failed(message: message, version: kept)
    }
  }
}
