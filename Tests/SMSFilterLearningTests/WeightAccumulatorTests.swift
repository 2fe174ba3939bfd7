import Testing

@testable import SMSFilterLearning

/// The scoring sink's sums are exact whatever the count of features: the ring primed with a zero
/// row adds nothing of its own, every pending row is added by `finish()`, and the 16-bit sums
/// are flushed before the extreme int8 weights can overflow them.
@Suite struct WeightAccumulatorTests {
  /// Two rows: every weight −128 in row 0, every weight 127 in row 1.
  static let weights: [Int8] =
    Array(repeating: -128, count: ModelClass.lanes) + Array(repeating: 127, count: ModelClass.lanes)

  /// The sums after adding `lows` rows of −128 and `highs` rows of 127, interleaved.
  static func sums(lows: Int, highs: Int) -> (sum: SIMD16<Int32>, count: Int) {
    weights.withUnsafeBytes { weights in
      withUnsafeTemporaryAllocation(
        byteCount: WeightAccumulator.scratchBytes, alignment: MemoryLayout<UnsafeRawPointer>.alignment
      ) { scratch in
        var accumulator = WeightAccumulator(
          weights: weights.baseAddress.unsafelyUnwrapped, scratch: scratch.baseAddress.unsafelyUnwrapped)
        var low = 0
        var high = 0
        while low < lows || high < highs {
          if low < lows {
            accumulator.add(0)
            low += 1
          }
          if high < highs {
            accumulator.add(1)
            high += 1
          }
        }
        accumulator.finish()
        return (accumulator.sum, accumulator.count)
      }
    }
  }

  @Test(arguments: [0, 1, 31, 32, 33, 255, 256, 257, 511, 512, 513, 4096])
  func rowsOfTheExtremeWeightsSumExactly(count: Int) {
    let onlyLow = Self.sums(lows: count, highs: 0)
    #expect(onlyLow.count == count)
    #expect(onlyLow.sum == SIMD16(repeating: Int32(-128 * count)), "\(count) rows of -128")
    let onlyHigh = Self.sums(lows: 0, highs: count)
    #expect(onlyHigh.sum == SIMD16(repeating: Int32(127 * count)), "\(count) rows of 127")
    let both = Self.sums(lows: count, highs: count / 3)
    #expect(both.count == count + count / 3)
    #expect(both.sum == SIMD16(repeating: Int32(-128 * count + 127 * (count / 3))), "\(count) mixed")
  }
}
