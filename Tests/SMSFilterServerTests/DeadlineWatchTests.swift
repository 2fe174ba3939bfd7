import Hummingbird
import Testing

@testable import SMSFilterServer

/// The request timeout's timer: a wait expires on time, and a cancelled wait (a body that
/// arrived in time) leaves nothing behind, however many there were.
@Suite struct DeadlineWatchTests {
  @Test func aWaitExpiresAfterItsDuration() async {
    let watch = DeadlineWatch()
    let start = ContinuousClock.now
    #expect(await watch.expires(after: .milliseconds(50)))
    #expect(ContinuousClock.now - start >= .milliseconds(50))
    #expect(watch.waits == 0)
  }

  @Test func waitsOfDifferentLengthsEachExpireAfterTheirOwn() async {
    let watch = DeadlineWatch()
    let outcomes = await withTaskGroup(of: (Int, Bool, Duration).self) { group in
      for milliseconds in [120, 30, 60] {
        group.addTask {
          let start = ContinuousClock.now
          let expired = await watch.expires(after: .milliseconds(milliseconds))
          return (milliseconds, expired, ContinuousClock.now - start)
        }
      }
      var outcomes: [(Int, Bool, Duration)] = []
      for await outcome in group { outcomes.append(outcome) }
      return outcomes
    }
    #expect(outcomes.count == 3)
    for (milliseconds, expired, waited) in outcomes {
      #expect(expired)
      #expect(waited >= .milliseconds(milliseconds))
    }
    #expect(watch.waits == 0)
  }

  @Test func aCancelledWaitEndsAtOnceAndLeavesNothingBehind() async {
    // A wait that expired would answer `true`, an hour from now; a cancelled one answers
    // `false` (no wall-clock bound here: a busy test machine can delay any task).
    let watch = DeadlineWatch()
    let task = Task { await watch.expires(after: .seconds(3_600)) }
    try? await Task.sleep(for: .milliseconds(20))
    task.cancel()
    #expect(await task.value == false)
    // Cancelled before it began to wait: it does not wait at all.
    let early = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await watch.expires(after: .seconds(3_600))
    }
    #expect(await early.value == false)
    #expect(watch.waits == 0)
  }

  @Test func bodiesReadInTimeLeaveNoTimerBehind() async throws {
    let watch = DeadlineWatch()
    for index in 0..<1_000 {
      let body = try await BodyReader.collect(
        RequestBody(buffer: ByteBuffer(string: "{\"body\":\"\(index)\"}")), upTo: 100, within: .seconds(60),
        watch: watch)
      #expect(body.readableBytes > 8)
    }
    #expect(watch.waits == 0)
  }
}
