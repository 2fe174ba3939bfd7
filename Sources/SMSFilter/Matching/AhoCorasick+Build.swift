extension AhoCorasick {
  /// Builds the automaton for `patterns` (non-empty byte strings; duplicates allowed, each keeps
  /// its own id, its index), giving dense rows `denseBudgetBytes` of memory (at least the root's).
  ///
  /// - Parameter payloads: empty, or `payloadWords` words per pattern, pattern after pattern (one
  ///   flat array: a million patterns would otherwise make a million small arrays),
  ///   reported with the pattern's id wherever it ends (``Tables/entries(ofRow:)``).
  init(
    patterns: [[UInt8]], payloads: [UInt32] = [], payloadWords: Int = 0,
    denseBudgetBytes: Int = AhoCorasick.denseBudgetBytes
  ) {
    precondition(payloads.count == patterns.count * payloadWords, "payloadWords words per pattern")
    let entryWords = 1 + payloadWords
    // Byte classes: one per distinct byte used, plus class 0 for every unused byte. The most
    // frequent bytes of the patterns get the lowest classes, so the entries a text mostly reads
    // sit together at the start of each dense row.
    var uses = [Int](repeating: 0, count: 256)
    for pattern in patterns { for byte in pattern { uses[Int(byte)] += 1 } }
    var classOf = [UInt8](repeating: 0, count: 256)
    var next = 1
    for byte in (0..<256).filter({ uses[$0] > 0 }).sorted(by: { (uses[$0], $1) > (uses[$1], $0) }) {
      classOf[byte] = UInt8(truncatingIfNeeded: next)
      next += 1
    }
    // All 256 bytes used: class ids would overflow, so use the identity mapping.
    let identity = next > 256
    if identity { for byte in 0..<256 { classOf[byte] = UInt8(byte) } }
    let classCount = identity ? 256 : next

    // 1. The trie, keyed by state * 256 + class.
    var children: [Int: Int32] = [:]
    var stateCount = 1
    // Where each pattern ends (its state); flat, like everything per state below: a million
    // keywords make millions of states, and an array per state would cost hundreds of MB.
    var endState = [Int32](repeating: 0, count: patterns.count)
    for (id, pattern) in patterns.enumerated() {
      var state = 0
      for byte in pattern {
        let key = state << 8 | Int(classOf[Int(byte)])
        if let child = children[key] {
          state = Int(child)
        } else {
          let child = stateCount
          stateCount += 1
          children[key] = Int32(child)
          state = child
        }
      }
      endState[id] = Int32(state)
    }
    // The patterns ending at each state, in id order: `terminalIDs[terminalStart[s]..<terminalStart[s + 1]]`.
    var terminalStart = [Int32](repeating: 0, count: stateCount + 1)
    for state in endState { terminalStart[Int(state) + 1] += 1 }
    for state in 0..<stateCount { terminalStart[state + 1] += terminalStart[state] }
    var terminalIDs = [UInt32](repeating: 0, count: patterns.count)
    var terminalCursor = terminalStart
    for (id, state) in endState.enumerated() {
      terminalIDs[Int(terminalCursor[Int(state)])] = UInt32(id)
      terminalCursor[Int(state)] += 1
    }
    endState = []
    terminalCursor = []
    let childList = TrieChildren(children, stateCount: stateCount)

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
    // Outputs merged along failure links (parents first in BFS order): a state's own patterns,
    // then its failure state's merged list, appended to one flat array.
    var mergedIDs: [UInt32] = []
    var mergedRange = [Range<Int32>](repeating: 0..<0, count: stateCount)
    for old in order {
      let state = Int(old)
      let start = Int32(mergedIDs.count)
      mergedIDs.append(contentsOf: terminalIDs[Int(terminalStart[state])..<Int(terminalStart[state + 1])])
      if state != 0 {
        let failRange = mergedRange[Int(failOld[state])]
        // Element by element: a slice of the array being appended to would force a copy.
        for index in Int(failRange.lowerBound)..<Int(failRange.upperBound) { mergedIDs.append(mergedIDs[index]) }
      }
      mergedRange[state] = start..<Int32(mergedIDs.count)
    }
    terminalIDs = []
    terminalStart = []
    /// The patterns a state reports (its own and its failure chain's).
    func merged(_ state: Int) -> ArraySlice<UInt32> {
      let range = mergedRange[state]
      return mergedIDs[Int(range.lowerBound)..<Int(range.upperBound)]
    }

    // 3. Renumber breadth-first; the first `denseCount` states get dense rows.
    let denseCount = max(1, min(stateCount, denseBudgetBytes / (classCount * 4)))
    let denseRows = denseCount * classCount
    var newID = [Int](repeating: 0, count: stateCount)
    for (position, old) in order.enumerated() { newID[Int(old)] = position }
    // Each sparse state's record offset. Records are laid out depth-first (a trie pre-order),
    // not breadth-first: a text that follows a keyword walks from a state to its child, and in
    // pre-order a state's first child comes right after it, so the walk along a word reads
    // consecutive memory instead of one far place per byte.
    var recordOffset = [Int](repeating: 0, count: stateCount - denseCount)
    var sparseWords = 0
    var stack: [Int32] = [0]
    while let old = stack.popLast() {
      let position = newID[Int(old)]
      if position >= denseCount {
        recordOffset[position - denseCount] = sparseWords
        sparseWords += SparseRecord.words(
          children: childList[Int(old)].count, entryWords: merged(Int(old)).count * entryWords)
      }
      for (_, child) in childList[Int(old)].reversed() { stack.append(child) }
    }
    precondition(denseRows + sparseWords < Int(AhoCorasick.outputFlag), "automaton too large")
    func row(_ position: Int) -> UInt32 {
      UInt32(position < denseCount ? position * classCount : denseRows + recordOffset[position - denseCount])
    }
    func flagged(_ old: Int) -> UInt32 {
      row(newID[old]) | (merged(old).isEmpty ? 0 : AhoCorasick.outputFlag)
    }
    func appendEntries(of old: Int, to words: inout [UInt32]) {
      for id in merged(old) {
        words.append(id)
        let first = Int(id) * payloadWords
        for word in first..<(first + payloadWords) { words.append(payloads[word]) }
      }
    }
    var fail = [Int](repeating: 0, count: stateCount)
    for (position, old) in order.enumerated() { fail[position] = newID[Int(failOld[Int(old)])] }
    var denseEntryStart: [UInt32] = [0]
    var denseEntries: [UInt32] = []
    for position in 0..<denseCount {
      appendEntries(of: Int(order[position]), to: &denseEntries)
      denseEntryStart.append(UInt32(denseEntries.count))
    }

    // 4. Dense rows for the first states: δ(s, c) = child, else δ(fail(s), c) (a shallower,
    //    already complete row), else the root's.
    var dense = [UInt32](repeating: 0, count: denseRows)
    for position in 0..<denseCount {
      let old = Int(order[position])
      let rowStart = position * classCount
      if position != 0 {
        let failRow = fail[position] * classCount
        for c in 0..<classCount { dense[rowStart + c] = dense[failRow + c] }
      }
      for (cls, child) in childList[old] { dense[rowStart + Int(cls)] = flagged(Int(child)) }
    }
    // 5. Sparse records for the rest.
    var sparse = [UInt32](repeating: 0, count: sparseWords)
    var entryWordsOfRecord: [UInt32] = []
    for position in denseCount..<stateCount {
      let old = Int(order[position])
      let children = childList[old]
      let base = recordOffset[position - denseCount]
      sparse[base + SparseRecord.fail] = row(fail[position])
      precondition(merged(old).count <= SparseRecord.maxEntries, "a state reports too many patterns")
      sparse[base + SparseRecord.counts] = UInt32(children.count) | UInt32(merged(old).count) << SparseRecord.entryShift
      let targets = base + SparseRecord.classes + SparseRecord.classWords(children: children.count)
      for (k, (cls, child)) in children.enumerated() {
        sparse[base + SparseRecord.classes + k / 4] |= UInt32(cls) << UInt32(8 * (k % 4))
        sparse[targets + k] = flagged(Int(child))
      }
      entryWordsOfRecord.removeAll(keepingCapacity: true)
      appendEntries(of: old, to: &entryWordsOfRecord)
      for (k, word) in entryWordsOfRecord.enumerated() { sparse[targets + children.count + k] = word }
    }
    self.init(
      dense: dense, denseCount: denseCount, sparse: sparse, denseEntryStart: denseEntryStart,
      denseEntries: denseEntries, stateCount: stateCount, entryWords: entryWords, classOf: classOf,
      classCount: classCount)
  }
}
