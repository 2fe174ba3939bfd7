#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a model file: mapped from disk (read-only, shared between processes), held in
/// memory (a freshly trained or copied model), or the program's own read-only data (the built-in
/// model). Mapped and held bytes are freed with the model.
final class ModelStorage: @unchecked Sendable {
  // SAFETY: the bytes are never written after creation; a mapping is read-only and lives until
  // deinit, static bytes live as long as the program. Sharing immutable memory between threads
  // is sound.
  let bytes: UnsafeRawBufferPointer
  private let ownership: Ownership

  /// What frees the bytes.
  private enum Ownership {
    /// Allocated here: deallocated.
    case allocated
    /// Mapped here: unmapped.
    case mapped
    /// The program's static data: nothing.
    case borrowed
  }

  /// Uses `bytes` in place, without copying or ever freeing them.
  ///
  /// - Precondition: `bytes` stay valid and unchanged for the life of the program (static data,
  ///   such as a model embedded in the binary).
  init(borrowingStatic bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
    ownership = .borrowed
  }

  /// Takes ownership of a copy of `source`.
  init(copying source: UnsafeRawBufferPointer) {
    let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 64)
    if let base = source.baseAddress, source.count > 0 {
      memory.baseAddress?.copyMemory(from: base, byteCount: source.count)
    }
    bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(memory)[0..<source.count])
    ownership = .allocated
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
    ownership = .mapped
  }

  deinit {
    switch ownership {
    case .mapped: munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    case .allocated: bytes.baseAddress.map { UnsafeMutableRawPointer(mutating: $0).deallocate() }
    case .borrowed: break
    }
  }

  static func systemError() -> String { String(cString: strerror(errno)) }
}
