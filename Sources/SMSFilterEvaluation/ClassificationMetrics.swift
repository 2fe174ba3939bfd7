/// Accuracy, per-class precision/recall/F1/support, macro-F1 and the confusion matrix of one
/// labeling (actions, or sub-actions), accumulated one prediction at a time.
public struct ClassificationMetrics: Codable, Sendable, Equatable {
  /// Precision, recall, F1 and support of one class.
  public struct ClassScores: Codable, Sendable, Equatable {
    /// Of the messages predicted as this class, the share that were labeled so.
    public var precision: Double
    /// Of the messages labeled as this class, the share predicted so.
    public var recall: Double
    /// The harmonic mean of precision and recall.
    public var f1: Double
    /// The number of messages labeled as this class.
    public var support: Int
  }

  /// The confusion matrix: `matrix[expected][predicted]` over `labels`.
  public struct Confusion: Codable, Sendable, Equatable {
    /// The class names, in order.
    public var labels: [String]
    /// Counts, rows expected, columns predicted.
    public var matrix: [[Int]]
  }

  /// The share of messages predicted correctly.
  public var accuracy: Double
  /// The unweighted mean F1 over the classes that were expected or predicted at least once.
  public var macroF1: Double
  /// Scores by class name.
  public var classes: [String: ClassScores]
  /// The confusion matrix.
  public var confusion: Confusion

  /// Computes the metrics from (expected, predicted) pairs, with classes named in `order`
  /// (classes never seen are left out).
  ///
  /// - Parameters:
  ///   - pairs: the scored (expected, predicted) pairs, one per message.
  ///   - order: the classes in the order the report lists them.
  ///   - confusionPairs: the pairs the confusion matrix shows, when they differ from the scored
  ///     ones (the scored pairs count `none` as right for an `allow` label; the matrix keeps the
  ///     label as written).
  public init(
    pairs: [(expected: String, predicted: String)], order: [String],
    confusionPairs: [(expected: String, predicted: String)]? = nil
  ) {
    var counts: [String: [String: Int]] = [:]
    var correct = 0
    for (expected, predicted) in pairs {
      counts[expected, default: [:]][predicted, default: 0] += 1
      if expected == predicted { correct += 1 }
    }
    let seen = Set(pairs.map(\.expected)).union(pairs.map(\.predicted))
    let labels = order.filter(seen.contains) + seen.subtracting(order).sorted()
    var classes: [String: ClassScores] = [:]
    for label in labels {
      let truePositives = counts[label]?[label] ?? 0
      let support = counts[label]?.values.reduce(0, +) ?? 0
      let predicted = counts.values.reduce(0) { $0 + ($1[label] ?? 0) }
      let precision = predicted == 0 ? 0 : Double(truePositives) / Double(predicted)
      let recall = support == 0 ? 0 : Double(truePositives) / Double(support)
      let f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
      classes[label] = ClassScores(precision: precision, recall: recall, f1: f1, support: support)
    }
    self.accuracy = pairs.isEmpty ? 0 : Double(correct) / Double(pairs.count)
    self.macroF1 = labels.isEmpty ? 0 : labels.map { classes[$0]!.f1 }.reduce(0, +) / Double(labels.count)
    self.classes = classes
    var shown = counts
    var shownLabels = labels
    if let confusionPairs {
      shown = [:]
      for (expected, predicted) in confusionPairs { shown[expected, default: [:]][predicted, default: 0] += 1 }
      let all = Set(confusionPairs.map(\.expected)).union(confusionPairs.map(\.predicted))
      shownLabels = order.filter(all.contains) + all.subtracting(order).sorted()
    }
    self.confusion = Confusion(
      labels: shownLabels,
      matrix: shownLabels.map { expected in shownLabels.map { shown[expected]?[$0] ?? 0 } })
  }
}
