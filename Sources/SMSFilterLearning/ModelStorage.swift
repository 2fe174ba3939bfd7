#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a model file: mapped from disk (read-only, shared between processes) or held in
/// memory (a built-in or freshly trained model). Freed with the model.
final class ModelStorage: @unchecked Sendable {
  // SAFETY: the bytes are never written after creation; a mapping is read-only and lives until
  // deinit. Sharing immutable memory between threads is sound.
  let bytes: UnsafeRawBufferPointer
  private let mapped: Bool

  /// Takes ownership of a copy of `source`.
  init(copying source: UnsafeRawBufferPointer) {
    let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 64)
    if let base = source.baseAddress, source.count > 0 {
      memory.baseAddress?.copyMemory(from: base, byteCount: source.count)
    }
    bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(memory)[0..<source.count])
    mapped = false
  }

  /// Maps a file read-only.
  ///
  /// - Throws: ``ModelFileError`` (`unreadable`) with the system's reason.
  init(mapping path: String) throws(ModelFileError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw ModelFileError(.unreadable, path: path, message: Self.systemError()) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw ModelFileError(.unreadable, path: path, message: Self.systemError())
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw ModelFileError(.unreadable, path: path, message: "not a regular file")
    }
    let size = Int(status.st_size)
    guard size > 0 else { throw ModelFileError(.truncated, path: path, message: "the file is empty") }
    guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
      throw ModelFileError(.unreadable, path: path, message: Self.systemError())
    }
    bytes = UnsafeRawBufferPointer(start: address, count: size)
    mapped = true
  }

  deinit {
    if mapped {
      munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    } else {
      bytes.baseAddress.map { UnsafeMutableRawPointer(mutating: $0).deallocate() }
    }
  }

  static func systemError() -> String { String(cString: strerror(errno)) }
}
