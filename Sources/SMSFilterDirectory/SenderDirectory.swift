import SMSFilterModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

import CMemoryHints

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

  private let mapping: UnsafeMutableRawPointer
  private let file: UnsafeRawBufferPointer
  let keys: UnsafePointer<UInt64>
  let payloads: UnsafePointer<UInt64>
  /// The fence levels, top first.
  private let fenceLevels: UnsafeMutableBufferPointer<FenceLevel>
  /// The fence hints, one word per level-2 element (when there are two fence levels or more).
  private let fenceHints: UnsafePointer<UInt64>
  /// Level 2's elements, without and with padding.
  private let level2Count: Int
  private let level2Padded: Int
  /// Lines of keys (level 1's elements).
  private let keyLines: Int

  /// One fence level.
  struct FenceLevel {
    /// Its elements, padded to whole lines.
    let elements: UnsafePointer<UInt64>
    /// The start of the last line of the level below (or of the keys): the search never goes
    /// further, even in a corrupt file opened without verification.
    let lastLineBelow: Int
  }
  let textStart: Int
  private let textOffsets: UnsafePointer<UInt32>
  private let textBytes: UnsafePointer<UInt8>
  private let textBytesCount: Int
  private let labelOffsets: UnsafePointer<UInt32>
  private let labelBytes: UnsafePointer<UInt8>
  private let labelBytesCount: Int
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
            message: "checksum mismatch (stored \(SenderDirectory.hex(header.checksum)), computed \(SenderDirectory.hex(computed))): the file is corrupt")
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

  // MARK: Lookup

  /// Looks a sender up.
  ///
  /// - Parameters:
  ///   - sender: the sender as the network gives it, normalised as ``SenderID`` does.
  ///   - receiverCountry: the receiver's ISO 3166-1 alpha-2 code, for national numbers and
  ///     short codes (a scoped short code is tried first, then the unscoped one). A value that is
  ///     not two letters is ignored.
  /// - Returns: the entry, or `nil` when the sender is not in the directory or is malformed.
  public func lookup(_ sender: String, receiverCountry: String? = nil) -> DirectoryEntry? {
    if let entry = sender.utf8.withContiguousStorageIfAvailable({ lookup(utf8: $0, country: receiverCountry) }) {
      return entry
    }
    return Array(sender.utf8).withUnsafeBufferPointer { lookup(utf8: $0, country: receiverCountry) }
  }

  /// The lookup: an international number, the common case, needs no country and takes the
  /// fast path; everything else goes through the full parser, kept out of line so that the
  /// fast path stays short.
  @inline(__always)
  private func lookup(utf8 bytes: UnsafeBufferPointer<UInt8>, country: String?) -> DirectoryEntry? {
    if let number = SenderParser.internationalNumber(bytes) {
      guard let match = locate(SenderKey.phoneKey(number)) else { return nil }
      return entry(at: match.index, payload: match.payload)
    }
    return slowLookup(bytes, country: country)
  }

  @inline(never)
  private func slowLookup(_ bytes: UnsafeBufferPointer<UInt8>, country: String?) -> DirectoryEntry? {
    lookup(bytes: bytes, country: country.flatMap(CountryCode.init))
  }

  /// Looks a sender up by its UTF-8 bytes (see ``lookup(_:receiverCountry:)``).
  public func lookup(utf8 sender: UnsafeBufferPointer<UInt8>, receiverCountry: String? = nil) -> DirectoryEntry? {
    lookup(utf8: sender, country: receiverCountry)
  }

  /// Looks up a sender already normalised (a short code scoped by a country falls back to the
  /// unscoped one).
  public func lookup(_ sender: SenderID) -> DirectoryEntry? {
    if SenderKey.isTextKey(sender.key) {
      var normalized = sender.normalized
      return normalized.withUTF8 { bytes in
        var index = firstIndex(sender.key)
        while index < count, keys[index] == sender.key {
          if let stored = text(at: index), stored.elementsEqual(bytes) { return entry(at: index) }
          index += 1
        }
        return nil
      }
    }
    if let match = locate(sender.key) { return entry(at: match.index, payload: match.payload) }
    if sender.kind == .shortCode, sender.country != nil, let match = locate(sender.unscoped.key) {
      return entry(at: match.index, payload: match.payload)
    }
    return nil
  }

  @inline(__always)
  func lookup(bytes: UnsafeBufferPointer<UInt8>, country: CountryCode?) -> DirectoryEntry? {
    guard let match = match(bytes, country: country) else { return nil }
    return entry(at: match.index, payload: match.payload)
  }

  /// A found entry: its index and payload.
  struct Match {
    let index: Int
    let payload: UInt64
  }

  /// A sender's entry, without building it.
  @inline(__always)
  func match(_ bytes: UnsafeBufferPointer<UInt8>, country: CountryCode?) -> Match? {
    if let number = SenderParser.internationalNumber(bytes) {
      return locate(SenderKey.phoneKey(number))
    }
    switch SenderParser.parse(bytes, country: country) {
    case .failure:
      return nil
    case .success(.phone(let number)):
      return locate(SenderKey.phoneKey(number))
    case .success(.shortCode(let value, let digits, let scope)):
      if scope != 0, let match = locate(SenderKey.shortCodeKey(value: value, digits: digits, country: scope)) {
        return match
      }
      return locate(SenderKey.shortCodeKey(value: value, digits: digits, country: 0))
    case .success(.text(let text)):
      var hash = SenderKey.fnvOffsetBasis
      SenderParser.forEachNormalizedByte(bytes, text) { hash = SenderKey.fnv1a(hash, $0) }
      let key = SenderKey.textKey(kind: text.kind, hash: hash)
      var index = firstIndex(key)
      while index < count, keys[index] == key {
        if textMatches(index, bytes, text) { return Match(index: index, payload: payloads[index]) }
        index += 1
      }
      return nil
    }
  }

  /// The entry with `key` (the last, if texts' keys collide), with its payload.
  @inline(__always)
  func locate(_ key: UInt64) -> Match? {
    resolve(probe(key))
  }

  /// Where a key can be, found without touching the keys: the line of keys to read, or that
  /// the key is absent, or that the hinted search does not apply.
  enum Probe {
    /// Keys from line `start` (an entry index), and `ties` more lines, can hold `key`.
    case line(key: UInt64, start: Int, ties: Int)
    /// Search the keys without hints (a small or corrupt directory).
    case unhinted(UInt64)
    /// Already resolved (a sender that took the full parser).
    case resolved(Match?)
  }

  /// The first half of ``locate(_:)``: the fence levels down to level 2 pick a group of 64
  /// keys, and its hints pick the line of 8 keys (or, when hints tie, the few adjacent lines)
  /// that can hold the key. The fence and the hints are small and stay in cache; only the key
  /// line that ``resolve(_:)`` reads is a random access to memory, so a batch probes first and
  /// resolves after, letting those accesses overlap (see the batch `lookup(_:receiverCountry:)`).
  @inline(__always)
  func probe(_ key: UInt64) -> Probe {
    let levels = fenceLevels.count
    if levels < 2 { return .unhinted(key) }
    var line = 0
    for level in 0..<(levels - 1) {
      let fence = fenceLevels[level]
      let notAfter = line + SenderDirectory.countNotAfter(fence.elements + line, key)
      if notAfter == 0 { return .resolved(nil) }
      line = min((notAfter - 1) * DirectoryFormat.fanout, fence.lastLineBelow)
    }
    // `line / 8` is the level-2 element g with level2[g] <= key < level2[g + 1].
    let group = line >> 3
    let level2 = fenceLevels[levels - 2].elements
    let low = level2[group]
    let high = group + 1 < level2Padded ? level2[group + 1] : DirectoryFormat.padding
    let hint = DirectoryFormat.quantize(key, lo: low, hi: high)
    guard group < level2Count else { return .unhinted(key) }  // only in a corrupt file
    let (before, ties) = SenderDirectory.compareHints(fenceHints[group], hint)
    guard line + before + ties < keyLines else { return .unhinted(key) }  // likewise
    return .line(key: key, start: (line + before) * DirectoryFormat.fanout, ties: ties)
  }

  /// The second half of ``locate(_:)``: reads the key line, and the same line of payloads at
  /// once, before the keys arrive, so that the two memory accesses overlap. (A payload's
  /// reserved byte must be zero; a line whose first payload breaks this is corrupt and treated
  /// as absent, a check that also keeps that early read.)
  @inline(__always)
  func resolve(_ probe: Probe) -> Match? {
    switch probe {
    case .resolved(let match):
      return match
    case .unhinted(let key):
      return locateWithoutHints(key)
    case .line(let key, let start, let ties):
      let linePayload = payloads[start]
      var notAfter = start + SenderDirectory.countNotAfter(keys + start, key)
      if ties > 0 {
        for extra in 1...ties {
          notAfter += SenderDirectory.countNotAfter(keys + start + extra * DirectoryFormat.fanout, key)
        }
      }
      if linePayload & 0xFF00 != 0 { return nil }
      guard notAfter > start, notAfter <= count, keys[notAfter - 1] == key else { return nil }
      let index = notAfter - 1
      return Match(index: index, payload: index == start ? linePayload : payloads[index])
    }
  }

  /// How many of lines 1…7 of a group certainly start before the key (their hint is below the
  /// key's) and how many may (their hint equals it). Line 0 starts at level2[g] <= key.
  @inline(__always)
  static func compareHints(_ word: UInt64, _ hint: UInt8) -> (before: Int, ties: Int) {
    var before = 0
    var ties = 0
    @inline(__always) func compare(_ shift: UInt64) {
      let byte = UInt8(truncatingIfNeeded: word >> shift)
      before &+= byte < hint ? 1 : 0
      ties &+= byte == hint ? 1 : 0
    }
    compare(8)
    compare(16)
    compare(24)
    compare(32)
    compare(40)
    compare(48)
    compare(56)
    return (before, ties)
  }

  /// ``locate(_:)`` for directories of 64 entries or fewer (no level 2, so no hints), and for
  /// hints that a corrupt file makes point outside the keys.
  @inline(never)
  func locateWithoutHints(_ key: UInt64) -> Match? {
    let notAfter = upperBound(key)
    guard notAfter > 0, keys[notAfter - 1] == key else { return nil }
    return Match(index: notAfter - 1, payload: payloads[notAfter - 1])
  }

  /// The index of the first entry with `key`, or where it would be.
  @inline(__always)
  func firstIndex(_ key: UInt64) -> Int {
    var index = upperBound(key)
    while index > 0, keys[index - 1] >= key { index -= 1 }
    return index
  }

  /// The number of keys not after `key`: one cache line per fence level, then one of keys.
  @inline(__always)
  func upperBound(_ key: UInt64) -> Int {
    if count == 0 { return 0 }
    var line = 0
    for level in 0..<fenceLevels.count {
      let fence = fenceLevels[level]
      let notAfter = line + SenderDirectory.countNotAfter(fence.elements + line, key)
      if notAfter == 0 { return 0 }
      line = min((notAfter - 1) * DirectoryFormat.fanout, fence.lastLineBelow)
    }
    return min(line + SenderDirectory.countNotAfter(keys + line, key), count)
  }

  /// How many of the eight elements at `line` are not after `key`, without branches: keys and
  /// the padding (``DirectoryFormat/padding``) are below 2⁶³, so `key − element` wraps to 2⁶³ or
  /// more exactly when the element is after the key.
  @inline(__always)
  static func countNotAfter(_ line: UnsafePointer<UInt64>, _ key: UInt64) -> Int {
    let after =
      (key &- line[0]) >> 63 &+ (key &- line[1]) >> 63 &+ (key &- line[2]) >> 63 &+ (key &- line[3]) >> 63
      &+ (key &- line[4]) >> 63 &+ (key &- line[5]) >> 63 &+ (key &- line[6]) >> 63 &+ (key &- line[7]) >> 63
    return 8 &- Int(truncatingIfNeeded: after)
  }

  /// Whether entry `index`'s stored text is the normalised form of `text` in `bytes`.
  @inline(__always)
  private func textMatches(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ text: TextSender) -> Bool {
    guard let stored = self.text(at: index) else { return false }
    var position = 0
    var equal = true
    SenderParser.forEachNormalizedByte(bytes, text) { byte in
      if position < stored.count, stored[position] == byte {
        position += 1
      } else {
        equal = false
      }
    }
    return equal && position == stored.count
  }

  // MARK: Entries

  /// The entry at `index` (0 ..< ``count``, in key order).
  public func entry(at index: Int) -> DirectoryEntry {
    precondition(index >= 0 && index < count, "directory entry index out of range")
    return entry(at: index, payload: payloads[index])
  }

  /// The entry at `index`, whose payload has been read.
  @inline(__always)
  func entry(at index: Int, payload: UInt64) -> DirectoryEntry {
    let key = keys[index]
    let sender: DirectoryEntry.Sender =
      SenderKey.isTextKey(key)
      ? .text(text(at: index).map { String(decoding: $0, as: UTF8.self) } ?? "") : .numeric(key)
    return DirectoryEntry(
      action: DirectoryFormat.action(payload), subAction: DirectoryFormat.subAction(payload),
      label: inlineLabel(UInt32(truncatingIfNeeded: payload >> 32)), sender: sender)
  }

  /// Starts reading the line of the payloads and of the keys that a probe will resolve.
  @inline(__always)
  func prefetch(_ probe: Probe) {
    guard case .line(_, let start, let ties) = probe else { return }
    smsfilter_prefetch(keys + start)
    smsfilter_prefetch(payloads + start)
    if ties > 0 { smsfilter_prefetch(keys + start + DirectoryFormat.fanout) }
  }

  /// Starts reading where the label of a found entry starts: its offset when `offsets` is
  /// true, else its bytes (whose offset should be in cache by then).
  @inline(__always)
  func prefetchLabel(of payload: UInt64, offsets: Bool) {
    let index = Int(truncatingIfNeeded: payload >> 32)
    guard index < labelCount else { return }
    if offsets {
      smsfilter_prefetch(labelOffsets + index)
    } else {
      smsfilter_prefetch(labelBytes + Swift.min(Int(labelOffsets[index]), labelBytesCount))
    }
  }

  /// The label with index `index`, held inline when it fits, bounds-checked.
  @inline(__always)
  func inlineLabel(_ index: UInt32) -> DirectoryEntry.LabelStorage {
    guard index != DirectoryFormat.noLabel, Int(index) < labelCount else { return .none }
    let start = Int(labelOffsets[Int(index)])
    let end = Int(labelOffsets[Int(index) + 1])
    guard start <= end, end <= labelBytesCount else { return .none }
    let count = end - start
    if count <= DirectoryEntry.InlineLabel.capacity, start + DirectoryEntry.InlineLabel.capacity <= labelBytesCount {
      // Four whole words, read past the label's end but inside the section.
      let raw = UnsafeRawPointer(labelBytes + start)
      return .inline(
        DirectoryEntry.InlineLabel(
          words: (
            raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
            raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self), raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
          ), count: count))
    }
    return DirectoryEntry.LabelStorage(UnsafeBufferPointer(start: labelBytes + start, count: count))
  }

  /// Calls `body` with every entry, in key order.
  public func forEachEntry(_ body: (DirectoryEntry) throws -> Void) rethrows {
    for index in 0..<count { try body(entry(at: index)) }
  }

  /// The kind of sender of entry `index`.
  func kind(at index: Int) -> SenderID.Kind { SenderKey.kind(ofKey: keys[index]) }

  /// The stored normalised text of a text entry, bounds-checked.
  func text(at index: Int) -> UnsafeBufferPointer<UInt8>? {
    guard index >= textStart, index < count else { return nil }
    let slot = index - textStart
    let start = Int(textOffsets[slot])
    let end = Int(textOffsets[slot + 1])
    guard start <= end, end <= textBytesCount else { return nil }
    return UnsafeBufferPointer(start: textBytes + start, count: end - start)
  }

  /// The label with index `index`, bounds-checked; `nil` for ``DirectoryFormat/noLabel``.
  func label(_ index: UInt32) -> String? {
    guard let bytes = labelBytes(index) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The bytes of label `index`, bounds-checked.
  func labelBytes(_ index: UInt32) -> UnsafeBufferPointer<UInt8>? {
    guard index != DirectoryFormat.noLabel, Int(index) < labelCount else { return nil }
    let start = Int(labelOffsets[Int(index)])
    let end = Int(labelOffsets[Int(index) + 1])
    guard start <= end, end <= labelBytesCount else { return nil }
    return UnsafeBufferPointer(start: labelBytes + start, count: end - start)
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
