/// The keyword lists the compiled matcher asks "is any of these in the message?" — a keyword
/// condition's list (`keywords:` with any, on word boundaries or anywhere) and each clause of a
/// regex's literal gate — numbered as *groups* whose answer the automaton pass records as it
/// stamps literals, so evaluating the condition is one load instead of a walk over its list.
///
/// Why: a message evaluates some 20 such lists and 18 regex gates, most of them to the end
/// (nothing found), and the lists run to hundreds of keywords (the conversational guard's); the
/// pass itself finds a message's distinct literals, a dozen or two, once each. So the work moves
/// from every literal of every list asked about to every list of each literal found.
///
/// The guarantee: group `g`'s stamp equals the message's generation exactly when one of its
/// literals was found (on word boundaries, for a bounded group). It holds because every literal
/// of a group is one the pass stamps (``LiteralEntry/needsStamp``), and the pass marks the groups
/// of a literal where it stamps the literal: at its first occurrence, and at its first bounded
/// one. Short lists, and lists with a literal the pass does not stamp, get no group and are
/// walked as before.
struct LiteralGroups: Sendable {
  /// What each literal's stamps answer, in one table the pass reads through one pointer:
  /// `table[l]` is the offset of literal `l`'s record, or -1 when it answers no group; a record
  /// is the number of groups its first occurrence answers, the number its first occurrence on
  /// word boundaries answers, then those groups' numbers in that order.
  let table: [Int32]
  /// Each node's group, when it is a keyword condition of the "any" kind with one; else -1.
  let nodeGroup: [Int32]
  /// Each regex gate clause's group (`gateClauses` order); else -1.
  let clauseGroup: [Int32]
  /// The group of every brand keyword on word boundaries (``BrandTable/brandKeywords``), or -1:
  /// a message that names no brand skips the walk over the brands.
  let brandGroup: Int32
  /// The number of groups.
  let count: Int

  /// The fewest literals a list needs to get a group: a shorter one costs as little to walk
  /// when asked as to mark when found, and most are never asked about in a given message.
  static let minimumSize = 4

  /// No groups (a rule set being built).
  static let empty = LiteralGroups(table: [], nodeGroup: [], clauseGroup: [], brandGroup: -1, count: 0)

  private init(table: [Int32], nodeGroup: [Int32], clauseGroup: [Int32], brandGroup: Int32, count: Int) {
    self.table = table
    self.nodeGroup = nodeGroup
    self.clauseGroup = clauseGroup
    self.brandGroup = brandGroup
    self.count = count
  }

  /// The groups of a compiled rule set: its keyword nodes, its gate clauses and its brand
  /// keywords (on word boundaries). `stamped(l)` says whether the automaton pass stamps literal
  /// `l`. Identical lists share a group.
  init(
    nodes: [CompiledRules.Node], literalRefs: [Int], gateClauses: [Range<Int>], gateLiterals: [Int],
    brandLiterals: [Int], literalCount: Int, stamped: (Int) -> Bool
  ) {
    var groupOf: [GroupKey: Int32] = [:]
    var members: [(literals: [Int], bounded: Bool)] = []
    func group(_ literals: [Int], bounded: Bool) -> Int32 {
      guard literals.count >= Self.minimumSize, literals.allSatisfy(stamped) else { return -1 }
      let key = GroupKey(literals: literals.sorted(), bounded: bounded)
      if let known = groupOf[key] { return known }
      let id = Int32(members.count)
      groupOf[key] = id
      members.append((key.literals, bounded))
      return id
    }
    var nodeGroup = [Int32](repeating: -1, count: nodes.count)
    for (index, node) in nodes.enumerated() {
      if case .keywords(let range, let all, let bounded) = node, !all {
        nodeGroup[index] = group(range.map { literalRefs[$0] }, bounded: bounded)
      }
    }
    let clauseGroup = gateClauses.map { clause in group(clause.map { gateLiterals[$0] }, bounded: false) }
    let brandGroup = group(Array(Set(brandLiterals)), bounded: true)
    // Each literal's groups, by the stamp that answers them.
    var anyLists = [[Int32]](repeating: [], count: literalCount)
    var boundedLists = [[Int32]](repeating: [], count: literalCount)
    for (id, group) in members.enumerated() {
      for literal in Set(group.literals) {
        if group.bounded {
          boundedLists[literal].append(Int32(id))
        } else {
          anyLists[literal].append(Int32(id))
        }
      }
    }
    var table = [Int32](repeating: -1, count: literalCount)
    for literal in 0..<literalCount where !anyLists[literal].isEmpty || !boundedLists[literal].isEmpty {
      table[literal] = Int32(table.count)
      table += [Int32(anyLists[literal].count), Int32(boundedLists[literal].count)]
      table += anyLists[literal] + boundedLists[literal]
    }
    self.init(
      table: table, nodeGroup: nodeGroup, clauseGroup: clauseGroup, brandGroup: brandGroup, count: members.count)
  }

  /// Stamps the groups that the record at `offset` of `table` lists for a literal's first
  /// occurrence (`bounded` false) or its first on word boundaries (true). Out of line: the pass
  /// calls it for a few literals a message, and its loop kept inline costs the pass's own loop
  /// registers.
  @inline(never)
  static func mark(
    _ table: UnsafePointer<Int32>, _ offset: Int32, bounded: Bool, _ stamps: UnsafeMutableBufferPointer<UInt32>,
    _ generation: UInt32
  ) {
    let record = table + Int(offset)
    let anyCount = Int(record[0])
    let first = 2 &+ (bounded ? anyCount : 0)
    let end = first &+ Int(bounded ? record[1] : record[0])
    var slot = first
    while slot < end {
      stamps[Int(record[slot])] = generation
      slot &+= 1
    }
  }

  /// A list's identity: its literals, sorted, and whether it needs word boundaries.
  private struct GroupKey: Hashable {
    let literals: [Int]
    let bounded: Bool
  }
}
