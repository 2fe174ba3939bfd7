import SMSFilterIO

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#else
import Darwin
#endif

/// Makes a failed write to standard output an error for every command: `print` buffers, and
/// without this a full disk (`check > /dev/full`) would lose the output and still exit 0.
enum StandardOutputCheck {
  /// Flushes standard output when the process exits; if that or any earlier write failed,
  /// says why on standard error and ends with status 74 (`EX_IOERR`). A closed pipe (`EPIPE`)
  /// stays quiet: the reader has what it wanted.
  static func install() {
    atexit { StandardOutputCheck.flushOrFail() }
  }

  private static func flushOrFail() {
    let flushed = fflush(stdout) == 0
    let code = errno
    guard !flushed || ferror(stdout) != 0 else { return }
    if !flushed && code == EPIPE { return }
    let reason = flushed ? "a write failed" : String(cString: strerror(code))
    printError("smsfilter: cannot write the output: \(reason)")
    _exit(74)
  }
}
