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

  @Test func waitsOfDifferentLengthsExpireInTheirOrder() async {
    let watch = DeadlineWatch()
    let order = await withTaskGroup(of: Int.self) { group in
      for milliseconds in [120, 30, 60] {
        group.addTask {
          _ = await watch.expires(after: .milliseconds(milliseconds))
          return milliseconds
        }
      }
      var order: [Int] = []
      for await milliseconds in group { order.append(milliseconds) }
      return order
    }
    #expect(order == [30, 60, 120])
    #expect(watch.waits == 0)
  }

  @Test func aCancelledWaitEndsAtOnceAndLeavesNothingBehind() async {
    let watch = DeadlineWatch()
    let start = ContinuousClock.now
    let task = Task { await watch.expires(after: .seconds(60)) }
    try? await Task.sleep(for: .milliseconds(20))
    task.cancel()
    #expect(await task.value == false)
    #expect(ContinuousClock.now - start < .seconds(5))
    // Cancelled before it began to wait: it does not wait at all.
    let early = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await watch.expires(after: .seconds(60))
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
