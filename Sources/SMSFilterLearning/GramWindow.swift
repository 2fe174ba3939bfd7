/// The last eight codes of a word's scalars (with its start and end marks), from which
/// ``FeatureExtractor`` hashes the character grams that end at each scalar as it reads it: no
/// array of codes per word. Eight is the longest gram a model file allows.
///
/// It lives in scratch memory the caller owns (``slots`` words, on the stack): a ring in SIMD
/// registers indexed by a variable compiles to a store and a reload of the whole vector.
struct GramWindow {
  /// The codes (slots 0–7) and, for names, where each scalar starts in the text (slots 8–15),
  /// at their index in the word modulo 8.
  private let storage: UnsafeMutablePointer<UInt32>
  /// The codes pushed since the last ``reset()``.
  private(set) var count = 0

  /// The most codes the window holds.
  static let capacity = 8
  /// The scratch words a window needs.
  static let slots = 16

  /// A window over `storage` (``slots`` words).
  init(storage: UnsafeMutablePointer<UInt32>) { self.storage = storage }

  /// Starts a new word.
  @inline(__always)
  mutating func reset() { count = 0 }

  /// Appends a code and where its scalar starts.
  @inline(__always)
  mutating func push(_ code: UInt32, start: Int) {
    storage[count & 7] = code
    storage[8 | (count & 7)] = UInt32(truncatingIfNeeded: start)
    count &+= 1
  }

  /// The hash of the gram of the last `length` codes (at most ``capacity``, at most ``count``):
  /// a 3-gram's is ``trigram()``'s, whatever other lengths the settings take; another length's,
  /// the codes mixed in order from the first, then the length.
  @inline(__always)
  func gram(length: Int, kind: UInt8) -> FeatureHash {
    if length == 3 { return trigram() }
    var hash = FeatureHash(kind: kind)
    var index = count &- length
    while index < count {
      hash.mix(storage[index & 7])
      index &+= 1
    }
    hash.add(UInt8(truncatingIfNeeded: length))
    return hash
  }

  /// The hash of the gram of the last three codes (at least three pushed):
  /// ``FeatureExtractor/trigram(_:_:_:)`` of them.
  @inline(__always)
  func trigram() -> FeatureHash {
    FeatureExtractor.trigram(storage[(count &- 3) & 7], storage[(count &- 2) & 7], storage[(count &- 1) & 7])
  }

  /// Where the scalar of code `index` starts (within the last eight codes).
  func start(ofCode index: Int) -> Int { Int(storage[8 | (index & 7)]) }
}
