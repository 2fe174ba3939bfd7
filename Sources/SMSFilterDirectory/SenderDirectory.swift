import CMemoryHints
import SMSFilterModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if _endian(big)
#error("The sender directory maps little-endian files in place and needs a little-endian host.")
#endif

/// A sender directory: millions of senders with an action and a label, looked up in a file
/// mapped into memory, as iOS's Call Directory does for callers.
///
/// By default (``DirectoryResidency/automatic``) the file (see `DirectoryFormat`, written by
/// ``DirectoryBuilder``) is read into private memory when it is at most ``copyLimit`` bytes
/// (``isCopied``): another program truncating or
/// rewriting the file in use then changes nothing for this reader (a mapped file that shrinks
/// kills its reader with `SIGBUS`). Copying costs one read of the file at open, which the
/// default checksum pass does anyway. A larger file is mapped read-only with `mmap` and not
/// copied: memory grows only by the pages lookups touch, shared with every other process
/// mapping the file, but the file must then be replaced by renaming a new one into place, as
/// `directory build` and `update` do, never truncated or written over. ``DirectoryResidency/mapped``
/// maps any file, so that nothing is resident beyond the mapped file's pages (an iOS extension's
/// budget); ``DirectoryResidency/copied`` copies any file. The memory is released when the
/// directory is deallocated.
///
/// ```swift
/// let directory = try SenderDirectory(path: "senders.smsdir")
/// if let entry = directory.lookup("098765 43210", receiverCountry: "IN") {
///   print(entry.action, entry.label ?? "-")   // junk Spam Likely
/// }
/// ```
///
/// A lookup of a phone number or short code allocates nothing until the entry is built; it
/// walks a static search tree of cache lines over the sorted keys (see `DirectoryFormat`).
public final class SenderDirectory: @unchecked Sendable {
  // SAFETY: every stored property is immutable after `init`, and the mapping they point into is
  // `PROT_READ` (a private copy, or a `MAP_PRIVATE` mapping): no code writes to it and it is
  // unmapped only in `deinit`, when no reference (and so no other thread) can reach it. The one
  // allocation, `fenceLevels`, is written in `init` only and freed in `deinit`. A copy never
  // changes underneath; a mapping (files over `copyLimit`) relies on files being replaced by
  // renaming, as the builder does. Reading immutable memory from any number of threads at once
  // is safe.

  /// The largest file read into private memory at open rather than mapped (256 MiB, about ten
  /// million entries).
  public static let copyLimit = 256 << 20
  /// Whether the file was copied into private memory (see ``DirectoryResidency``), so that
  /// nothing another program does to the file can affect this reader.
  public let isCopied: Bool

  /// The file's path, as given.
  public let path: String
  /// The file's size in bytes.
  public let fileSize: Int
  /// Number of entries.
  public let count: Int
  /// Number of distinct labels.
  public let labelCount: Int
  /// The file's format version.
  public let version: UInt32
  /// The checksum stored in the header (XXH64 of the file after byte 24).
  public let storedChecksum: UInt64
  /// Whether the checksum was verified when the file was opened.
  public let checksumVerified: Bool

  let mapping: UnsafeMutableRawPointer
  let file: UnsafeRawBufferPointer
  let keys: UnsafePointer<UInt64>
  let payloads: PayloadColumn
  /// The fence levels, top first.
  let fenceLevels: UnsafeMutableBufferPointer<FenceLevel>
  /// The fence hints, one word per level-2 element (when there are two fence levels or more).
  let fenceHints: UnsafePointer<UInt64>
  /// Level 2's elements, without and with padding.
  let level2Count: Int
  let level2Padded: Int
  /// Lines of keys (level 1's elements).
  let keyLines: Int

  /// The payloads: 32-bit words in the file, read widened to 64 bits.
  struct PayloadColumn {
    /// The first payload.
    let base: UnsafePointer<UInt32>

    /// Payload `index`.
    @inline(__always)
    subscript(index: Int) -> UInt64 { UInt64(UInt32(littleEndian: base[index])) }
  }

