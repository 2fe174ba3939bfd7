import SMSFilter

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
import Darwin
#endif

/// Buffered writes to a file descriptor. A closed pipe (`EPIPE`, as when `head` has read
/// enough) ends the process quietly with status 0: the reader has what it wanted. Any other
/// write error (`ENOSPC` on a full disk, `EIO`) ends it with its reason on standard error and
/// status 74 (`EX_IOERR`).
package final class OutputWriter {
  private let descriptor: Int32
  private(set) var buffer: [UInt8] = []
  private let flushThreshold: Int

  package init(descriptor: Int32 = 1, flushThreshold: Int = 1 << 16) {
    self.descriptor = descriptor
    self.flushThreshold = flushThreshold
    buffer.reserveCapacity(flushThreshold * 2)
  }

  package func write(_ bytes: [UInt8]) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= flushThreshold { flush() }
  }

  package func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= flushThreshold { flush() }
  }

  package func flush() {
    var offset = 0
    while offset < buffer.count {
      let written = buffer.withUnsafeBytes { raw in
        systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE { exit(0) }
        printError("smsfilter: cannot write the output: \(String(cString: strerror(errno)))")
        exit(74)  // EX_IOERR
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Ignores SIGPIPE so that a closed pipe surfaces as EPIPE from write(2).
  package static func ignoreBrokenPipeSignal() {
    signal(SIGPIPE, SIG_IGN)
  }
}

/// Writes one line to standard error, unbuffered.
package func printError(_ message: String) {
  var line = Array(message.utf8)
  line.append(0x0A)
  _ = line.withUnsafeBytes { systemWrite(2, $0.baseAddress!, $0.count) }
}

/// write(2) from the platform's C library: inside ``OutputWriter`` the name `write` is the
/// class's own method, so the system call needs a module-qualified name, which differs by
/// platform.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
  Glibc.write(descriptor, bytes, count)
  #elseif canImport(Musl)
  Musl.write(descriptor, bytes, count)
  #else
  Darwin.write(descriptor, bytes, count)
  #endif
}
