import Dispatch

/// Where the compiled matcher spends its time on a set of messages, measured while it decides
/// them (`smsfilter check --cost`): for each rule, how often the decision evaluated it, how often
/// it held, and the time its evaluations took; and apart from the rules, six kinds of work a
/// message's rules share (``TimeProfile/Stage``: normalising, the automaton pass, the learned model, the
/// link, phone-number and amount scans), each done once per message on first use.
///
/// Why those are timed on their own: the model and the scans are computed by whichever rule asks
/// first, so charged to that rule they would make an early rule with a `link:` or `model:`
/// condition look costly when removing it would only move the cost to the next rule that asks.
/// Other work remembered for the message — guards, the brands it comes from and names, the
/// sender's kind, the text's digits — is smaller and still counts toward the first rule that
/// asks for it.
///
/// Filled by a ``MatchState`` whose ``MatchState/costProfile`` is set. Reading the clock costs
/// time too: ``readingCost`` (the median of many readings of nothing) is taken off each
/// measurement, and a stage done inside a rule's evaluation is taken off that rule with its two
/// readings.
final class CostProfile {
  /// Work a message's rules share, each done at most once per message.
  typealias Stage = TimeProfile.Stage

  /// Per rule, in decision order: how many times the decision evaluated it.
  private(set) var evaluations: [Int]
  /// Per rule: how many of those evaluations held.
  private(set) var holds: [Int]
  /// Per rule: the nanoseconds of its evaluations, stages and clock readings taken off.
  private(set) var nanoseconds: [Double]
  /// Per stage: how many messages needed it.
  private(set) var stageRuns = [Int](repeating: 0, count: Stage.allCases.count)
  /// Per stage: the nanoseconds it took, clock readings taken off.
  private(set) var stageNanoseconds = [Double](repeating: 0, count: Stage.allCases.count)
  /// The nanoseconds measured so far that a rule around them must not count: each stage's, with
  /// its own two clock readings.
  private(set) var excludedNanoseconds: Double = 0
  /// The nanoseconds a measurement adds to what it measures: the median, over many tries, of the
  /// time between two readings with nothing between them.
  let readingCost: Double

  /// An empty profile for a rule set of `ruleCount` rules, with the clock's cost measured.
  init(ruleCount: Int) {
    evaluations = Array(repeating: 0, count: ruleCount)
    holds = evaluations
    nanoseconds = Array(repeating: 0, count: ruleCount)
    readingCost = Self.estimateReadingCost()
  }

  /// The monotonic clock, in nanoseconds.
  @inline(__always)
  static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// The median time a pair of readings measures around nothing, over many tries.
  private static func estimateReadingCost() -> Double {
    var samples: [UInt64] = []
    samples.reserveCapacity(10_001)
    for _ in 0..<10_001 {
      let start = now()
      samples.append(now() &- start)
    }
    samples.sort()
    return Double(samples[samples.count / 2])
  }

  /// Adds one evaluation of `rule`, begun at `start` when ``excludedNanoseconds`` was
  /// `excludedBefore`, that held or not.
  func recordRule(_ rule: Int, from start: UInt64, excludedBefore: Double, held: Bool) {
    let elapsed = Double(Self.now() &- start) - readingCost - (excludedNanoseconds - excludedBefore)
    evaluations[rule] += 1
    if held { holds[rule] += 1 }
    nanoseconds[rule] += max(0, elapsed)
  }

  /// Adds one message's `stage`, begun at `start`.
  func recordStage(_ stage: Stage, from start: UInt64) {
    let measured = Double(Self.now() &- start)
    stageRuns[stage.rawValue] += 1
    stageNanoseconds[stage.rawValue] += max(0, measured - readingCost)
    // A rule around the stage saw the work and both readings.
    excludedNanoseconds += measured + readingCost
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
