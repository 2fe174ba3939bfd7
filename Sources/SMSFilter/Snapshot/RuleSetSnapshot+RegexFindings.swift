// How the rule set's regex findings (``RegexFindings``) are written in a snapshot: the weak-gate
// length they were worked out with, then each regex's key and findings, in key order.

extension SnapshotWriter {
  /// Writes the findings of every regex of `conditions`, worked out here.
  mutating func writeRegexFindings(of conditions: [Condition], weakGateLength: Int) {
    write(weakGateLength)
    var found: [(key: String, findings: RegexFindings)] = []
    for (source, body) in RegexAnalysis.sources(of: conditions) {
      found.append(
        (RegexAnalysis.key(source, body: body), RegexFindings(source, body: body, weakGateLength: weakGateLength)))
    }
    found.sort { $0.key < $1.key }
    write(UInt64(found.count))
    for (key, findings) in found {
      write(key)
      write(findings)
    }
  }

  mutating func write(_ findings: RegexFindings) {
    write(findings.prepared)
    write(findings.compiledSource)
    write(findings.gate != nil)
    if let gate = findings.gate {
      write(UInt64(gate.count))
      for branch in gate {
        write(UInt64(branch.count))
        for clause in branch { write(clause.sorted()) }
      }
    }
    write(findings.requiresDigit)
    switch findings.factor {
    case nil: writeTag(0)
    case .some(nil): writeTag(1)
    case .some(.some(let factor)):
      writeTag(2)
      write(factor)
    }
    write(findings.shortcut)
  }

  mutating func write(_ factor: RegexFactors.Factor) {
    write(factor.alternatives)
    writeTag(factor.flags.rawValue)
    write(factor.otherDigits != nil)
    if let otherDigits = factor.otherDigits { write(otherDigits) }
  }

  /// Writes each alternative's runs of byte sets.
  mutating func write(_ alternatives: [[[RegexFactors.ByteSet]]]) {
    write(UInt64(alternatives.count))
    for runs in alternatives {
      write(UInt64(runs.count))
      for run in runs {
        write(UInt64(run.count))
        for set in run { write(set) }
      }
    }
  }

  mutating func write(_ set: RegexFactors.ByteSet) {
    for word in set.words { writeFixed(word) }
  }

  mutating func write(_ shortcut: RegexShortcut?) {
    switch shortcut {
    case nil: writeTag(0)
    case .digitFree(let lengths):
      writeTag(1)
      write(lengths)
    case .pictographic: writeTag(2)
    case .digitRun(let gaps):
      writeTag(3)
      write(gaps)
    case .amount(let literals):
      writeTag(4)
      write(UInt64(literals.count))
      for literal in literals {
        write(literal.bytes)
        write(literal.boundary)
      }
    case .label(let members, let lengths):
      writeTag(5)
      write(members.ascii)
      write(UInt64(members.others.count))
      for scalar in members.others.sorted() { write(UInt64(scalar)) }
      write(lengths)
    case .dimension: writeTag(6)
    case .quantity(let units):
      writeTag(7)
      write(UInt64(units.count))
      for unit in units { write(unit) }
    }
  }
}

extension SnapshotReader {
  /// Reads the regex findings section: the weak-gate length they were worked out with, and the
  /// findings by ``RegexAnalysis/key(_:body:)``.
  mutating func readRegexFindings() throws(RuleSetSnapshot.Failure) -> (weakGateLength: Int, [String: RegexFindings]) {
    let weakGateLength = try readInt()
    var byKey: [String: RegexFindings] = [:]
    for _ in 0..<(try readCount()) {
      let key = try readString()
      byKey[key] = try readFindings()
    }
    return (weakGateLength, byKey)
  }

  mutating func readFindings() throws(RuleSetSnapshot.Failure) -> RegexFindings {
    let prepared = try readString()
    let compiledSource = try readString()
    var gate: [[Set<String>]]?
    if try readBool() {
      var branches: [[Set<String>]] = []
      for _ in 0..<(try readCount()) {
        var clauses: [Set<String>] = []
        for _ in 0..<(try readCount()) { clauses.append(Set(try readStrings())) }
        branches.append(clauses)
      }
      gate = branches
    }
    let requiresDigit = try readBool()
    let factor: RegexFactors.Factor??
    switch try readTag() {
    case 0: factor = nil
    case 1: factor = .some(nil)
    case 2: factor = .some(try readFactor())
    case let tag: throw .corrupt("regex factor tag \(tag)")
    }
    return RegexFindings(
      prepared: prepared, compiledSource: compiledSource, gate: gate, requiresDigit: requiresDigit,
      factor: factor, shortcut: try readShortcut())
  }

  mutating func readFactor() throws(RuleSetSnapshot.Failure) -> RegexFactors.Factor {
    let alternatives = try readAlternatives()
    let flags = RegexFactors.Flags(rawValue: try readTag())
    return RegexFactors.Factor(
      alternatives: alternatives, flags: flags, otherDigits: try readBool() ? try readAlternatives() : nil)
  }

  mutating func readAlternatives() throws(RuleSetSnapshot.Failure) -> [[[RegexFactors.ByteSet]]] {
    var alternatives: [[[RegexFactors.ByteSet]]] = []
    for _ in 0..<(try readCount()) {
      var runs: [[RegexFactors.ByteSet]] = []
      for _ in 0..<(try readCount()) {
        var run: [RegexFactors.ByteSet] = []
        for _ in 0..<(try readCount()) { run.append(try readByteSet()) }
        runs.append(run)
      }
      alternatives.append(runs)
    }
    return alternatives
  }

  mutating func readByteSet() throws(RuleSetSnapshot.Failure) -> RegexFactors.ByteSet {
    RegexFactors.ByteSet(words: [try readFixed(), try readFixed(), try readFixed(), try readFixed()])
  }

  mutating func readShortcut() throws(RuleSetSnapshot.Failure) -> RegexShortcut? {
    switch try readTag() {
    case 0: return nil
    case 1: return .digitFree(lengths: try readRange())
    case 2: return .pictographic
    case 3: return .digitRun(gaps: try readRange())
    case 4:
      var literals: [RegexShortcut.AmountLiteral] = []
      for _ in 0..<(try readCount()) {
        literals.append(RegexShortcut.AmountLiteral(bytes: try readBytes(), boundary: try readBool()))
      }
      return .amount(literals)
    case 5:
      let ascii = try readByteSet()
      var others = Set<UInt32>()
      for _ in 0..<(try readCount()) {
        let value = try readUInt()
        guard value <= 0x10FFFF else { throw .corrupt("scalar value \(value)") }
        others.insert(UInt32(value))
      }
      return .label(RegexShortcut.LabelClass(ascii: ascii, others: others), lengths: try readRange())
    case 6: return .dimension
    case 7:
      var units: [[UInt8]] = []
      for _ in 0..<(try readCount()) { units.append(try readBytes()) }
      return .quantity(units)
    case let tag: throw .corrupt("regex shortcut tag \(tag)")
    }
  }
}
