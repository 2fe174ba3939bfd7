/// A multi-pattern byte automaton (Aho–Corasick compiled to a dense DFA) that finds every
/// occurrence of every pattern in one pass over a text.
///
/// Bytes are first mapped to equivalence classes (all bytes that no pattern uses share one
/// class), so the table has `states × classes` entries rather than `states × 256`. Each entry is
/// the next state's row offset, with the top bit set when that state ends at least one pattern:
/// the inner loop is one load and one test per byte.
struct AhoCorasick: Sendable {
  /// `transitions[row + class]`: the next row, with ``outputFlag`` set if it has outputs.
  private let transitions: [UInt32]
  /// Each byte's equivalence class.
  private let classOf: [UInt8]
  private let classCount: Int
  /// For the state at row `r` (state `r / classCount`), its outputs are
  /// `outputs[outputStart[state]..<outputStart[state + 1]]`.
  private let outputStart: [UInt32]
  private let outputs: [UInt32]
  /// The length in bytes of each pattern.
  let patternLengths: [Int32]

  static let outputFlag: UInt32 = 0x8000_0000

  /// The number of DFA states.
  var stateCount: Int { outputStart.count - 1 }
  /// The approximate memory used by the tables, in bytes.
  var memoryBytes: Int { transitions.count * 4 + outputs.count * 4 + outputStart.count * 4 + 256 }

  /// Builds the automaton for `patterns` (non-empty byte strings; duplicates allowed, each keeps
  /// its own id, its index).
  init(patterns: [[UInt8]]) {
    // Byte classes: one per distinct byte used, plus one for every unused byte.
    var used = [Bool](repeating: false, count: 256)
    for pattern in patterns { for byte in pattern { used[Int(byte)] = true } }
    var classOf = [UInt8](repeating: 0, count: 256)
    var next = 1
    for byte in 0..<256 where used[byte] {
      classOf[byte] = UInt8(truncatingIfNeeded: next)
      next += 1
    }
    // 256 used bytes would overflow UInt8 class ids; fold the overflow into class 0 is wrong, so
    // in that (pathological) case use the identity mapping with 256 classes.
    let identity = next > 256
    if identity { for byte in 0..<256 { classOf[byte] = UInt8(byte) } }
    let classCount = identity ? 256 : next

    // 1. The trie, in a flat child map keyed by state * 256 + byte.
    var children: [Int: Int32] = [:]
    var depth: [Int32] = [0]
    var terminal: [[UInt32]] = [[]]
    for (id, pattern) in patterns.enumerated() {
      var state = 0
      for byte in pattern {
        let key = state << 8 | Int(byte)
        if let child = children[key] {
          state = Int(child)
        } else {
          let child = depth.count
          depth.append(depth[state] + 1)
          terminal.append([])
          children[key] = Int32(child)
          state = child
        }
      }
      terminal[state].append(UInt32(id))
    }
    let stateCount = depth.count

    // 2. Breadth-first: failure links, merged outputs and the dense table.
    var table = [UInt32](repeating: 0, count: stateCount * classCount)
    var fail = [Int32](repeating: 0, count: stateCount)
    var merged = terminal
    // Children of each state, grouped for the breadth-first walk.
    var childList = [[(UInt8, Int32)]](repeating: [], count: stateCount)
    for (key, child) in children { childList[key >> 8].append((UInt8(key & 0xFF), child)) }
    var queue: [Int32] = []
    queue.reserveCapacity(stateCount)
    for (byte, child) in childList[0] {
      table[Int(classOf[Int(byte)])] = UInt32(child)
      queue.append(child)
    }
    var head = 0
    while head < queue.count {
      let state = Int(queue[head])
      head += 1
      let failState = Int(fail[state])
      merged[state].append(contentsOf: merged[failState])
      // Default transitions come from the failure state's row (already complete: it is shallower).
      let row = state * classCount
      let failRow = failState * classCount
      for c in 0..<classCount { table[row + c] = table[failRow + c] }
      for (byte, child) in childList[state] {
        let c = Int(classOf[Int(byte)])
        // The child's failure link: where the failure state goes on this byte.
        fail[Int(child)] = Int32(table[failRow + c])
        table[row + c] = UInt32(child)
        queue.append(child)
      }
    }
    // 3. Renumber states breadth-first, so the shallow states that most bytes of a text visit
    //    sit together at the start of the table (fewer cache misses), then flatten the outputs
    //    and rewrite the table to row offsets with the output flag.
    let order = [Int32(0)] + queue
    var newID = [Int](repeating: 0, count: stateCount)
    for (position, old) in order.enumerated() { newID[Int(old)] = position }
    var outputStart: [UInt32] = [0]
    var outputs: [UInt32] = []
    var renumbered = [UInt32](repeating: 0, count: table.count)
    for (position, old) in order.enumerated() {
      let oldState = Int(old)
      outputs.append(contentsOf: merged[oldState])
      outputStart.append(UInt32(outputs.count))
      for c in 0..<classCount {
        let target = Int(table[oldState * classCount + c])
        var value = UInt32(newID[target] * classCount)
        if !merged[target].isEmpty { value |= AhoCorasick.outputFlag }
        renumbered[position * classCount + c] = value
      }
    }
    table = renumbered
    self.transitions = table
    self.classOf = classOf
    self.classCount = classCount
    self.outputStart = outputStart
    self.outputs = outputs
    self.patternLengths = patterns.map { Int32($0.count) }
  }

