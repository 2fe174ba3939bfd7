/// A multi-pattern byte automaton (Aho–Corasick) that finds every occurrence of every pattern in
/// one pass over a text.
///
/// Bytes are first mapped to equivalence classes (all bytes that no pattern uses share one
/// class). States are numbered breadth-first, so the shallow states that most bytes of a text
/// visit come first. Those first states — as many as fit in ``denseBudgetBytes`` — get full DFA
/// rows: one load per byte. Deeper states, which a text reaches only while following a real
/// prefix of some pattern, keep just their few children and a failure link, so memory stays
/// proportional to the patterns rather than to `states × classes` (a 10,000-rule set over
/// several scripts would otherwise need tens of megabytes and miss the cache on every byte).
///
/// Transition targets carry ``outputFlag`` when the target state ends at least one pattern.
struct AhoCorasick: Sendable {
  /// The memory given to full DFA rows.
  static let denseBudgetBytes = 1 << 20
  static let outputFlag: UInt32 = 0x8000_0000

  /// `dense[state * classCount + class]` for `state < denseCount`: the next state | flag.
  private let dense: [UInt32]
  private let denseCount: Int
  /// For a sparse state `s`, its children are `sparseClass/sparseTarget[sparseStart[s - denseCount]..<…+1]`.
  private let sparseStart: [UInt32]
  private let sparseClass: [UInt8]
  private let sparseTarget: [UInt32]
  /// Failure links, by state.
  private let fail: [UInt32]
  /// Each byte's equivalence class.
  private let classOf: [UInt8]
  private let classCount: Int
  /// The outputs of state `s` are `outputs[outputStart[s]..<outputStart[s + 1]]`.
  private let outputStart: [UInt32]
  private let outputs: [UInt32]
  /// The length in bytes of each pattern.
  let patternLengths: [Int32]

  /// The number of states.
  var stateCount: Int { fail.count }
  /// The approximate memory used by the tables, in bytes.
  var memoryBytes: Int {
    dense.count * 4 + sparseStart.count * 4 + sparseClass.count + sparseTarget.count * 4 + fail.count * 4
      + outputs.count * 4 + outputStart.count * 4 + 256
  }

  /// Builds the automaton for `patterns` (non-empty byte strings; duplicates allowed, each keeps
  /// its own id, its index).
  init(patterns: [[UInt8]]) {
    // Byte classes: one per distinct byte used, plus class 0 for every unused byte.
    var used = [Bool](repeating: false, count: 256)
    for pattern in patterns { for byte in pattern { used[Int(byte)] = true } }
    var classOf = [UInt8](repeating: 0, count: 256)
    var next = 1
    for byte in 0..<256 where used[byte] {
      classOf[byte] = UInt8(truncatingIfNeeded: next)
      next += 1
    }
    // All 256 bytes used: class ids would overflow, so use the identity mapping.
    let identity = next > 256
    if identity { for byte in 0..<256 { classOf[byte] = UInt8(byte) } }
    let classCount = identity ? 256 : next

    // 1. The trie, keyed by state * 256 + class.
    var children: [Int: Int32] = [:]
    var terminal: [[UInt32]] = [[]]
    for (id, pattern) in patterns.enumerated() {
      var state = 0
      for byte in pattern {
        let key = state << 8 | Int(classOf[Int(byte)])
        if let child = children[key] {
          state = Int(child)
        } else {
          let child = terminal.count
          terminal.append([])
          children[key] = Int32(child)
          state = child
        }
      }
      terminal[state].append(UInt32(id))
    }
    let stateCount = terminal.count
    var childList = [[(UInt8, Int32)]](repeating: [], count: stateCount)
    for (key, child) in children { childList[key >> 8].append((UInt8(key & 0xFF), child)) }
    for index in childList.indices { childList[index].sort { $0.0 < $1.0 } }

    // 2. Breadth-first order and failure links (classic construction, no full table).
    var order: [Int32] = [0]
    order.reserveCapacity(stateCount)
    var failOld = [Int32](repeating: 0, count: stateCount)
    func goto(_ state: Int, _ cls: UInt8) -> Int32? {
      children[state << 8 | Int(cls)]
    }
    var head = 0
    while head < order.count {
      let state = Int(order[head])
      head += 1
      for (cls, child) in childList[state] {
        if state != 0 {
          var f = Int(failOld[state])
          while true {
            if let target = goto(f, cls) {
              failOld[Int(child)] = target
              break
            }
            if f == 0 {
              failOld[Int(child)] = 0
              break
            }
            f = Int(failOld[f])
          }
        }
        order.append(child)
      }
    }
    // Outputs merged along failure links (parents first in BFS order).
    var merged = terminal
    for old in order.dropFirst() {
      let state = Int(old)
      merged[state].append(contentsOf: merged[Int(failOld[state])])
    }

    // 3. Renumber breadth-first.
    var newID = [Int](repeating: 0, count: stateCount)
    for (position, old) in order.enumerated() { newID[Int(old)] = position }
    func flagged(_ old: Int) -> UInt32 {
      UInt32(newID[old]) | (merged[old].isEmpty ? 0 : AhoCorasick.outputFlag)
    }
    var fail = [UInt32](repeating: 0, count: stateCount)
    var outputStart: [UInt32] = [0]
    var outputs: [UInt32] = []
    for (position, old) in order.enumerated() {
      fail[position] = UInt32(newID[Int(failOld[Int(old)])])
      outputs.append(contentsOf: merged[Int(old)])
      outputStart.append(UInt32(outputs.count))
    }

    // 4. Dense rows for the first states: δ(s, c) = child, else δ(fail(s), c) (a shallower,
    //    already complete row), else the root's.
    let denseCount = max(1, min(stateCount, AhoCorasick.denseBudgetBytes / (classCount * 4)))
    var dense = [UInt32](repeating: 0, count: denseCount * classCount)
    for position in 0..<denseCount {
      let old = Int(order[position])
      let row = position * classCount
      if position != 0 {
        let failRow = Int(fail[position]) * classCount
        for c in 0..<classCount { dense[row + c] = dense[failRow + c] }
      }
      for (cls, child) in childList[old] { dense[row + Int(cls)] = flagged(Int(child)) }
    }
    // 5. Sparse children for the rest.
    var sparseStart: [UInt32] = [0]
    var sparseClass: [UInt8] = []
    var sparseTarget: [UInt32] = []
    for position in denseCount..<stateCount {
      for (cls, child) in childList[Int(order[position])] {
        sparseClass.append(cls)
        sparseTarget.append(flagged(Int(child)))
      }
      sparseStart.append(UInt32(sparseClass.count))
    }
    self.dense = dense
    self.denseCount = denseCount
    self.sparseStart = sparseStart
    self.sparseClass = sparseClass
    self.sparseTarget = sparseTarget
    self.fail = fail
    self.classOf = classOf
    self.classCount = classCount
    self.outputStart = outputStart
    self.outputs = outputs
    self.patternLengths = patterns.map { Int32($0.count) }
  }

