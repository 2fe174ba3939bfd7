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
/// States are named in the tables by their *row*: a dense state's row is its number times the
/// number of classes (the offset of its row in ``dense``, so a step needs no multiplication);
/// a sparse state's row is ``denseRows`` plus the offset of its record in ``sparse``, so
/// `row < denseRows` tells which kind a state is. A transition target carries ``outputFlag``
/// (the sign bit) when the target state ends at least one pattern, so a step between states
/// without output is one table load and one sign test.
///
/// What a state reports is stored with it as *entries*: the pattern's id followed by the
/// caller's fixed-size payload for that pattern (for the matcher: the literal's trigger list,
/// length and boundary needs). A sparse state keeps its entries at the end of its own record,
/// which the next step reads anyway; a dense state's entries are in ``denseEntries``.
/// So reporting a match reads no table indexed by pattern.
struct AhoCorasick: Sendable {
  /// The memory given to full DFA rows.
  static let denseBudgetBytes = 1 << 20
  static let outputFlag: UInt32 = 0x8000_0000

  /// `dense[row + class]` for a dense state's row: the next state's row | flag.
  let dense: [UInt32]
  let denseCount: Int
  /// `denseCount * classCount`: rows below are dense, rows from here on sparse.
  let denseRows: Int
  /// The sparse states' records, back to back, in depth-first order (see ``SparseRecord``):
  /// failure link (a row; dense rows are complete and need none), numbers of children and of
  /// entries, the children's classes (four bytes a word), their targets (rows | flag), and
  /// the state's entries. A sparse state's row is `denseRows` plus the offset of its record.
  let sparse: [UInt32]
  /// The entries of dense state `s` are `denseEntries[denseEntryStart[s]..<denseEntryStart[s + 1]]`.
  let denseEntryStart: [UInt32]
  let denseEntries: [UInt32]
  /// The number of states.
  let stateCount: Int
  /// Words per entry: the pattern id, then the payload.
  let entryWords: Int
  /// Each byte's equivalence class.
  let classOf: [UInt8]
  let classCount: Int
  /// See ``Tables/rowShift``.
  let rowShift: UInt32
  let rowInverse: UInt32

  /// The approximate memory used by the tables, in bytes.
  var memoryBytes: Int {
    dense.count * 4 + sparse.count * 4 + denseEntries.count * 4 + denseEntryStart.count * 4 + 256
  }

  /// `(k, inverse)` with `divisor == odd << k` and `odd * inverse ≡ 1 (mod 2³²)`.
  static func exactDivision(by divisor: Int) -> (shift: UInt32, inverse: UInt32) {
    let shift = UInt32(divisor.trailingZeroBitCount)
    let odd = UInt32(divisor >> Int(shift))
    var inverse = odd  // correct to 3 bits; each Newton step doubles the correct bits
    for _ in 0..<4 { inverse = inverse &* (2 &- odd &* inverse) }
    return (shift, inverse)
  }

  /// The tables as raw pointers, for the inner loop (valid during `body`).
  struct Tables {
    let dense: UnsafePointer<UInt32>
    let denseRows: UInt32
    let sparse: UnsafePointer<UInt32>
    let classOf: UnsafePointer<UInt8>
    let denseEntryStart: UnsafePointer<UInt32>
    let denseEntries: UnsafePointer<UInt32>
    /// Words per entry.
    let entryWords: Int
    /// A dense row divided by the class count, without a division: `classCount` is
    /// `odd << rowShift`, and a row is an exact multiple of it, so the state is
    /// `(row >> rowShift) * odd⁻¹` modulo 2³² (``rowInverse``, the inverse of the odd part).
    let rowShift: UInt32
    let rowInverse: UInt32

    /// The entries (pattern id, then payload, ``entryWords`` words each) of the state with
    /// `row` (flag cleared), back to back.
    @inline(__always)
    func entries(ofRow row: UInt32) -> UnsafeBufferPointer<UInt32> {
      if row < denseRows {
        let state = Int((row &>> rowShift) &* rowInverse)
        let start = Int(denseEntryStart[state])
        return UnsafeBufferPointer(start: denseEntries + start, count: Int(denseEntryStart[state &+ 1]) &- start)
      }
      let record = sparse + Int(row &- denseRows)
      let counts = record[SparseRecord.counts]
      let children = Int(counts & SparseRecord.childMask)
      return UnsafeBufferPointer(
        start: record + (SparseRecord.classes &+ SparseRecord.classWords(children: children) &+ children),
        count: Int(counts &>> SparseRecord.entryShift) &* entryWords)
    }
  }

