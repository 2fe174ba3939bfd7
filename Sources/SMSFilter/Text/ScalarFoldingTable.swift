import CEmbeddedFiles
import Foundation

/// The precomputed normalisation of every non-ASCII scalar below U+3100 and of the half-width
/// and full-width forms (U+FF00–U+FFEF): one table look-up per character on the hot path.
/// CJK ideographs and emoji map to themselves without a look-up (``identityKind(_:)``), Hangul
/// syllables decompose arithmetically (``hangulJamo(of:)``); other scalars are computed on demand
/// with the same function and remembered by the buffer that met them
/// (``NormalizedText/foldedScalar(_:)``).
final class ScalarFoldingTable: Sendable {
  static let shared = ScalarFoldingTable()

  // (``Storage/entry(for:)`` writes these bounds out.)
  private static let lowRange: Range<UInt32> = 0x80..<0x3100
  private static let wideRange: Range<UInt32> = 0xFF00..<0xFFF0

  private let offsets: [UInt32]  // start of each entry's bytes in `pool`, plus an end sentinel
  private let kinds: [UInt8]
  private let pool: [UInt8]
  /// Whether the table was read from the bytes built into the binary (rather than computed).
  let isEmbedded: Bool

  /// The table built into the binary (`snapshots/scalar-folding.table`, written by
  /// `scripts/update-folding-table` from ``computeMapping(_:)``), or, when this build has none
  /// or it does not fit these ranges, computed here: computing it with Foundation took about
  /// 17 ms, a third of the start-up. The test suite checks the file against ``encoded()``.
  private convenience init() {
    var count = 0
    let base = smsfilter_embedded_scalar_folding(&count)
    if let base, let decoded = Self.decode(UnsafeRawBufferPointer(start: base, count: count)) {
      self.init(offsets: decoded.offsets, kinds: decoded.kinds, pool: decoded.pool, isEmbedded: true)
    } else {
      let computed = Self.computeAll()
      self.init(offsets: computed.offsets, kinds: computed.kinds, pool: computed.pool, isEmbedded: false)
    }
  }

  private init(offsets: [UInt32], kinds: [UInt8], pool: [UInt8], isEmbedded: Bool) {
    self.offsets = offsets
    self.kinds = kinds
    self.pool = pool
    self.isEmbedded = isEmbedded
  }

  /// Every entry of the table, computed with ``computeMapping(_:)``.
  static func computeAll() -> (offsets: [UInt32], kinds: [UInt8], pool: [UInt8]) {
    var offsets: [UInt32] = []
    var kinds: [UInt8] = []
    var bytes: [UInt8] = []
    for range in [Self.lowRange, Self.wideRange] {
      for value in range {
        offsets.append(UInt32(bytes.count))
        let (mapped, kind) = Self.computeMapping(value)
        bytes.append(contentsOf: mapped)
        kinds.append(kind.rawValue)
      }
    }
    offsets.append(UInt32(bytes.count))
    return (offsets, kinds, bytes)
  }

  /// The first bytes of the table's file.
  static let fileMagic = Array("SMSFOLD1".utf8)

  /// The table as `snapshots/scalar-folding.table` holds it: ``fileMagic``, the number of
  /// entries and of pool bytes (32-bit little-endian), the offsets (entries + 1, 32-bit
  /// little-endian), the kinds (a byte each) and the pool.
  static func encoded() -> [UInt8] {
    let (offsets, kinds, pool) = computeAll()
    var file = fileMagic
    func append(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { file.append(contentsOf: $0) } }
    append(UInt32(kinds.count))
    append(UInt32(pool.count))
    offsets.forEach(append)
    return file + kinds + pool
  }

