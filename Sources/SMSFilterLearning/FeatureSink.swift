/// Where ``FeatureExtractor`` puts each feature as it finds it: a ``FeatureBuffer`` (the rows,
/// for training and `--explain`) or a ``WeightAccumulator`` (summed into the model's logits at
/// once, no rows kept: the scoring path).
///
/// The extractor is generic over its sink and specialised for each, so the scoring path pays for
/// neither an array append nor a name per feature.
protocol FeatureSink {
  /// Whether each feature's readable name is wanted (`add(_:name:)` is called instead of
  /// `add(_:)`).
  var naming: Bool { get }
  /// Takes one feature occurrence's row.
  mutating func add(_ row: UInt32)
  /// Takes one feature occurrence's row and name (only when ``naming``).
  mutating func add(_ row: UInt32, name: String)
}

extension FeatureBuffer: FeatureSink {
  @inline(__always)
  mutating func add(_ row: UInt32) { rows.append(row) }

  mutating func add(_ row: UInt32, name: String) {
    rows.append(row)
    names.append(name)
  }
}
