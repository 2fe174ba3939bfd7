import SMSFilterModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files with the system's error message on failure.
enum FileBytes {
  /// The file's bytes, or the reason it could not be read.
  static func contents(_ path: String) -> Result<[UInt8], FileBytesError> {
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
    while true {
      let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if got < 0 {
        if errno == EINTR { continue }
        return .failure(FileBytesError(reason: SenderDirectory.systemError()))
      }
      if got == 0 { break }
      bytes.append(contentsOf: chunk[0..<got])
    }
    return .success(bytes)
  }

  /// Why a file could not be read.
  struct FileBytesError: Error {
    let reason: String
  }
}
