import SMSFilter

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
import Darwin
#endif

/// Reads a file descriptor as lines of raw bytes, in batches, with constant memory (apart from
/// the longest line). A batch ends at `maxLines` lines, at the end of input, or when input
/// pauses: once it holds a line and no more input is ready to read now (`poll(2)` with no
/// wait), it is returned rather than waiting, so a live stream (a coprocess, a FIFO,
/// `tail -f`) gets each line handed on as soon as it arrives, while plentiful input still
/// fills whole batches. Lines end at `\n`; a final line without a newline is still a line; one
/// trailing `\r` (CRLF endings) is removed; any other byte, NUL and lone `\r` included, is part
/// of the line. A UTF-8 byte order mark at the very start of the stream is skipped. A read error
/// ends the input and is kept in ``readError``, for the caller to report: it is never taken for
/// the end of the input. Not thread-safe: one reader per stream.
///
/// ```swift
/// let reader = LineReader(descriptor: 0)
/// var batch = LineBatch()
/// while reader.readBatch(into: &batch, maxLines: 8192) { … }
/// ```
package final class LineReader {
  private let descriptor: Int32
  private var buffer: [UInt8]
  private var start = 0
  private var end = 0
  private var atEOF = false
  private var checkedByteOrderMark = false
  /// The `errno` of a failed read (`EBADF` for a closed descriptor, `EISDIR` for a folder, `EIO`),
  /// or `nil` while every read has succeeded.
  package private(set) var readError: Int32?

  /// Reads from `descriptor` (standard input by default).
  package init(descriptor: Int32 = 0, chunkSize: Int = 1 << 18) {
    self.descriptor = descriptor
    self.buffer = [UInt8](repeating: 0, count: chunkSize)
  }

  /// Fills `batch` with up to `maxLines` lines; returns false at the end of input when no line
  /// was read.
  package func readBatch(into batch: inout LineBatch, maxLines: Int) -> Bool {
    batch.removeAll()
    if !checkedByteOrderMark {
      // Read only while what arrived could still be a byte order mark: a live first line
      // shorter than three bytes ("a\n") must not wait for more.
      while !atEOF && end - start < 3 && isByteOrderMarkPrefix(end - start) { fill() }
      if end - start >= 3 && isByteOrderMarkPrefix(3) { start += 3 }
      checkedByteOrderMark = true
    }
    while batch.lines.count < maxLines {
      if let newline = findNewline() {
        append(start..<newline, to: &batch)
        start = newline + 1
        continue
      }
      if atEOF {
        if start < end {
          append(start..<end, to: &batch)
          start = end
        }
        break
      }
      if !batch.lines.isEmpty && !inputIsReady() { break }
      fill()
    }
    return !batch.lines.isEmpty
  }

  /// Whether the first `count` bytes buffered (at most 3) are the start of a UTF-8 byte order
  /// mark.
  private func isByteOrderMarkPrefix(_ count: Int) -> Bool {
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    return (0..<min(count, 3)).allSatisfy { buffer[start + $0] == mark[$0] }
  }

  /// Whether a read now would return without waiting: data, the end of input, or an error.
  private func inputIsReady() -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    while true {
      let ready = poll(&entry, 1, 0)
      if ready < 0 && errno == EINTR { continue }
      // An error from poll itself (not a pollable descriptor): read, and let read decide.
      return ready != 0
    }
  }

  private func append(_ range: Range<Int>, to batch: inout LineBatch) {
    var lineEnd = range.upperBound
    if lineEnd > range.lowerBound, buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
    let offset = batch.bytes.count
    buffer.withUnsafeBufferPointer { pointer in
      batch.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: pointer[range.lowerBound..<lineEnd]))
    }
    batch.lines.append(offset..<batch.bytes.count)
  }

  private func findNewline() -> Int? {
    guard start < end else { return nil }
    return buffer.withUnsafeBufferPointer { pointer -> Int? in
      guard let base = pointer.baseAddress,
        let found = memchr(base + start, 0x0A, end - start)
      else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  /// Reads more input, moving the partial line to the front and growing the buffer if one line
  /// fills it.
  private func fill() {
    if start > 0 {
      let remaining = end - start
      if remaining > 0 {
        buffer.withUnsafeMutableBufferPointer { pointer in
          guard let base = pointer.baseAddress else { return }
          memmove(base, base + start, remaining)
        }
      }
      start = 0
      end = remaining
    }
    if end == buffer.count {
      buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count))
    }
    while true {
      let count = buffer.withUnsafeMutableBufferPointer { pointer in
        read(descriptor, pointer.baseAddress! + end, pointer.count - end)
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 { readError = errno }
      if count <= 0 {
        atEOF = true
      } else {
        end += count
      }
      return
    }
  }
}
