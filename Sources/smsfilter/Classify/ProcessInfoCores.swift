import Foundation

/// The number of cores available: the default of `--threads`.
enum ProcessInfoCores {
  /// The processors this process may run on.
  static var count: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
