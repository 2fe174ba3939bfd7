// How the keyword automaton (``PrecomputedAutomaton``) is written in a snapshot: its key, its
// sizes, then its tables as blocks of little-endian words, which the reader copies whole.

extension SnapshotWriter {
  /// Writes a precomputed automaton.
  mutating func write(_ precomputed: PrecomputedAutomaton) {
    let automaton = precomputed.automaton
    writeFixed(precomputed.key)
    write(UInt64(automaton.denseCount))
    write(UInt64(automaton.stateCount))
    write(UInt64(automaton.entryWords))
    write(UInt64(automaton.classCount))
    writeRaw(automaton.classOf)
    writeWords(automaton.dense)
    writeWords(automaton.sparse)
    writeWords(automaton.denseEntryStart)
    writeWords(automaton.denseEntries)
  }
}

extension SnapshotReader {
  /// Reads a precomputed automaton, checking that its tables have the sizes its counts give and
  /// that every byte class is in range. (The snapshot's checksum guards the rest of its content.)
  mutating func readAutomaton() throws(RuleSetSnapshot.Failure) -> PrecomputedAutomaton {
    let key = try readFixed()
    let denseCount = try readCount()
    let stateCount = try readCount()
    let entryWords = try readCount()
    let classCount = try readCount()
    let classOf = try readRaw(256)
    let dense = try readWords()
    let sparse = try readWords()
    let denseEntryStart = try readWords()
    let denseEntries = try readWords()
    guard (1...256).contains(classCount), classOf.allSatisfy({ Int($0) < classCount }), entryWords >= 1,
      denseCount >= 1, stateCount >= denseCount, dense.count == denseCount * classCount,
      denseEntryStart.count == denseCount + 1, Int(denseEntryStart[denseCount]) == denseEntries.count,
      dense.count + sparse.count < Int(AhoCorasick.outputFlag)
    else {
      throw .corrupt("automaton tables of the wrong sizes")
    }
    return PrecomputedAutomaton(
      key: key,
      automaton: AhoCorasick(
        dense: dense, denseCount: denseCount, sparse: sparse, denseEntryStart: denseEntryStart,
        denseEntries: denseEntries, stateCount: stateCount, entryWords: entryWords, classOf: classOf,
        classCount: classCount))
  }
}
