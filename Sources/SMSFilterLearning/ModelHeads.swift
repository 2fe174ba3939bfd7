import Foundation

/// How a model's sixteen lanes of logits become the probabilities of the ``ModelClass``es.
///
/// - ``flat``: one softmax over the fourteen classes; an action's probability is the sum of its
///   classes'.
/// - ``twoLevel``: an action head and a sub-action head, `P(class) = P(action) × P(sub | action)`.
///   Lanes 0 and 1 are the inbox's and junk's action logits, lanes 14 and 15 promotion's and
///   transaction's; lanes 2–4 the promotional sub-actions' logits (a softmax among themselves)
///   and lanes 5–13 the transactional ones'. The probabilities a model returns mean the same
///   either way: lane `c` is `P(c)`, the padding lanes 0.
///
/// Recorded in the model file's header (byte 30), so a model is always read with its heads.
public enum ModelHeads: UInt8, Sendable, Hashable, CaseIterable {
  /// One softmax over the classes.
  case flat = 0
  /// An action head and a sub-action head.
  case twoLevel = 1

  /// The name `smsfilter train --heads` takes: `flat` or `two-level`.
  public var name: String {
    switch self {
    case .flat: "flat"
    case .twoLevel: "two-level"
    }
  }

  /// The heads of a name (``name``), or nil.
  public init?(name: String) {
    guard let heads = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = heads
  }

  /// The two-level action head's lanes for promotion and transaction (the inbox's and junk's
  /// are their classes' own, 0 and 1).
  static let promotionLane = 14
  static let transactionLane = 15

  /// The class probabilities of a message's logits.
  @inline(__always)
  func probabilities(_ logits: SIMD16<Float>) -> SIMD16<Float> {
    switch self {
    case .flat: LinearModel.softmax(logits)
    case .twoLevel: Self.classProbabilities(heads: Self.heads(logits))
    }
  }

  /// The two heads' probabilities in the logits' lanes: the action head's in lanes 0, 1, 14 and
  /// 15; `P(sub | promotion)` in lanes 2–4 and `P(sub | transaction)` in lanes 5–13.
  @inline(__always)
  static func heads(_ logits: SIMD16<Float>) -> SIMD16<Float> {
    let actionTop = max(max(logits[0], logits[1]), max(logits[promotionLane], logits[transactionLane]))
    let promotionTop = max(logits[2], max(logits[3], logits[4]))
    var transactionTop = logits[5]
    for lane in 6...13 { transactionTop = max(transactionTop, logits[lane]) }
    let top = spread(action: actionTop, promotion: promotionTop, transaction: transactionTop)
    var exponentials = SIMD16<Float>()
    for lane in 0..<ModelClass.lanes { exponentials[lane] = Foundation.exp(logits[lane] - top[lane]) }
    let actionSum =
      exponentials[0] + exponentials[1] + exponentials[promotionLane] + exponentials[transactionLane]
    let promotionSum = exponentials[2] + exponentials[3] + exponentials[4]
    var transactionSum: Float = 0
    for lane in 5...13 { transactionSum += exponentials[lane] }
    let sums = spread(action: actionSum, promotion: promotionSum, transaction: transactionSum)
    return exponentials / sums
  }

  /// One value for each head's lanes: `action` in the action head's (0, 1, 14, 15),
  /// `promotion` in the promotional sub-actions' (2–4), `transaction` in the transactional
  /// ones' (5–13). Lane by lane, as the masks a `replacing(with:where:)` needs would be globals
  /// read (and checked for initialisation) on every message.
  @inline(__always)
  private static func spread(action: Float, promotion: Float, transaction: Float) -> SIMD16<Float> {
    var values = SIMD16<Float>(repeating: transaction)
    values[0] = action
    values[1] = action
    values[promotionLane] = action
    values[transactionLane] = action
    values[2] = promotion
    values[3] = promotion
    values[4] = promotion
    return values
  }

  /// The class probabilities of the two heads' (``heads(_:)``): a sub-action's is its action's
  /// times its own given the action.
  @inline(__always)
  static func classProbabilities(heads: SIMD16<Float>) -> SIMD16<Float> {
    var probabilities = heads
    for lane in 2...4 { probabilities[lane] *= heads[promotionLane] }
    for lane in 5...13 { probabilities[lane] *= heads[transactionLane] }
    probabilities[promotionLane] = 0
    probabilities[transactionLane] = 0
    return probabilities
  }

  /// The gradient of `-log P(accepted)` with respect to the logits, and that loss's argument
  /// (the accepted classes' total probability).
  ///
  /// - Parameters:
  ///   - logits: the message's logits (the padding lanes of a flat model `-infinity`).
  ///   - accepted: 1 in each accepted class's lane, 0 elsewhere.
  @inline(__always)
  func gradient(_ logits: SIMD16<Float>, accepted: SIMD16<Float>) -> (gradient: SIMD16<Float>, mass: Float) {
    switch self {
    case .flat:
      let probabilities = LinearModel.softmax(logits)
      let mass = max((probabilities * accepted).sum(), 1e-12)
      return (probabilities - probabilities * accepted / mass, mass)
    case .twoLevel:
      let heads = Self.heads(logits)
      let probabilities = Self.classProbabilities(heads: heads)
      let mass = max((probabilities * accepted).sum(), 1e-12)
      // The posterior over the accepted classes, and its total per action.
      let target = probabilities * accepted / mass
      let promotionTarget = target[2] + target[3] + target[4]
      var transactionTarget: Float = 0
      for lane in 5...13 { transactionTarget += target[lane] }
      var gradient = SIMD16<Float>()
      gradient[0] = heads[0] - target[0]
      gradient[1] = heads[1] - target[1]
      gradient[Self.promotionLane] = heads[Self.promotionLane] - promotionTarget
      gradient[Self.transactionLane] = heads[Self.transactionLane] - transactionTarget
      // A sub-action head learns only from what its action's accepted classes say: nothing when
      // the label accepts all of them or none.
      for lane in 2...4 { gradient[lane] = promotionTarget * heads[lane] - target[lane] }
      for lane in 5...13 { gradient[lane] = transactionTarget * heads[lane] - target[lane] }
      return (gradient, mass)
    }
  }
}