  /// The tables as raw pointers, for the inner loop (valid during `body`).
  struct Tables {
    let dense: UnsafePointer<UInt32>
    let denseCount: UInt32
    let classCount: Int
    let sparseStart: UnsafePointer<UInt32>
    let sparseClass: UnsafePointer<UInt8>
    let sparseTarget: UnsafePointer<UInt32>
    let fail: UnsafePointer<UInt32>
    let classOf: UnsafePointer<UInt8>
    let outputStart: UnsafePointer<UInt32>
    let outputs: UnsafePointer<UInt32>
  }

  /// Gives the tables to `body` as raw pointers.
  @inline(__always)
  func withTables<R>(_ body: (Tables) -> R) -> R {
    dense.withUnsafeBufferPointer { dense in
      sparseStart.withUnsafeBufferPointer { sparseStart in
        sparseClass.withUnsafeBufferPointer { sparseClass in
          sparseTarget.withUnsafeBufferPointer { sparseTarget in
            fail.withUnsafeBufferPointer { fail in
              classOf.withUnsafeBufferPointer { classOf in
                outputStart.withUnsafeBufferPointer { outputStart in
                  outputs.withUnsafeBufferPointer { outputs in
                    // Empty arrays may have no base address; give them a valid dummy.
                    let empty = UnsafePointer<UInt32>(bitPattern: 0x8) ?? outputStart.baseAddress!
                    return body(
                      Tables(
                        dense: dense.baseAddress!, denseCount: UInt32(denseCount), classCount: classCount,
                        sparseStart: sparseStart.baseAddress!,
                        sparseClass: sparseClass.baseAddress ?? UnsafePointer(bitPattern: 0x8)!,
                        sparseTarget: sparseTarget.baseAddress ?? empty, fail: fail.baseAddress!,
                        classOf: classOf.baseAddress!, outputStart: outputStart.baseAddress!,
                        outputs: outputs.baseAddress ?? empty))
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// The inner loop: advances from `state` over `text[index...]` until a state with outputs is
  /// entered (returns the index just past that byte and the state, flag included) or the text
  /// ends. Kept small so its state stays in registers.
  @inline(never)
  static func advance(
    _ tables: Tables, text: UnsafePointer<UInt8>, count: Int, from start: Int, state: UInt32
  ) -> (index: Int, state: UInt32) {
    var state = state
    var index = start
    while index < count {
      let cls = tables.classOf[Int(text[index])]
      index &+= 1
      var target: UInt32
      var current = state
      while true {
        if current < tables.denseCount {
          target = tables.dense[Int(current) &* tables.classCount &+ Int(cls)]
          break
        }
        let slot = Int(current &- tables.denseCount)
        let low = Int(tables.sparseStart[slot])
        let high = Int(tables.sparseStart[slot &+ 1])
        var found: UInt32 = UInt32.max
        var k = low
        while k < high {
          if tables.sparseClass[k] == cls {
            found = tables.sparseTarget[k]
            break
          }
          k &+= 1
        }
        if found != UInt32.max {
          target = found
          break
        }
        current = tables.fail[Int(current)]
      }
      state = target & ~outputFlag
      if target & outputFlag != 0 { return (index, target) }
    }
    return (index, state)
  }

  /// Calls `onMatch(patternID, end)` for every occurrence, where `end` is the index just past
  /// the match, in text order.
  func scan(_ text: UnsafeBufferPointer<UInt8>, onMatch: (Int, Int) -> Void) {
    guard let base = text.baseAddress else { return }
    withTables { tables in
      var index = 0
      var state: UInt32 = 0
      while index < text.count {
        let step = AhoCorasick.advance(tables, text: base, count: text.count, from: index, state: state)
        index = step.index
        state = step.state & ~AhoCorasick.outputFlag
        guard step.state & AhoCorasick.outputFlag != 0 else { break }
        for slot in Int(tables.outputStart[Int(state)])..<Int(tables.outputStart[Int(state) + 1]) {
          onMatch(Int(tables.outputs[slot]), index)
        }
      }
    }
  }
}
