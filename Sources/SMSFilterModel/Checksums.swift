/// The checksum of the package's binary files (sender directories, model files): XXH64 (xxHash's
/// 64-bit function, seed 0). (The FNV-1a 64 hash of text senders' keys is ``SenderKey``'s.)
package enum Checksums {
  private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
  private static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private static let p3: UInt64 = 0x1656_67B1_9E37_79F9
  private static let p4: UInt64 = 0x85EB_CA77_C2B2_AE63
  private static let p5: UInt64 = 0x27D4_EB2F_1656_67C5

  @inline(__always)
  private static func rotl(_ value: UInt64, _ bits: UInt64) -> UInt64 {
    (value << bits) | (value >> (64 - bits))
  }

  @inline(__always)
  private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
    rotl(accumulator &+ input &* p2, 31) &* p1
  }

  @inline(__always)
  private static func merge(_ accumulator: UInt64, _ value: UInt64) -> UInt64 {
    (accumulator ^ round(0, value)) &* p1 &+ p4
  }

  /// XXH64 with seed 0 (the reference algorithm of xxHash 0.8; `XXH64("abc", 0)` is
  /// `0x44bc2cf5ad770999`). About 10 GB/s here: the whole file is checked in a few milliseconds.
  package static func xxh64(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    guard let base = bytes.baseAddress else { return xxh64Empty }
    let length = bytes.count
    var offset = 0
    var hash: UInt64
    @inline(__always) func load64(_ at: Int) -> UInt64 {
      UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self))
    }
    if length >= 32 {
      var v1 = p1 &+ p2
      var v2 = p2
      var v3: UInt64 = 0
      var v4 = 0 &- p1
      let limit = length - 32
      while offset <= limit {
        v1 = round(v1, load64(offset))
        v2 = round(v2, load64(offset + 8))
        v3 = round(v3, load64(offset + 16))
        v4 = round(v4, load64(offset + 24))
        offset += 32
      }
      hash = rotl(v1, 1) &+ rotl(v2, 7) &+ rotl(v3, 12) &+ rotl(v4, 18)
      hash = merge(hash, v1)
      hash = merge(hash, v2)
      hash = merge(hash, v3)
      hash = merge(hash, v4)
    } else {
      hash = p5
    }
    hash = hash &+ UInt64(length)
    while offset + 8 <= length {
      hash ^= round(0, load64(offset))
      hash = rotl(hash, 27) &* p1 &+ p4
      offset += 8
    }
    if offset + 4 <= length {
      let word = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
      hash ^= word &* p1
      hash = rotl(hash, 23) &* p2 &+ p3
      offset += 4
    }
    while offset < length {
      hash ^= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) &* p5
      hash = rotl(hash, 11) &* p1
      offset += 1
    }
    hash ^= hash >> 33
    hash = hash &* p2
    hash ^= hash >> 29
    hash = hash &* p3
    hash ^= hash >> 32
    return hash
  }

  /// XXH64 of no bytes.
  package static let xxh64Empty: UInt64 = 0xEF46_DB37_51D8_E999
}
