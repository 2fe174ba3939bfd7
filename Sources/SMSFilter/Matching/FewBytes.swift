/// A set of at most four byte values, tested against eight bytes of text at once (SWAR: SIMD
/// within a 64-bit register): what lets ``ByteRunFilter`` look for a run's anchor eight start
/// positions at a time when the anchor's byte set, as far as the text holds its bytes, is that
/// small (a separator class such as `[ .-]`, a letter such as `k`).
///
/// ```swift
/// let separators = FewBytes(set: spaceDotHyphen, present: profile.present)  // [0x20, 0x2E, 0x2D]
/// separators?.lanes(in: eightBytes)  // 0x80 in each byte lane that holds one of them
/// ```
struct FewBytes {
  // Each value repeated in all eight byte lanes; unused slots repeat the first value, so every
  // test is the same four comparisons without a branch on the count. Four scalars, not a
  // SIMD4: filling a SIMD vector's lanes by a variable index goes through memory, and this
  // is built on every scan.
  private let first: UInt64
  private let second: UInt64
  private let third: UInt64
  private let fourth: UInt64

  /// The values of `set` (four words, bit `b & 63` of word `b >> 6` for byte `b`) that `present`
  /// also holds, when there are one to four of them; `nil` otherwise (none, or too many for the
  /// comparisons to pay).
  @inline(__always)
  init?(set: UnsafePointer<UInt64>, present: SIMD4<UInt64>) {
    let words = (set[0] & present[0], set[1] & present[1], set[2] & present[2], set[3] & present[3])
    let count =
      words.0.nonzeroBitCount &+ words.1.nonzeroBitCount &+ words.2.nonzeroBitCount &+ words.3.nonzeroBitCount
    guard count >= 1, count <= 4 else { return nil }
    var values: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    var found = 0
    @inline(__always) func take(_ word: UInt64, _ base: UInt64) {
      var bits = word
      while bits != 0 {
        let value = (base &+ UInt64(bits.trailingZeroBitCount)) &* 0x0101_0101_0101_0101
        switch found {
        case 0: values = (value, value, value, value)
        case 1: values.1 = value
        case 2: values.2 = value
        default: values.3 = value
        }
        found &+= 1
        bits &= bits &- 1
      }
    }
    take(words.0, 0)
    take(words.1, 64)
    take(words.2, 128)
    take(words.3, 192)
    (first, second, third, fourth) = values
  }

  /// `0x80` in each byte lane of `word` that holds one of the values, `0` in the others (exact:
  /// no lane borrows from its neighbour).
  @inline(__always)
  func lanes(in word: UInt64) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    // A lane's high bit ends up set exactly when the lane is not zero: its low seven bits plus
    // 0x7F carry into the high bit when any is set, and never beyond the lane.
    @inline(__always) func nonzero(_ difference: UInt64) -> UInt64 { ((difference & low) &+ low) | difference }
    let allDiffer =
      nonzero(word ^ first) & nonzero(word ^ second) & nonzero(word ^ third) & nonzero(word ^ fourth)
    return ~allDiffer & ~low
  }
}
