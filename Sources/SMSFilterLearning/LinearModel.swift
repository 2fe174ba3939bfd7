import CMemoryHints
import Foundation
import SMSFilterModel

/// The learned stage: a multinomial logistic regression over hashed features, with int8 weights
/// (one 16-byte row per hashed feature, a lane per ``ModelClass``), a float scale and biases.
/// Immutable and `Sendable`; scoring allocates nothing.
///
/// A message's logits are `bias + scale · Σ rows / √n` over its `n` feature occurrences; its
/// probabilities their softmax (``ModelHeads/flat``) or the product of an action head's and a
/// sub-action head's (``ModelHeads/twoLevel``).
///
/// ```swift
/// let model = try LinearModel(contentsOf: "default.smsmodel")
/// var features = FeatureBuffer()
/// model.extractor.extract(normalized: text, original: body, senderKind: .phone, into: &features)
/// let probabilities = model.probabilities(of: features)
/// probabilities[ModelClass.junk.rawValue]
/// ```
public final class LinearModel: Sendable {
  /// The feature settings it was trained with.
  public let settings: FeatureSettings
  /// How it was made.
  public let metadata: ModelMetadata
  /// The extractor for its settings.
  public let extractor: FeatureExtractor
  /// Where it was read from (a path, or `<built-in>`, `<trained>`).
  public let source: String
  /// The XXH64 checksum stored in (and checked against) its file.
  public let checksum: UInt64
  let scale: Float
  let bias: SIMD16<Float>
  private let storage: ModelStorage
  private let weightsOffset: Int

  /// Reads (maps) a model file, checking its checksum.
  ///
  /// - Throws: ``ModelFileError`` naming the file and the reason.
  public convenience init(contentsOf path: String) throws(ModelFileError) {
    try self.init(storage: ModelStorage(mapping: path), source: path)
  }

  /// Reads a model from its file's bytes (copied).
  ///
  /// - Parameters:
  ///   - bytes: a model file's bytes.
  ///   - source: the name used in errors and `--explain`.
  /// - Throws: ``ModelFileError``.
  public convenience init(bytes: [UInt8], source: String) throws(ModelFileError) {
    let storage = bytes.withUnsafeBytes { ModelStorage(copying: $0) }
    try self.init(storage: storage, source: source)
  }

  /// Reads a model from bytes that live as long as the program (a model embedded in the
  /// binary), in place: no copy, and its checksum checked like a file's.
  ///
  /// - Precondition: `bytes` are never freed or changed.
  /// - Throws: ``ModelFileError``.
  package convenience init(staticBytes bytes: UnsafeRawBufferPointer, source: String) throws(ModelFileError) {
    try self.init(storage: ModelStorage(borrowingStatic: bytes), source: source)
  }

  init(storage: ModelStorage, source: String) throws(ModelFileError) {
    let header = try ModelFileFormat.read(storage.bytes, source: source)
    self.storage = storage
    self.source = source
    self.settings = header.settings
    self.metadata = header.metadata
    self.scale = header.scale
    self.bias = header.bias
    self.checksum = header.checksum
    self.extractor = FeatureExtractor(settings: header.settings)
    self.weightsOffset = header.weightsOffset
  }

  /// The first row of weights (the header was checked to precede ``ModelClass/lanes`` bytes per
  /// row, so the storage is never empty).
  private var weights: UnsafeRawPointer { storage.bytes.baseAddress.unsafelyUnwrapped + weightsOffset }

  /// The file's bytes, as ``ModelFileFormat`` writes them.
  public var fileBytes: UnsafeRawBufferPointer { storage.bytes }

  /// The logits of a message's features (``ModelHeads`` says what their lanes mean).
  @inline(__always)
  public func logits(of features: FeatureBuffer) -> SIMD16<Float> {
    var sum = SIMD16<Int32>()
    let weights = self.weights
    features.rows.withUnsafeBufferPointer { rows in
      // The rows are known before the first is read: ask for the lines a few rows ahead, so the
      // table's cache misses overlap instead of following one another.
      let ahead = 8
      for index in rows.indices {
        if index &+ ahead < rows.count {
          smsfilter_prefetch(weights + Int(rows[index &+ ahead]) &* ModelClass.lanes)
        }
        let lane = (weights + Int(rows[index]) &* ModelClass.lanes).loadUnaligned(as: SIMD16<Int8>.self)
        sum &+= SIMD16<Int32>(truncatingIfNeeded: lane)
      }
    }
    let norm = features.rows.isEmpty ? 0 : scale / Float(features.rows.count).squareRoot()
    return bias + SIMD16<Float>(sum) * norm
  }

