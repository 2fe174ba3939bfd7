import SMSFilterModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A built directory file, in memory: what ``DirectoryBuilder/build()`` returns.
public struct DirectoryImage: Sendable {
  /// The file's bytes (see `DirectoryFormat`).
  public let bytes: [UInt8]
  /// Number of entries.
  public let entryCount: Int
  /// Number of distinct labels.
  public let labelCount: Int
  /// Duplicates and removals of absent senders, in reading order.
  public let warnings: [DirectoryWarning]

  /// Writes the file atomically: to a temporary file beside `path`, flushed to disk, then
  /// renamed over `path`, so that a directory already mapped by a reader keeps its old bytes
  /// and no reader ever sees a half-written file.
  ///
  /// - Throws: ``DirectoryFileError`` with ``DirectoryFileError/Kind/unwritable``.
  public func write(to path: String) throws(DirectoryFileError) {
    let temporary = "\(path).tmp-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw DirectoryFileError(
        .unwritable, path: path, message: "cannot create \(temporary): \(SenderDirectory.systemError())")
    }
    var failure: String?
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = systemWrite(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = "cannot write: \(SenderDirectory.systemError())"
          return
        }
        offset += written
      }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = "cannot flush: \(SenderDirectory.systemError())" }
    if close(descriptor) != 0, failure == nil { failure = "cannot close: \(SenderDirectory.systemError())" }
    if failure == nil, rename(temporary, path) != 0 {
      failure = "cannot rename into place: \(SenderDirectory.systemError())"
    }
    if let failure {
      unlink(temporary)
      throw DirectoryFileError(.unwritable, path: path, message: failure)
    }
  }
}

/// `write(2)`, by a name that the `write(to:)` method does not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
