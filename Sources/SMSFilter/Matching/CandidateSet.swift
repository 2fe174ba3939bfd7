/// The rules a message made candidates, as a two-level bitmap over decision-order indices: adding
/// a rule is two bit-sets, duplicates cost nothing, and the rules come out in decision order with
/// no sort. The summary level marks the words of the rule level that are not zero, so iterating
/// and clearing touch only those words; for 10,000 rules the summary is three words.
///
/// Owned by one ``MatchState`` (one thread at a time); its buffers are allocated once.
struct CandidateSet {
  /// Bit `r % 64` of word `r / 64`: rule `r` is a candidate.
  private let rules: UnsafeMutableBufferPointer<UInt64>
  /// Bit `w % 64` of word `w / 64`: word `w` of `rules` is not zero.
  private let summary: UnsafeMutableBufferPointer<UInt64>

  /// A set for rule indices `0 ..< ruleCount`, empty.
  init(ruleCount: Int) {
    let words = max(1, (ruleCount + 63) / 64)
    rules = .allocate(capacity: words)
    rules.initialize(repeating: 0)
    summary = .allocate(capacity: max(1, (words + 63) / 64))
    summary.initialize(repeating: 0)
  }

  /// Frees the buffers; the set must not be used afterwards.
  func deallocate() {
    rules.deallocate()
    summary.deallocate()
  }

  /// Adds rule `rule`.
  @inline(__always)
  func insert(_ rule: Int) {
    let word = rule &>> 6
    rules[word] |= 1 &<< UInt64(rule & 63)
    summary[word &>> 6] |= 1 &<< UInt64(word & 63)
  }

  /// Adds every rule of `list`.
  @inline(__always)
  func insert(contentsOf list: UnsafeBufferPointer<Int32>) {
    for rule in list { insert(Int(rule)) }
  }

  /// Calls `body` with each rule in increasing order until it returns `true`, and clears the
  /// set either way, ready for the next message.
  @inline(__always)
  func removeAll(visitingUntil body: (Int) -> Bool) {
    var stopped = false
    for summaryIndex in summary.indices {
      var marked = summary[summaryIndex]
      guard marked != 0 else { continue }
      summary[summaryIndex] = 0
      while marked != 0 {
        let word = summaryIndex &<< 6 | marked.trailingZeroBitCount
        marked &= marked &- 1
        var bits = rules[word]
        rules[word] = 0
        while !stopped && bits != 0 {
          let rule = word &<< 6 | bits.trailingZeroBitCount
          bits &= bits &- 1
          stopped = body(rule)
        }
      }
    }
  }
}