  /// The probability of each class (indexed by ``ModelClass/rawValue``; the padding lanes 0).
  public func probabilities(of features: FeatureBuffer) -> SIMD16<Float> {
    settings.heads.probabilities(logits(of: features))
  }

  /// A message's class probabilities straight from its text: each feature's weights summed as
  /// the extractor finds it, no rows kept (the engine's path; the same figures as extracting
  /// into a ``FeatureBuffer`` and ``probabilities(of:)``, since integer sums do not depend on
  /// their order).
  ///
  /// - Parameters:
  ///   - normalized: the body after `TextNormalizer`.
  ///   - original: the body as received.
  ///   - senderKind: the sender's kind.
  public func probabilities(
    normalized: UnsafeBufferPointer<UInt8>, original: UnsafeBufferPointer<UInt8>, senderKind: SenderKind
  ) -> SIMD16<Float> {
    withUnsafeTemporaryAllocation(
      byteCount: WeightAccumulator.scratchBytes, alignment: MemoryLayout<UnsafeRawPointer>.alignment
    ) { scratch in
      var accumulator = WeightAccumulator(weights: weights, scratch: scratch.baseAddress.unsafelyUnwrapped)
      extractor.extract(normalized: normalized, original: original, senderKind: senderKind, sink: &accumulator)
      accumulator.finish()
      let norm = accumulator.count == 0 ? 0 : scale / Float(accumulator.count).squareRoot()
      return settings.heads.probabilities(bias + SIMD16<Float>(accumulator.sum) * norm)
    }
  }

  /// Softmax over the class lanes.
  @inline(__always)
  static func softmax(_ logits: SIMD16<Float>) -> SIMD16<Float> {
    var masked = logits
    for lane in ModelClass.allCases.count..<ModelClass.lanes { masked[lane] = -.infinity }
    let top = masked.max()
    var exponentials = SIMD16<Float>()
    for lane in 0..<ModelClass.allCases.count { exponentials[lane] = Foundation.exp(masked[lane] - top) }
    return exponentials / exponentials.sum()
  }

  /// The weight of one feature row for one class, as it adds to that class's logit before the
  /// `1/√n` normalisation.
  public func weight(row: UInt32, class modelClass: ModelClass) -> Float {
    precondition(Int(row) < settings.rows, "row \(row) is beyond the model's \(settings.rows) rows")
    return weight(row: row, lane: modelClass.rawValue)
  }

  /// The weight of one feature row in one lane.
  private func weight(row: UInt32, lane: Int) -> Float {
    Float((weights + Int(row) &* ModelClass.lanes + lane).load(as: Int8.self)) * scale
  }

  /// How hard one feature row pushes a message toward a class, before the `1/√n`
  /// normalisation: its weight for the class less its mean weight over the alternatives (every
  /// class, for a flat model; for a two-level one, the action head's lanes and then, for a
  /// promotion or transaction, that action's sub-action lanes).
  public func push(row: UInt32, toward modelClass: ModelClass) -> Float {
    precondition(Int(row) < settings.rows, "row \(row) is beyond the model's \(settings.rows) rows")
    func relative(_ lane: Int, among lanes: [Int]) -> Float {
      weight(row: row, lane: lane) - lanes.reduce(Float(0)) { $0 + weight(row: row, lane: $1) } / Float(lanes.count)
    }
    switch settings.heads {
    case .flat:
      return relative(modelClass.rawValue, among: Array(ModelClass.allCases.indices))
    case .twoLevel:
      let actions = [0, 1, ModelHeads.promotionLane, ModelHeads.transactionLane]
      switch modelClass.action {
      case .promotion:
        return relative(ModelHeads.promotionLane, among: actions) + relative(modelClass.rawValue, among: Array(2...4))
      case .transaction:
        return relative(ModelHeads.transactionLane, among: actions)
          + relative(modelClass.rawValue, among: Array(5...13))
      default:
        return relative(modelClass.rawValue, among: actions)
      }
    }
  }
}
