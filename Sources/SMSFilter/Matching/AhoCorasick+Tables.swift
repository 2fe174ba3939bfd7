extension AhoCorasick {
  /// An automaton from its tables: the ones the build just made, or a snapshot's, as they were.
  init(
    dense: [UInt32], denseCount: Int, sparse: [UInt32], denseEntryStart: [UInt32], denseEntries: [UInt32],
    stateCount: Int, entryWords: Int, classOf: [UInt8], classCount: Int
  ) {
    self.dense = dense
    self.denseCount = denseCount
    self.denseRows = denseCount * classCount
    self.sparse = sparse
    self.denseEntryStart = denseEntryStart
    self.denseEntries = denseEntries
    self.stateCount = stateCount
    self.entryWords = entryWords
    self.classOf = classOf
    self.classCount = classCount
    (rowShift, rowInverse) = AhoCorasick.exactDivision(by: classCount)
  }
}
