import SMSFilterModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files with the system's error message on failure.
enum FileBytes {
  /// The file's bytes, or the reason it could not be read: reading stops at the first line
  /// longer than `maxLineBytes`, so an endless source (`/dev/zero`) costs a few megabytes.
  static func contents(_ path: String, maxLineBytes: Int = .max) -> Result<[UInt8], FileBytesError> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(FileBytesError(reason: SenderDirectory.systemError())) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      return .failure(FileBytesError(reason: SenderDirectory.systemError()))
    }
    guard (status.st_mode & S_IFMT) != S_IFDIR else { return .failure(FileBytesError(reason: "is a directory")) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(max(Int(status.st_size), 0))
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    var line = 1
    var lineLength = 0
    while true {
      let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if got < 0 {
        if errno == EINTR { continue }
        return .failure(FileBytesError(reason: SenderDirectory.systemError()))
      }
      if got == 0 { break }
      for byte in chunk[0..<got] {
        if byte == 0x0A {
          line += 1
          lineLength = 0
        } else {
          lineLength += 1
          if lineLength > maxLineBytes { return .failure(FileBytesError(reason: "line too long", longLine: line)) }
        }
      }
      bytes.append(contentsOf: chunk[0..<got])
    }
    return .success(bytes)
  }

  /// Why a file could not be read.
  struct FileBytesError: Error {
    let reason: String
    /// The line (from 1) longer than the limit, when that is why.
    var longLine: Int?
  }
}
