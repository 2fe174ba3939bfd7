/// One threshold of a `model:` condition as the hot path tests it: plain values in flat arrays
/// of ``CompiledRules``, so testing it retains nothing (a ``ModelThreshold`` holds arrays).
struct ModelTest: Sendable {
  /// 1 in the lane of each class whose probability counts toward the target.
  let mask: SIMD16<Float>
  /// The least probability.
  let minimum: Float
  /// The lanes of each rival at the target's level (`top`), in
  /// ``CompiledRules/modelRivalLanes``; empty when the target need not be the most likely.
  let rivals: Range<Int32>

  /// Whether `probabilities` pass: the target's sum reaches the minimum and, for `top`, no
  /// rival's sum is higher. Returns the target's probability when they do.
  @inline(__always)
  func probability(passing probabilities: SIMD16<Float>, rivalLanes: UnsafeBufferPointer<SIMD16<Float>>) -> Float? {
    let probability = (probabilities * mask).sum()
    guard probability >= minimum else { return nil }
    for rival in Int(rivals.lowerBound)..<Int(rivals.upperBound)
    where (probabilities * rivalLanes[rival]).sum() > probability {
      return nil
    }
    return probability
  }
}
