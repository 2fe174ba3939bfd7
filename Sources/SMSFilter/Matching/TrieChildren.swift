/// The children of every trie state while an ``AhoCorasick`` automaton is built, in one flat
/// table (each state's children side by side, sorted by byte class) rather than one array per
/// state: a million keywords make millions of states, and an array each cost hundreds of
/// megabytes.
struct TrieChildren {
  /// State `s`'s children are at `start[s]..<start[s + 1]`.
  private let start: [Int32]
  private let classes: [UInt8]
  private let targets: [Int32]

  /// The table for a trie given as `state << 8 | class → child`.
  init(_ children: [Int: Int32], stateCount: Int) {
    var start = [Int32](repeating: 0, count: stateCount + 1)
    for key in children.keys { start[(key >> 8) + 1] += 1 }
    for state in 0..<stateCount { start[state + 1] += start[state] }
    var cursor = start
    var classes = [UInt8](repeating: 0, count: children.count)
    var targets = [Int32](repeating: 0, count: children.count)
    for (key, child) in children {
      let slot = Int(cursor[key >> 8])
      cursor[key >> 8] += 1
      classes[slot] = UInt8(truncatingIfNeeded: key & 0xFF)
      targets[slot] = child
    }
    // Sort each state's few children by class (insertion sort: fan-out is small).
    for state in 0..<stateCount {
      let range = Int(start[state])..<Int(start[state + 1])
      guard range.count > 1 else { continue }
      for index in (range.lowerBound + 1)..<range.upperBound {
        let (cls, target) = (classes[index], targets[index])
        var hole = index
        while hole > range.lowerBound, classes[hole - 1] > cls {
          classes[hole] = classes[hole - 1]
          targets[hole] = targets[hole - 1]
          hole -= 1
        }
        classes[hole] = cls
        targets[hole] = target
      }
    }
    self.start = start
    self.classes = classes
    self.targets = targets
  }

  /// A state's children, by class.
  subscript(state: Int) -> Children { Children(table: self, range: Int(start[state])..<Int(start[state + 1])) }

  /// One state's children: (class, child state) pairs in class order.
  struct Children: RandomAccessCollection {
    let table: TrieChildren
    let range: Range<Int>
    var startIndex: Int { range.lowerBound }
    var endIndex: Int { range.upperBound }
    subscript(position: Int) -> (UInt8, Int32) { (table.classes[position], table.targets[position]) }
  }
}