  /// Gives the tables to `body` as raw pointers.
  @inline(__always)
  func withTables<R>(_ body: (Tables) -> R) -> R {
    dense.withUnsafeBufferPointer { dense in
      sparse.withUnsafeBufferPointer { sparse in
        classOf.withUnsafeBufferPointer { classOf in
          denseEntryStart.withUnsafeBufferPointer { denseEntryStart in
            denseEntries.withUnsafeBufferPointer { denseEntries in
              // Empty arrays may have no base address; give them a valid dummy.
              let empty = denseEntryStart.baseAddress!
              return body(
                Tables(
                  dense: dense.baseAddress!, denseRows: UInt32(denseRows), sparse: sparse.baseAddress ?? empty,
                  classOf: classOf.baseAddress!, denseEntryStart: denseEntryStart.baseAddress!,
                  denseEntries: denseEntries.baseAddress ?? empty, entryWords: entryWords,
                  rowShift: rowShift, rowInverse: rowInverse))
            }
          }
        }
      }
    }
  }

  /// The inner loop: advances from the state with row `state` over `text[index...]` until a
  /// state with outputs is entered (returns the index just past that byte and the state's row,
  /// flag included) or the text ends. Kept small so its state stays in registers: a step
  /// from a dense state is one class load, the dense-or-sparse comparison, one table load and
  /// one sign test.
  @inline(never)
  static func advance(
    _ tables: Tables, text: UnsafePointer<UInt8>, count: Int, from start: Int, state: UInt32
  ) -> (index: Int, state: UInt32) {
    let dense = tables.dense
    let classOf = tables.classOf
    let denseRows = tables.denseRows
    var row = state
    var index = start
    while index < count {
      let cls = classOf[Int(text[index])]
      index &+= 1
      if row < denseRows {
        let target = dense[Int(row) &+ Int(cls)]
        // The flag is the sign bit.
        if Int32(bitPattern: target) < 0 { return (index, target) }
        row = target
      } else {
        let target = sparseStep(tables, row: row, cls: cls)
        if Int32(bitPattern: target) < 0 { return (index, target) }
        row = target
      }
    }
    return (index, row)
  }

  /// A step from a sparse state: its children, else along failure links until a child or a
  /// dense row (which is complete) answers.
  @inline(__always)
  static func sparseStep(_ tables: Tables, row: UInt32, cls: UInt8) -> UInt32 {
    var current = row
    while current >= tables.denseRows {
      let record = tables.sparse + Int(current &- tables.denseRows)
      let children = Int(record[SparseRecord.counts] & SparseRecord.childMask)
      let classes = UnsafeRawPointer(record + SparseRecord.classes)
      var k = 0
      while k < children {
        if classes.load(fromByteOffset: k, as: UInt8.self) == cls {
          return record[SparseRecord.classes &+ SparseRecord.classWords(children: children) &+ k]
        }
        k &+= 1
      }
      current = record[SparseRecord.fail]
    }
    return tables.dense[Int(current) &+ Int(cls)]
  }

  /// The pass over a text: calls `body` with the row of each state with outputs that the text
  /// enters (flag cleared) and the index just past the byte that entered it, in text order.
  /// `body` may update `accumulator` (passed `inout`, so the hot loop captures no mutable
  /// variable, which would cost a dynamic exclusivity check on every access).
  @inline(__always)
  static func forEachOutputState<Accumulator>(
    _ tables: Tables, text: UnsafePointer<UInt8>, count: Int, into accumulator: inout Accumulator,
    _ body: (_ accumulator: inout Accumulator, _ row: UInt32, _ end: Int) -> Void
  ) {
    var index = 0
    var row: UInt32 = 0
    while index < count {
      let step = advance(tables, text: text, count: count, from: index, state: row)
      index = step.index
      row = step.state & ~outputFlag
      guard step.state & outputFlag != 0 else { return }
      body(&accumulator, row, index)
    }
  }

  /// Calls `onMatch(patternID, end)` for every occurrence, where `end` is the index just past
  /// the match, in text order.
  func scan(_ text: UnsafeBufferPointer<UInt8>, onMatch: (Int, Int) -> Void) {
    guard let base = text.baseAddress else { return }
    withTables { tables in
      var none: Void = ()
      AhoCorasick.forEachOutputState(tables, text: base, count: text.count, into: &none) { _, row, end in
        let entries = tables.entries(ofRow: row)
        for entry in stride(from: 0, to: entries.count, by: tables.entryWords) { onMatch(Int(entries[entry]), end) }
      }
    }
  }

  /// The payload stored for every occurrence `scan` reports, by pattern id, as the tables hold
  /// it (for tests).
  func payloads(_ text: UnsafeBufferPointer<UInt8>) -> [[UInt32]] {
    guard let base = text.baseAddress else { return [] }
    var found: [[UInt32]] = []
    withTables { tables in
      AhoCorasick.forEachOutputState(tables, text: base, count: text.count, into: &found) { found, row, _ in
        let entries = tables.entries(ofRow: row)
        for entry in stride(from: 0, to: entries.count, by: tables.entryWords) {
          found.append(Array(entries[entry..<(entry + tables.entryWords)]))
        }
      }
    }
    return found
  }
}
