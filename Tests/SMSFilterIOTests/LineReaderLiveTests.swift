import Testing

@testable import SMSFilterIO

#if canImport(Glibc)
import Glibc
#endif

/// A live stream: the reader hands on what has arrived instead of waiting for a full batch.
@Suite struct LineReaderLiveTests {
  /// A pipe whose write end stays open: reading past what was written would block for ever.
  final class OpenPipe {
    let read: Int32
    let write: Int32
    init() {
      var fds: [Int32] = [0, 0]
      precondition(pipe(&fds) == 0)
      (read, write) = (fds[0], fds[1])
    }
    func send(_ text: String) {
      let bytes = Array(text.utf8)
      _ = bytes.withUnsafeBytes { Glibc.write(write, $0.baseAddress, $0.count) }
    }
    deinit {
      close(read)
      close(write)
    }
  }

  func lines(_ batch: LineBatch) -> [String] {
    batch.lines.map { String(decoding: batch.bytes[$0], as: UTF8.self) }
  }

  @Test func aPauseEndsTheBatch() {
    let pipe = OpenPipe()
    let reader = LineReader(descriptor: pipe.read, chunkSize: 64)
    var batch = LineBatch()
    pipe.send("a\n")  // shorter than a byte order mark: must not wait for a third byte
    #expect(reader.readBatch(into: &batch, maxLines: 8192))
    #expect(lines(batch) == ["a"])
    pipe.send("second line\nthird ")
    #expect(reader.readBatch(into: &batch, maxLines: 8192))
    #expect(lines(batch) == ["second line"])
    pipe.send("part\r\n")
    #expect(reader.readBatch(into: &batch, maxLines: 8192))
    #expect(lines(batch) == ["third part"])
  }

  @Test func plentifulInputStillFillsBatches() {
    let pipe = OpenPipe()
    let reader = LineReader(descriptor: pipe.read, chunkSize: 64)
    pipe.send(String(repeating: "line\n", count: 1000))
    var batch = LineBatch()
    #expect(reader.readBatch(into: &batch, maxLines: 300))
    #expect(batch.lines.count == 300)
  }

  @Test func aByteOrderMarkArrivingInPiecesIsStillSkipped() {
    let pipe = OpenPipe()
    let reader = LineReader(descriptor: pipe.read, chunkSize: 64)
    pipe.send("\u{FEFF}hi\n")
    var batch = LineBatch()
    #expect(reader.readBatch(into: &batch, maxLines: 10))
    #expect(lines(batch) == ["hi"])
  }
}