  /// The table from a file's bytes, or `nil` when they are not a table of these ranges whose
  /// offsets run in order within its pool.
  static func decode(_ file: UnsafeRawBufferPointer) -> (offsets: [UInt32], kinds: [UInt8], pool: [UInt8])? {
    let entries = lowRange.count + wideRange.count
    let header = fileMagic.count + 8
    guard file.count >= header, file.prefix(fileMagic.count).elementsEqual(fileMagic) else { return nil }
    func word(at offset: Int) -> UInt32 {
      UInt32(littleEndian: file.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
    let poolCount = Int(word(at: fileMagic.count + 4))
    guard Int(word(at: fileMagic.count)) == entries,
      file.count == header + (entries + 1) * 4 + entries + poolCount
    else { return nil }
    let offsets = (0...entries).map { word(at: header + $0 * 4) }
    guard offsets.first == 0, offsets.last == UInt32(poolCount),
      zip(offsets, offsets.dropFirst()).allSatisfy({ $0 <= $1 })
    else { return nil }
    let kindsStart = header + (entries + 1) * 4
    return (offsets, Array(file[kindsStart..<kindsStart + entries]), Array(file[(kindsStart + entries)...]))
  }

  /// The normalised bytes and kind of `scalar`, or `nil` when it is outside the table.
  func entry(for scalar: UInt32) -> (bytes: [UInt8], kind: ScalarKind)? {
    withStorage { storage in storage.entry(for: scalar).map { (Array($0.bytes), $0.kind) } }
  }

  /// The table's arrays as buffers, for the length of `body`: look-ups through them cost no
  /// reference counting (the normaliser takes them once a text, not once a character).
  @inline(__always)
  func withStorage<Result>(_ body: (Storage) -> Result) -> Result {
    offsets.withUnsafeBufferPointer { offsets in
      kinds.withUnsafeBufferPointer { kinds in
        pool.withUnsafeBufferPointer { pool in body(Storage(offsets: offsets, kinds: kinds, pool: pool)) }
      }
    }
  }

  /// A view of the table valid inside ``withStorage(_:)``.
  struct Storage {
    let offsets: UnsafeBufferPointer<UInt32>
    let kinds: UnsafeBufferPointer<UInt8>
    let pool: UnsafeBufferPointer<UInt8>

    /// The normalised bytes and kind of `scalar`, or `nil` when it is outside the table.
    @inline(__always)
    func entry(for scalar: UInt32) -> (bytes: Slice<UnsafeBufferPointer<UInt8>>, kind: ScalarKind)? {
      let slot: Int
      // The ranges of ``ScalarFoldingTable/lowRange`` and ``ScalarFoldingTable/wideRange``, one
      // unsigned comparison each.
      if scalar &- 0x80 < 0x3100 - 0x80 {
        slot = Int(scalar &- 0x80)
      } else if scalar &- 0xFF00 < 0xFFF0 - 0xFF00 {
        slot = (0x3100 - 0x80) &+ Int(scalar &- 0xFF00)
      } else {
        return nil
      }
      let start = Int(offsets[slot])
      let end = Int(offsets[slot &+ 1])
      return (pool[start..<end], ScalarKind(rawValue: kinds[slot]))
    }
  }

  /// The conjoining jamo a Hangul syllable (U+AC00–U+D7A3) decomposes to, worked out as
  /// Unicode's algorithm does (§3.12): a leading consonant, a vowel and an optional trailing
  /// consonant, all ordinary letters of the Korean script (``ScalarKind`` empty), or `nil` for
  /// any other scalar. Korean text would otherwise go through Foundation a character at a time;
  /// the test suite checks all 11,172 syllables against ``computeMapping(_:)``.
  @inline(__always)
  static func hangulJamo(of scalar: UInt32) -> (leading: UInt32, vowel: UInt32, trailing: UInt32?)? {
    let index = scalar &- 0xAC00
    guard index < 11_172 else { return nil }
    let trailing = index % 28
    return (0x1100 + index / 588, 0x1161 + (index % 588) / 28, trailing == 0 ? nil : 0x11A7 + trailing)
  }

  /// Ranges outside the table whose scalars normalise to themselves: CJK ideographs (letters,
  /// ``ScalarKind`` empty) and emoji (symbols: ``ScalarKind/separator``). Common in messages,
  /// they would otherwise be computed with Foundation for every character. The test suite
  /// checks every scalar of these ranges against ``computeMapping(_:)``.
  static let identityLetterRanges: [ClosedRange<UInt32>] = [0x3400...0x4DBF, 0x4E00...0x9FFF]
  static let identitySymbolRanges: [ClosedRange<UInt32>] = [
    0x1F300...0x1F5FF, 0x1F600...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF,
  ]

  /// The kind of a scalar that normalises to itself (see ``identityLetterRanges``), or `nil`.
  @inline(__always)
  static func identityKind(_ scalar: UInt32) -> ScalarKind? {
    if scalar >= 0x3400 && scalar <= 0x9FFF {
      return scalar <= 0x4DBF || scalar >= 0x4E00 ? [] : nil
    }
    if scalar >= 0x1F300 && scalar <= 0x1F9FF {
      return scalar <= 0x1F64F || (scalar >= 0x1F680 && scalar <= 0x1F6FF) || scalar >= 0x1F900 ? .separator : nil
    }
    return nil
  }

  /// The normalisation of one scalar (see ``TextNormalizer`` for the steps).
  static func computeMapping(_ value: UInt32) -> ([UInt8], ScalarKind) {
    guard let scalar = Unicode.Scalar(value) else { return ([0xEF, 0xBF, 0xBD], []) }
    let properties = scalar.properties
    if properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint {
      return ([], [])
    }
    if properties.isWhitespace || properties.generalCategory == .control {
      return ([0x20], .space)
    }
    let decomposed = String(Character(scalar)).decomposedStringWithCompatibilityMapping
    var output = ""
    for part in decomposed.unicodeScalars {
      if (0x300...0x36F).contains(part.value) { continue }  // Latin/Greek/Cyrillic accents
      if part.properties.generalCategory == .format || part.properties.isDefaultIgnorableCodePoint {
        continue
      }
      switch part.value {
      case 0xDF, 0x1E9E: output += "ss"  // ß, ẞ: case folding gives "ss"
      case 0x3C2: output += "\u{3C3}"  // final sigma folds to sigma
      default: output += part.properties.lowercaseMapping
      }
    }
    let bytes = Array(output.utf8)
    var kind: ScalarKind = []
    if !bytes.isEmpty, bytes.allSatisfy({ $0 < 0x80 }) {
      kind.insert(.asciiOnly)
    } else if let first = output.unicodeScalars.first {
      switch first.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
        if (0x370...0x3FF).contains(first.value) || (0x400...0x52F).contains(first.value) {
          kind.insert(.lookAlikeScript)
        }
      default:
        kind.insert(.separator)
      }
    }
    return (bytes, kind)
  }
}
