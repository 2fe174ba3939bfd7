import CMemoryHints

/// The scoring sink: each feature's row of int8 weights added into a message's per-class sums
/// (no rows are kept), with the count of features for the `1/√n` normalisation. What
/// ``LinearModel/probabilities(normalized:original:senderKind:)`` uses.
///
/// A row is asked for (prefetched) when its feature is found and added ``distance`` features
/// later, from a small ring: the table's cache misses then overlap with the hashing of the next
/// features instead of stalling it one by one.
struct WeightAccumulator: FeatureSink {
  /// The model's first row of weights (``ModelClass/lanes`` bytes a row).
  let weights: UnsafeRawPointer
  /// The per-class sums of the weights added before the last flush.
  private var wide = SIMD16<Int32>()
  /// The per-class sums since the last flush, in 16 bits (half the work of widening each row
  /// to 32 bits); flushed every ``flushEvery`` rows, before 258 rows of ±127 could overflow.
  private var narrow = SIMD16<Int16>()
  /// Rows added to ``narrow`` since the last flush.
  private var sinceFlush = 0
  /// The feature occurrences seen so far.
  private(set) var count = 0
  /// The rows seen and not yet added, at their occurrence's index modulo ``distance``: scratch
  /// memory the caller owns (``distance`` words, on the stack; a SIMD register indexed by a
  /// variable would be stored and reloaded whole at every row).
  private let pending: UnsafeMutablePointer<UInt32>

  /// How many features a row's addition lags its prefetch.
  static let distance = 16

  /// An accumulator over a model's weights, with ``distance`` words of scratch.
  init(weights: UnsafeRawPointer, scratch: UnsafeMutablePointer<UInt32>) {
    self.weights = weights
    self.pending = scratch
  }

  var naming: Bool { false }

  @inline(__always)
  mutating func add(_ row: UInt32) {
    // Rows are below the model's row count by construction (the extractor masks every hash).
    smsfilter_prefetch(weights + Int(row) &* ModelClass.lanes)
    let slot = count & (Self.distance - 1)
    if count >= Self.distance { accumulate(pending[slot]) }
    pending[slot] = row
    count &+= 1
  }

  mutating func add(_ row: UInt32, name: String) { add(row) }

  /// Adds the rows still pending; call once, after the last feature.
  @inline(__always)
  mutating func finish() {
    var index = max(0, count - Self.distance)
    while index < count {
      accumulate(pending[index & (Self.distance - 1)])
      index &+= 1
    }
  }

  /// The per-class sums of every row added.
  var sum: SIMD16<Int32> { wide &+ SIMD16<Int32>(truncatingIfNeeded: narrow) }

  /// Rows added in 16 bits between flushes.
  static let flushEvery = 256

  @inline(__always)
  private mutating func accumulate(_ row: UInt32) {
    let lane = (weights + Int(row) &* ModelClass.lanes).loadUnaligned(as: SIMD16<Int8>.self)
    narrow &+= SIMD16<Int16>(truncatingIfNeeded: lane)
    sinceFlush &+= 1
    if sinceFlush == Self.flushEvery {
      wide &+= SIMD16<Int32>(truncatingIfNeeded: narrow)
      narrow = SIMD16<Int16>()
      sinceFlush = 0
    }
  }
}
