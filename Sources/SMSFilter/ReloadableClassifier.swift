/// A classifier whose rule set can be replaced while other threads classify.
///
/// Each call classifies with whichever ``Classifier`` is current when it starts: a reader sees the
/// old rule set or the new one, never a mix, because a `Classifier` is immutable and the swap
/// replaces the whole reference under a lock (`Locked`).
///
/// ```swift
/// let live = try ReloadableClassifier(Classifier.builtIn())
/// // on a reload signal:
/// live.replace(with: try Classifier(contentsOf: ["/etc/smsfilter/rules"]))
/// ```
public final class ReloadableClassifier: Sendable {
  private let storage: Locked<Classifier>

  /// Starts with `classifier`.
  public init(_ classifier: Classifier) {
    storage = Locked(classifier)
  }

  /// The classifier in force now.
  public var current: Classifier {
    storage.withLock { $0 }
  }

  /// Replaces the classifier; calls already running finish with the old one.
  public func replace(with classifier: Classifier) {
    storage.withLock { $0 = classifier }
  }

  /// Classifies with the current classifier.
  public func classify(_ query: MessageQuery) -> Decision {
    current.classify(query)
  }
}
