import CMemoryHints

/// The scoring sink: each feature's row of int8 weights added into a message's per-class sums
/// (no rows are kept), with the count of features for the `1/√n` normalisation. What
/// ``LinearModel/probabilities(normalized:original:senderKind:)`` uses.
///
/// A row is asked for (prefetched) when its feature is found and added ``distance`` features
/// later, from a small ring of row addresses: the table's cache misses then overlap with the
/// hashing of the next features instead of stalling it one by one. The ring starts full of a row
/// of zeros, so every feature adds the row in its slot without asking whether one is there yet.
struct WeightAccumulator: FeatureSink {
  /// The model's first row of weights (``ModelClass/lanes`` bytes a row).
  let weights: UnsafeRawPointer
  /// The per-class sums of the weights added before the last flush.
  private var wide = SIMD16<Int32>()
  /// The per-class sums since the last flush, in 16 bits: the even classes (0, 2, … 14) and the
  /// odd ones (1, 3, … 15). A row's 16 bytes read as eight 16-bit lanes hold an even class in
  /// the low byte and the next odd class in the high byte, so two shifts sign-extend them all
  /// (the generic int8-to-int16 conversion compiled to a call, with the sums spilled around it).
  /// Flushed every ``flushEvery`` features: 256 rows of int8 weights sum to at least
  /// 256 × −128 = −32,768 and at most 32,512, inside `Int16`; 257 could overflow.
  private var even = SIMD8<Int16>()
  private var odd = SIMD8<Int16>()
  /// The feature occurrences seen so far.
  private(set) var count = 0
  /// The addresses of the rows seen and not yet added, at their occurrence's index modulo
  /// ``distance``; the zero row's where none is pending. Scratch memory the caller owns
  /// (``scratchBytes``, on the stack; a SIMD register indexed by a variable would be stored and
  /// reloaded whole at every row).
  private let pending: UnsafeMutablePointer<UnsafeRawPointer>

  /// How many features a row's addition lags its prefetch: 32 measured 3% faster than 16 and
  /// than 64 (`smsfilter bench corpus/ --model-only`, alternating binaries, 2026-11-25).
  static let distance = 32

  /// The scratch an accumulator needs: the ring of ``distance`` addresses and a row of zeros.
  static let scratchBytes = distance * MemoryLayout<UnsafeRawPointer>.stride + ModelClass.lanes

  /// An accumulator over a model's weights, with ``scratchBytes`` of scratch aligned for a
  /// pointer.
  init(weights: UnsafeRawPointer, scratch: UnsafeMutableRawPointer) {
    self.weights = weights
    let zeroRow = scratch + Self.distance * MemoryLayout<UnsafeRawPointer>.stride
    zeroRow.initializeMemory(as: UInt8.self, repeating: 0, count: ModelClass.lanes)
    pending = scratch.bindMemory(to: UnsafeRawPointer.self, capacity: Self.distance)
    pending.initialize(repeating: UnsafeRawPointer(zeroRow), count: Self.distance)
  }

  var naming: Bool { false }

  @inline(__always)
  mutating func add(_ row: UInt32) {
    // Rows are below the model's row count by construction (the extractor masks every hash).
    let address = weights + Int(row) &* ModelClass.lanes
    smsfilter_prefetch(address)
    let slot = count & (Self.distance - 1)
    accumulate(pending[slot])
    pending[slot] = address
    count &+= 1
    if count & (Self.flushEvery - 1) == 0 { flush() }
  }

  mutating func add(_ row: UInt32, name: String) { add(row) }

  /// Adds the rows still pending; call once, after the last feature.
  @inline(__always)
  mutating func finish() {
    // At most ``distance`` rows, after the flush: well inside the 16-bit sums.
    flush()
    var index = max(0, count - Self.distance)
    while index < count {
      accumulate(pending[index & (Self.distance - 1)])
      index &+= 1
    }
  }

  /// The per-class sums of every row added.
  var sum: SIMD16<Int32> { wide &+ Self.interleaved(even, odd) }

  /// The 32-bit per-class sums of the even and the odd classes' 16-bit sums.
  @inline(__always)
  private static func interleaved(_ even: SIMD8<Int16>, _ odd: SIMD8<Int16>) -> SIMD16<Int32> {
    var sums = SIMD16<Int32>()
    for pair in 0..<8 {
      sums[2 &* pair] = Int32(even[pair])
      sums[2 &* pair &+ 1] = Int32(odd[pair])
    }
    return sums
  }

  /// Features (rows added, the zero row's included) between flushes of the 16-bit sums.
  static let flushEvery = 256

  /// Moves the 16-bit sums into the 32-bit ones.
  @inline(__always)
  private mutating func flush() {
    wide &+= Self.interleaved(even, odd)
    even = SIMD8<Int16>()
    odd = SIMD8<Int16>()
  }

  @inline(__always)
  private mutating func accumulate(_ row: UnsafeRawPointer) {
    // Lane j holds class 2j in its first byte and class 2j+1 in its second.
    let pairs = row.loadUnaligned(as: SIMD8<Int16>.self)
    #if _endian(little)
    even &+= (pairs &<< 8) &>> 8
    odd &+= pairs &>> 8
    #else
    even &+= pairs &>> 8
    odd &+= (pairs &<< 8) &>> 8
    #endif
  }
}
