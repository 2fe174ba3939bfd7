import SMSFilterModel

/// The binary layout of a sender directory file (format version 2). All integers are
/// little-endian; every section starts on a 64-byte boundary (a cache line), and the gaps are
/// zero.
///
/// ```text
/// offset size  header (192 bytes)
///      0    8  magic 89 53 44 49 52 0D 0A 1A ("\x89SDIR\r\n\x1a")
///      8    4  format version (2)
///     12    4  header length (192)
///     16    8  checksum: XXH64 (seed 0) of bytes 24 ..< file length
///     24    8  file length
///     32    8  entry count N
///     40    8  index of the first text entry T (entries T ..< N are alphanumeric or e-mail)
///     48    8  label count L
///     56    4  fan-out F (8: keys per cache line)
///     60    4  flags (0)
///     64  128  eight sections, each (offset u64, length u64), in this order:
///                keys          N × u64 ascending, padded with 0x7FFF… to a multiple of F
///                payloads      N × u32, parallel to the keys
///                fence         the levels of a static search tree over the keys, top level
///                              first, each padded with 0x7FFF… to a multiple of F: level 1
///                              holds every F-th key, level 2 every F-th element of level 1, …
///                              up to the first level of at most F elements (none if N ≤ F)
///                fence hints   for each element g of level 2 (when there are two levels or
///                              more), 8 bytes: byte j is quantize(level 1 element 8g + j),
///                              255 past the end (see below)
///                text offsets  (N − T + 1) × u32 into the text bytes, for entries T ..< N
///                text bytes    the normalised texts of entries T ..< N (UTF-8)
///                label blocks  (⌈L / 16⌉ + 1) × u32: where each block of 16 labels starts
///                              in the label bytes, and their end
///                label bytes   the distinct labels (UTF-8), each once, in byte order,
///                              front-coded in blocks of 16 (see below)
/// ```
///
/// **Keys.** The top four bits are the kind: 1 phone, 2 short code, 3 alphanumeric (and DLT
/// entity), 4 e-mail. A phone key holds the E.164 digits as an integer; a short-code key holds
/// the digits (bits 0–23), how many (bits 24–26) and the scope country (bits 27–36, each
/// letter 1–26 in base 27, 0 for none); a text key holds the low 60 bits of the FNV-1a 64 hash
/// of the normalised text, which is kept in the text bytes and compared on lookup (keys of two
/// texts may collide: equal keys are adjacent and all are checked).
///
/// **Payloads.** Bits 0–2 the action's raw value, bits 3–6 the sub-action (0 none, 1–9
/// `transactionalOthers` … `transactionalPublicServices`, 10–12 `promotionalOthers` …
/// `promotionalCoupons`), bit 7 zero, bits 8–31 the label index (`0xFFFFFF`: no label).
///
/// **Labels** are sorted by their UTF-8 bytes and cut into blocks of 16. A block starts with
/// its first label whole (a length byte, then the bytes); each of the other fifteen is the
/// number of leading bytes it shares with the block's first label (one byte), the number of
/// bytes that follow (one byte) and those bytes. Label `i` is in block `i / 16`: reading it
/// reads one block offset and skips at most fifteen short records, and a directory whose
/// labels are all different (caller ID: `Entry 1`, `Entry 2`, …) keeps about four bytes per
/// label instead of the label and a four-byte offset.
///
/// **Lookup** is a binary search of the sorted keys, done one cache line at a time: in each
/// fence level from the top, count the elements of one 8-element line that are not after the
/// key, which picks the line to read in the level below, down to one line of keys and the
/// matching line of payloads, read together.
///
/// Level 1 (every 8th key: 2 MB for 2 million entries) is too large to stay in the CPU
/// caches, so the search skips it with the **fence hints**: between the level-2 elements
/// `lo = level2[g]` and `hi = level2[g + 1]` (or 0x7FFF… after the last), a key quantises to
/// `min(254, ⌊(key − lo) · (255 / (hi − lo))⌋)` (in IEEE doubles, so that builder and reader
/// agree bit for bit). Quantising is monotonic, so a hint below the key's value means that
/// line starts before the key, a hint above means after, and only equal hints leave a doubt,
/// settled by reading those few adjacent lines of keys too. The hints (1 byte per 8 keys) stay
/// in the cache, and a lookup in 2 million entries costs one memory access for its line of
/// keys and, at the same time, one for its line of payloads.
package enum DirectoryFormat {
  /// The eight bytes every directory file starts with.
  package static let magic: [UInt8] = [0x89, 0x53, 0x44, 0x49, 0x52, 0x0D, 0x0A, 0x1A]
  /// The format version this library writes and reads.
  package static let version: UInt32 = 2
  /// Bytes in the header.
  static let headerLength = 192
  /// Elements per cache line in the keys and fence (the search tree's fan-out).
  static let fanout = 8
  /// Section alignment (a cache line).
  static let alignment = 64

  /// `count` rounded up to a multiple of ``fanout``.
  static func padded(_ count: Int) -> Int { (count + fanout - 1) / fanout * fanout }

  /// The element counts of the fence levels, from level 1 (every 8th key) up to the first level
  /// of at most ``fanout`` elements; empty when there are at most ``fanout`` keys.
  static func fenceLevelSizes(entries: Int) -> [Int] {
    var sizes: [Int] = []
    var size = entries
    while size > fanout {
      size = (size + fanout - 1) / fanout
      sizes.append(size)
    }
    return sizes
  }

  /// The fence hints section's length in bytes for `entries` keys: 8 bytes per level-2
  /// element, none when there are fewer than two fence levels.
  static func fenceHintsLength(entries: Int) -> Int {
    let sizes = fenceLevelSizes(entries: entries)
    return sizes.count >= 2 ? sizes[1] * 8 : 0
  }

  /// The fence hint of `key` between the level-2 elements `lo` ≤ `key` < `hi`: 0…254,
  /// monotonic in `key` (see the type's documentation). 255 marks "no line".
  @inline(__always)
  static func quantize(_ key: UInt64, lo: UInt64, hi: UInt64) -> UInt8 {
    let scaled = Double(key &- lo) * (255.0 / Double(hi &- lo))
    return scaled < 254 ? UInt8(scaled) : 254
  }

  /// The fence section's length in bytes for `entries` keys.
  static func fenceLength(entries: Int) -> Int {
    fenceLevelSizes(entries: entries).reduce(0) { $0 + padded($1) } * 8
  }
  /// Where the checksummed bytes start.
  static let checksummedFrom = 24
  /// What pads the keys and fence levels to whole lines: above every key (whose top bits are
  /// at most 4), and below 2⁶³, which the branch-free search relies on.
  static let padding: UInt64 = 0x7FFF_FFFF_FFFF_FFFF
  /// The payload's label index meaning "no label".
  static let noLabel: UInt32 = 0xFF_FFFF
  /// Labels in a front-coded block.
  static let labelBlock = 16
  /// The most distinct labels a directory can hold (label indices are 24 bits).
  package static let labelCapacity = Int(noLabel)

  /// The label index of a payload (``noLabel`` for none).
  @inline(__always)
  static func labelIndex(_ payload: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: payload >> 8 & 0xFF_FFFF) }

  /// Whether a payload breaks the layout (an action above 4 or the reserved bit set): only in
  /// a corrupt file.
  @inline(__always)
  static func isMalformed(_ payload: UInt64) -> Bool { payload & 7 > 4 || payload & 0x80 != 0 }

  /// The sections, in header order.
  enum Section: Int, CaseIterable {
    case keys, payloads, fence, fenceHints, textOffsets, textBytes, labelBlocks, labelBytes

    /// The name shown by `stats`.
    var name: String {
      switch self {
      case .keys: "keys"
      case .payloads: "payloads"
      case .fence: "fence"
      case .fenceHints: "fence hints"
      case .textOffsets: "text offsets"
      case .textBytes: "text bytes"
      case .labelBlocks: "label blocks"
      case .labelBytes: "label bytes"
      }
    }
  }

  // MARK: Payloads

  /// A payload's action (`none` for a value no action has, possible only in a corrupt file).
  @inline(__always)
  static func action(_ payload: UInt64) -> Action {
    switch payload & 7 {
    case 1: .allow
    case 2: .junk
    case 3: .promotion
    case 4: .transaction
    default: .none
    }
  }

  /// A payload's sub-action (`none` for a value no sub-action has).
  @inline(__always)
  static func subAction(_ payload: UInt64) -> SubAction {
    switch payload >> 3 & 0xF {
    case let code where code >= 1 && code <= 9: SubAction(rawValue: 9_999 + Int(code)) ?? .none
    case let code where code >= 10 && code <= 12: SubAction(rawValue: 19_990 + Int(code)) ?? .none
    default: .none
    }
  }

  /// Packs an entry's payload.
  static func payload(action: Action, subAction: SubAction, label: UInt32) -> UInt64 {
    let code: Int
    switch subAction.rawValue {
    case 10000...10008: code = subAction.rawValue - 9_999
    case 20000...20002: code = subAction.rawValue - 19_990
    default: code = 0
    }
    return UInt64(action.rawValue & 7) | UInt64(code) << 3 | UInt64(label & noLabel) << 8
  }

  /// A payload with another label index.
  @inline(__always)
  static func payload(_ payload: UInt64, label: UInt32) -> UInt64 {
    payload & 0xFF | UInt64(label & noLabel) << 8
  }

  /// The label blocks section's element count for `labels` labels.
  static func labelBlockCount(labels: Int) -> Int { (labels + labelBlock - 1) / labelBlock + 1 }

  // MARK: Header

  /// The decoded header.
  struct Header {
    var version: UInt32
    var headerLength: UInt32
    var checksum: UInt64
    var fileLength: UInt64
    var entryCount: UInt64
    var textStart: UInt64
    var labelCount: UInt64
    var fanout: UInt32
    var flags: UInt32
    /// (offset, length) of each section, in ``Section`` order.
    var sections: [(offset: UInt64, length: UInt64)]

    /// The header's 192 bytes; the checksum field as given.
    func encoded() -> [UInt8] {
      var bytes = DirectoryFormat.magic
      bytes.reserveCapacity(DirectoryFormat.headerLength)
      func put<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
      }
      put(version)
      put(headerLength)
      put(checksum)
      put(fileLength)
      put(entryCount)
      put(textStart)
      put(labelCount)
      put(fanout)
      put(flags)
      for section in sections {
        put(section.offset)
        put(section.length)
      }
      while bytes.count < DirectoryFormat.headerLength { bytes.append(0) }
      return bytes
    }

    /// Reads and checks a header: magic, version, and that every section lies inside the file
    /// with the length its count implies.
    init(_ file: UnsafeRawBufferPointer, path: String) throws(DirectoryFileError) {
      func corrupt(_ why: String) -> DirectoryFileError {
        DirectoryFileError(.corrupt, path: path, message: "corrupt directory file: \(why)")
      }
      guard file.count >= DirectoryFormat.magic.count,
        file.prefix(DirectoryFormat.magic.count).elementsEqual(DirectoryFormat.magic)
      else {
        throw DirectoryFileError(.notADirectory, path: path, message: "not a sender directory file (bad magic number)")
      }
      guard file.count >= 16 else { throw corrupt("truncated header") }
      func u32(_ at: Int) -> UInt32 { UInt32(littleEndian: file.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
      func u64(_ at: Int) -> UInt64 { UInt64(littleEndian: file.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
      version = u32(8)
      guard version == DirectoryFormat.version else {
        throw DirectoryFileError(
          .unsupportedVersion(found: version, supported: DirectoryFormat.version), path: path,
          message:
            "directory format version \(version) is not supported (this build reads version \(DirectoryFormat.version)); rebuild the directory"
        )
      }
      headerLength = u32(12)
      guard headerLength == DirectoryFormat.headerLength, file.count >= DirectoryFormat.headerLength else {
        throw corrupt("truncated header")
      }
      checksum = u64(16)
      fileLength = u64(24)
      entryCount = u64(32)
      textStart = u64(40)
      labelCount = u64(48)
      fanout = u32(56)
      flags = u32(60)
      sections = Section.allCases.map { (u64(64 + $0.rawValue * 16), u64(72 + $0.rawValue * 16)) }
      guard fileLength == UInt64(file.count) else {
        throw corrupt("the header says \(fileLength) bytes but the file has \(file.count) (truncated?)")
      }
      guard fanout == DirectoryFormat.fanout, textStart <= entryCount, entryCount < 1 << 40,
        labelCount <= UInt64(DirectoryFormat.labelCapacity)
      else {
        throw corrupt("inconsistent counts")
      }
      let n = entryCount
      let expected: [UInt64] = [
        UInt64(DirectoryFormat.padded(Int(n))) * 8, n * 4, UInt64(DirectoryFormat.fenceLength(entries: Int(n))),
        UInt64(DirectoryFormat.fenceHintsLength(entries: Int(n))), (n - textStart + 1) * 4,
        sections[Section.textBytes.rawValue].length,
        UInt64(DirectoryFormat.labelBlockCount(labels: Int(labelCount))) * 4,
        sections[Section.labelBytes.rawValue].length,
      ]
      for section in Section.allCases {
        let (offset, length) = sections[section.rawValue]
        guard offset % UInt64(DirectoryFormat.alignment) == 0, offset >= UInt64(DirectoryFormat.headerLength),
          offset <= fileLength,
          length <= fileLength - offset, length == expected[section.rawValue]
        else {
          throw corrupt("section '\(section.name)' is out of bounds or has the wrong length")
        }
      }
    }

    init(
      entryCount: Int, textStart: Int, labelCount: Int, fileLength: Int,
      sections: [(offset: UInt64, length: UInt64)]
    ) {
      version = DirectoryFormat.version
      headerLength = UInt32(DirectoryFormat.headerLength)
      checksum = 0
      self.fileLength = UInt64(fileLength)
      self.entryCount = UInt64(entryCount)
      self.textStart = UInt64(textStart)
      self.labelCount = UInt64(labelCount)
      fanout = UInt32(DirectoryFormat.fanout)
      flags = 0
      self.sections = sections
    }
  }
}
