import Hummingbird
import Testing

@testable import SMSFilterServer

/// The body limits: a body that stops arriving times out (408), one too large is refused (413).
@Suite struct BodyReaderTests {
  @Test func aStalledBodyTimesOut() async throws {
    let (stream, continuation) = AsyncStream<ByteBuffer>.makeStream()
    continuation.yield(ByteBuffer(string: #"{"body":"#))  // and then nothing more, ever
    await #expect(throws: BodyReader.TimedOut.self) {
      _ = try await BodyReader.collect(RequestBody(asyncSequence: stream), upTo: 1_000, within: .milliseconds(200))
    }
    continuation.finish()
  }

  @Test func aBodyPastTheLimitIsRefusedAndOneWithinItIsRead() async throws {
    let parts = [ByteBuffer(string: "12345"), ByteBuffer(string: "67890")]
    do {
      _ = try await BodyReader.collect(
        RequestBody(asyncSequence: parts.async), upTo: 8, within: .seconds(5))
      Issue.record("a 10-byte body passed an 8-byte limit")
    } catch let error as any HTTPResponseError {
      #expect(error.status == .contentTooLarge)
    }
    let whole = try await BodyReader.collect(RequestBody(asyncSequence: parts.async), upTo: 10, within: .seconds(5))
    #expect(String(buffer: whole) == "1234567890")
  }
}

extension Array where Element: Sendable {
  /// The elements as an async sequence.
  fileprivate var async: AsyncStream<Element> {
    AsyncStream { continuation in
      for element in self { continuation.yield(element) }
      continuation.finish()
    }
  }
}
