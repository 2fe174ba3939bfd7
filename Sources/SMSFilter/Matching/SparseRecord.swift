/// The layout of a sparse state's record in ``AhoCorasick``'s `sparse` words.
enum SparseRecord {
  /// The failure link, as a row.
  static let fail = 0
  /// The number of children (the low ``entryShift`` bits: up to 256, one per class) and of
  /// entries (the patterns the state reports, the bits above).
  static let counts = 1
  static let entryShift: UInt32 = 9
  static let childMask: UInt32 = (1 << entryShift) - 1
  static let maxEntries = Int(UInt32.max >> entryShift)
  /// The children's classes start here, four a word; their targets follow, then the entries.
  static let classes = 2

  /// Words holding `children` classes.
  @inline(__always)
  static func classWords(children: Int) -> Int { (children &+ 3) &>> 2 }

  /// The words of a record with `children` children and `entryWords` words of entries.
  static func words(children: Int, entryWords: Int) -> Int {
    classes + classWords(children: children) + children + entryWords
  }
}
