import Dispatch

/// Where the compiled matcher spends its time on a set of messages, measured while it decides
/// them (`smsfilter check --cost`): for each rule, how often the decision evaluated it, how often
/// it held, and the time its own conditions took; and apart from the rules, the work a message's
/// rules share — normalising, the automaton pass, the learned model, the link, phone-number and
/// amount scans — each done once per message on first use.
///
/// Why shared work is timed on its own: it is computed by whichever rule asks first, so charged
/// to that rule it would make an early rule with a `link:` or `model:` condition look costly
/// when removing it would only move the cost to the next rule that asks.
///
/// Filled by a ``MatchState`` whose ``MatchState/costProfile`` is set; reading the clock around
/// each part adds a constant per reading, which ``readingCost`` estimates and every figure has
/// taken off.
final class CostProfile {
  /// Work a message's rules share, each done at most once per message.
  enum Stage: Int, CaseIterable {
    case normalizing, automaton, model, links, phones, amounts
  }

  /// Per rule, in decision order: how many times the decision evaluated it.
  private(set) var evaluations: [Int]
  /// Per rule: how many of those evaluations held.
  private(set) var holds: [Int]
  /// Per rule: the nanoseconds of its evaluations, shared work and clock readings taken off.
  private(set) var nanoseconds: [Double]
  /// Per stage: how many messages did it, and the nanoseconds it took.
  private(set) var stageRuns = [Int](repeating: 0, count: Stage.allCases.count)
  private(set) var stageNanoseconds = [Double](repeating: 0, count: Stage.allCases.count)
  /// The nanoseconds of shared work so far: what a rule's evaluation subtracts.
  private var sharedSoFar: Double = 0
  /// The nanoseconds one pair of clock readings adds to what it measures.
  let readingCost: Double

  init(ruleCount: Int) {
    evaluations = Array(repeating: 0, count: ruleCount)
    holds = evaluations
    nanoseconds = Array(repeating: 0, count: ruleCount)
    readingCost = Self.estimateReadingCost()
  }

  /// The monotonic clock, in nanoseconds.
  @inline(__always)
  static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// The smallest time a pair of readings measures around nothing, over many tries.
  private static func estimateReadingCost() -> Double {
    var best = UInt64.max
    for _ in 0..<10_000 {
      let start = now()
      best = min(best, now() &- start)
    }
    return Double(best)
  }

  /// Adds one evaluation of `rule`, begun at `start`, that held or not.
  func recordRule(_ rule: Int, from start: UInt64, sharedBefore: Double, held: Bool) {
    let elapsed = Double(Self.now() &- start) - readingCost - (sharedSoFar - sharedBefore)
    evaluations[rule] += 1
    if held { holds[rule] += 1 }
    nanoseconds[rule] += max(0, elapsed)
  }

  /// The shared work measured so far (for ``recordRule(_:from:sharedBefore:held:)``).
  var sharedNanoseconds: Double { sharedSoFar }

  /// Adds one message's `stage`, begun at `start`.
  func recordStage(_ stage: Stage, from start: UInt64) {
    let elapsed = max(0, Double(Self.now() &- start) - readingCost)
    stageRuns[stage.rawValue] += 1
    stageNanoseconds[stage.rawValue] += elapsed
    sharedSoFar += elapsed
  }

  /// Runs `body`, timed as `stage` when `profile` is set.
  @inline(__always)
  static func timing<Result>(_ stage: Stage, in profile: CostProfile?, _ body: () -> Result) -> Result {
    guard let profile else { return body() }
    let start = now()
    let result = body()
    profile.recordStage(stage, from: start)
    return result
  }
}