  /// Gives the tables to `body` as buffers, for callers that inline their own scanning loop
  /// (see ``scan(_:onMatch:)`` for the loop).
  @inline(__always)
  func withTables<R>(
    _ body: (
      _ transitions: UnsafeBufferPointer<UInt32>, _ classOf: UnsafeBufferPointer<UInt8>,
      _ classCount: Int, _ outputStart: UnsafeBufferPointer<UInt32>, _ outputs: UnsafeBufferPointer<UInt32>
    ) -> R
  ) -> R {
    transitions.withUnsafeBufferPointer { table in
      classOf.withUnsafeBufferPointer { classes in
        outputStart.withUnsafeBufferPointer { starts in
          outputs.withUnsafeBufferPointer { outs in body(table, classes, classCount, starts, outs) }
        }
      }
    }
  }

  /// The inner loop: advances from `row` over `text[index...]` until a state with outputs is
  /// entered (returns the index just past that byte and the row, flag included) or the text
  /// ends (returns `text.count`). Kept small so its state stays in registers.
  @inline(never)
  static func advance(
    table: UnsafePointer<UInt32>, classes: UnsafePointer<UInt8>, text: UnsafePointer<UInt8>,
    count: Int, from start: Int, row: UInt32
  ) -> (index: Int, row: UInt32) {
    var row = row
    var index = start
    while index < count {
      let next = table[Int(row) &+ Int(classes[Int(text[index])])]
      index &+= 1
      row = next
      if next & outputFlag != 0 { return (index, next) }
    }
    return (index, row)
  }

  /// Calls `onMatch(patternID, end)` for every occurrence, where `end` is the index just past
  /// the match, in text order.
  @inline(__always)
  func scan(_ text: UnsafeBufferPointer<UInt8>, onMatch: (Int, Int) -> Void) {
    transitions.withUnsafeBufferPointer { table in
      classOf.withUnsafeBufferPointer { classes in
        var row: UInt32 = 0
        var index = 0
        let count = text.count
        while index < count {
          let next = table[Int(row) &+ Int(classes[Int(text[index])])]
          index &+= 1
          row = next & ~AhoCorasick.outputFlag
          if next & AhoCorasick.outputFlag != 0 {
            let state = Int(row) / classCount
            for slot in Int(outputStart[state])..<Int(outputStart[state + 1]) {
              onMatch(Int(outputs[slot]), index)
            }
          }
        }
      }
    }
  }
}