  /// One fence level.
  struct FenceLevel {
    /// Its elements, padded to whole lines.
    let elements: UnsafePointer<UInt64>
    /// The start of the last line of the level below (or of the keys): the search never goes
    /// further, even in a corrupt file opened without verification.
    let lastLineBelow: Int
  }
  let textStart: Int
  let textOffsets: UnsafePointer<UInt32>
  let textBytes: UnsafePointer<UInt8>
  let textBytesCount: Int
  /// Where each block of ``DirectoryFormat/labelBlock`` front-coded labels starts.
  let labelBlocks: UnsafePointer<UInt32>
  let labelBlockCount: Int
  let labelBytes: UnsafePointer<UInt8>
  let labelBytesCount: Int
  let header: DirectoryFormat.Header

  /// Maps a directory file.
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - verifyChecksum: recompute the checksum over the whole file and refuse a mismatch
  ///     (default). This reads every byte once (about 3 ms per million entries here, plus
  ///     reading the file from disk when it is not in the page cache) and so makes the whole file
  ///     resident in the page cache. Pass `false` to open in microseconds and fault in only the
  ///     pages lookups touch; the header and section bounds are still checked, and every offset
  ///     read from the file is bounds-checked, so a corrupt file can give wrong answers but
  ///     never a crash.
  ///   - residency: copy the file into private memory or map it (see ``DirectoryResidency``).
  /// - Throws: ``DirectoryFileError``: unreadable, not a directory file, unsupported version,
  ///   corrupt, or checksum mismatch.
  public init(
    path: String, verifyChecksum: Bool = true, residency: DirectoryResidency = .automatic
  ) throws(DirectoryFileError) {
    self.path = path
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused as not a regular
    // file just below.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      throw DirectoryFileError(.unreadable, path: path, message: "cannot open: \(SenderDirectory.systemError())")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw DirectoryFileError(.unreadable, path: path, message: "cannot stat: \(SenderDirectory.systemError())")
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw DirectoryFileError(.unreadable, path: path, message: "not a regular file")
    }
    let size = Int(status.st_size)
    guard size > 0 else {
      throw DirectoryFileError(.notADirectory, path: path, message: "not a sender directory file (empty)")
    }
    isCopied = residency.copies(size: size)
    let mapped =
      try isCopied
      ? SenderDirectory.copy(descriptor, size: size, path: path)
      : SenderDirectory.map(descriptor, size: size, populate: verifyChecksum, path: path)
    mapping = mapped
    fileSize = size
    file = UnsafeRawBufferPointer(start: mapped, count: size)
    let header: DirectoryFormat.Header
    do throws(DirectoryFileError) {
      header = try DirectoryFormat.Header(file, path: path)
      if verifyChecksum {
        let computed = SenderDirectory.checksum(of: file)
        guard computed == header.checksum else {
          throw DirectoryFileError(
            .checksumMismatch(stored: header.checksum, computed: computed), path: path,
            message:
              "checksum mismatch (stored \(SenderDirectory.hex(header.checksum)), computed \(SenderDirectory.hex(computed))): the file is corrupt"
          )
        }
      }
    } catch {
      munmap(mapped, size)
      throw error
    }
    self.header = header
    version = header.version
    storedChecksum = header.checksum
    checksumVerified = verifyChecksum
    count = Int(header.entryCount)
    labelCount = Int(header.labelCount)
    textStart = Int(header.textStart)

