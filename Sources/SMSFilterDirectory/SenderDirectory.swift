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
/// The file (see ``DirectoryFormat``, written by ``DirectoryBuilder``) is mapped read-only
/// with `mmap` and never copied: opening costs a header check (and, by default, one checksum
/// pass over the file), and memory grows only by the pages lookups touch, which the kernel
/// shares with every other process mapping the file and may drop under pressure. The mapping
/// is released when the directory is deallocated.
///
/// ```swift
/// let directory = try SenderDirectory(path: "senders.smsdir")
/// if let entry = directory.lookup("098765 43210", receiverCountry: "IN") {
///   print(entry.action, entry.label ?? "-")   // junk Spam Likely
/// }
/// ```
///
/// A lookup of a phone number or short code allocates nothing until the entry is built; it
/// walks a static search tree of cache lines over the sorted keys (see ``DirectoryFormat``).
public final class SenderDirectory: @unchecked Sendable {
  // SAFETY: every stored property is immutable after `init`, and the mapping they point into is
  // `PROT_READ`/`MAP_PRIVATE`: no code writes to it and it is unmapped only in `deinit`, when no
  // reference (and so no other thread) can reach it. The one allocation, `fenceLevels`, is
  // written in `init` only and freed in `deinit`. The builder replaces files by renaming a new
  // file into place, so a mapped file's bytes never change underneath. Reading immutable memory
  // from any number of threads at once is safe.

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
  let payloads: UnsafePointer<UInt64>
  /// The fence levels, top first.
  let fenceLevels: UnsafeMutableBufferPointer<FenceLevel>
  /// The fence hints, one word per level-2 element (when there are two fence levels or more).
  let fenceHints: UnsafePointer<UInt64>
  /// Level 2's elements, without and with padding.
  let level2Count: Int
  let level2Padded: Int
  /// Lines of keys (level 1's elements).
  let keyLines: Int

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
  let labelOffsets: UnsafePointer<UInt32>
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
  /// - Throws: ``DirectoryFileError``: unreadable, not a directory file, unsupported version,
  ///   corrupt, or checksum mismatch.
  public init(path: String, verifyChecksum: Bool = true) throws(DirectoryFileError) {
    self.path = path
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
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
    #if os(Linux)
    let flags = MAP_PRIVATE | (verifyChecksum ? MAP_POPULATE : 0)
    #else
    let flags = MAP_PRIVATE
    #endif
    let mapped = mmap(nil, size, PROT_READ, flags, descriptor, 0)
    guard let mapped, Int(bitPattern: mapped) != -1 else {
      throw DirectoryFileError(.unreadable, path: path, message: "cannot map: \(SenderDirectory.systemError())")
    }
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
    payloads = section(.payloads, UInt64.self)
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
    labelOffsets = section(.labelOffsets, UInt32.self)
    labelBytes = section(.labelBytes, UInt8.self)
    labelBytesCount = Int(header.sections[DirectoryFormat.Section.labelBytes.rawValue].length)
  }

  deinit {
    fenceLevels.deallocate()
    munmap(mapping, fileSize)
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