    func section<T>(_ section: DirectoryFormat.Section, _ type: T.Type) -> UnsafePointer<T> {
      let (offset, length) = header.sections[section.rawValue]
      let count = Int(length) / MemoryLayout<T>.stride
      return UnsafePointer((mapped + Int(offset)).bindMemory(to: T.self, capacity: count))
    }
    keys = section(.keys, UInt64.self)
    payloads = PayloadColumn(base: section(.payloads, UInt32.self))
    let fence = section(.fence, UInt64.self)
    fenceHints = section(.fenceHints, UInt64.self)
    let levelSizes = DirectoryFormat.fenceLevelSizes(entries: count)
    level2Count = levelSizes.count >= 2 ? levelSizes[1] : 0
    level2Padded = levelSizes.count >= 2 ? DirectoryFormat.padded(levelSizes[1]) : 0
    keyLines = DirectoryFormat.padded(count) / DirectoryFormat.fanout
    fenceLevels = .allocate(capacity: levelSizes.count)
    var levelStart = 0
    for (position, level) in levelSizes.indices.reversed().enumerated() {
      let below = level == 0 ? count : levelSizes[level - 1]
      fenceLevels.initializeElement(
        at: position,
        to: FenceLevel(
          elements: fence + levelStart, lastLineBelow: max(0, DirectoryFormat.padded(below) - DirectoryFormat.fanout)))
      levelStart += DirectoryFormat.padded(levelSizes[level])
    }
    textOffsets = section(.textOffsets, UInt32.self)
    textBytes = section(.textBytes, UInt8.self)
    textBytesCount = Int(header.sections[DirectoryFormat.Section.textBytes.rawValue].length)
    labelBlocks = section(.labelBlocks, UInt32.self)
    labelBlockCount = DirectoryFormat.labelBlockCount(labels: labelCount)
    labelBytes = section(.labelBytes, UInt8.self)
    labelBytesCount = Int(header.sections[DirectoryFormat.Section.labelBytes.rawValue].length)
  }

  deinit {
    fenceLevels.deallocate()
    munmap(mapping, fileSize)
  }

  /// The file read into private, then read-only, memory; refused if it changes size while read.
  private static func copy(_ descriptor: Int32, size: Int, path: String) throws(DirectoryFileError)
    -> UnsafeMutableRawPointer
  {
    let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let memory, Int(bitPattern: memory) != -1 else {
      throw DirectoryFileError(.unreadable, path: path, message: "cannot allocate: \(systemError())")
    }
    var done = 0
    while done < size {
      let got = pread(descriptor, memory + done, size - done, off_t(done))
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else {
        let reason = got < 0 ? systemError() : "the file shrank while it was read"
        munmap(memory, size)
        throw DirectoryFileError(.unreadable, path: path, message: "cannot read: \(reason)")
      }
      done += got
    }
    mprotect(memory, size, PROT_READ)
    return memory
  }

  /// The file mapped read-only (read ahead in full when it is about to be checksummed).
  private static func map(_ descriptor: Int32, size: Int, populate: Bool, path: String) throws(DirectoryFileError)
    -> UnsafeMutableRawPointer
  {
    #if os(Linux)
    let flags = MAP_PRIVATE | (populate ? MAP_POPULATE : 0)
    #else
    let flags = MAP_PRIVATE
    #endif
    let mapped = mmap(nil, size, PROT_READ, flags, descriptor, 0)
    guard let mapped, Int(bitPattern: mapped) != -1 else {
      throw DirectoryFileError(.unreadable, path: path, message: "cannot map: \(systemError())")
    }
    return mapped
  }

  // MARK: Checksum

  /// Recomputes the checksum over the file and compares it with the stored one.
  public func checksumMatches() -> Bool {
    SenderDirectory.checksum(of: file) == storedChecksum
  }

  /// XXH64 of the checksummed part of a file image.
  static func checksum(of file: UnsafeRawBufferPointer) -> UInt64 {
    guard file.count > DirectoryFormat.checksummedFrom else { return Checksums.xxh64Empty }
    return Checksums.xxh64(UnsafeRawBufferPointer(rebasing: file[DirectoryFormat.checksummedFrom...]))
  }

  /// The size of each section, for statistics.
  var sectionSizes: [(name: String, bytes: Int)] {
    DirectoryFormat.Section.allCases.map { ($0.name, Int(header.sections[$0.rawValue].length)) }
  }

  static func systemError() -> String {
    String(cString: strerror(errno))
  }

  /// `0x` and sixteen hexadecimal digits: how checksums are shown.
  package static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 16 - digits.count)) + digits
  }
}
