/// The condition graph of ``CompiledRules`` in the compact form the compiled path walks: one
/// 12-byte instruction per node (the graph's ``CompiledRules/Node`` is 32 bytes, and loading it
/// missed the cache), the keyword and composite nodes answered here from the literal stamps and
/// the guard memo, and every other node handed to ``CompiledRules/evaluate(_:_:_:)`` in compiled
/// mode. So the answer of ``holds(_:_:)`` is by construction that of
/// `evaluate(node, state, .compiled)`: same children in the same order, same short cuts.
struct ConditionProgram: Sendable {
  /// What a node does.
  enum Operation: UInt8, Sendable {
    /// Any of the literals `operands[start..<end]` was found (on word boundaries when bounded).
    case anyKeyword, anyBoundedKeyword
    /// All of them were.
    case allKeywords, allBoundedKeywords
    /// The children `operands[start..<end]` (node indices): all, any, none, at least `count`.
    case all, any, none, atLeast
    /// The guard `start`.
    case guardRef
    /// The body has a mixed-script word (`count == 1`) or has none (`count == 0`).
    case mixedScript
    /// Any other condition: evaluated by ``CompiledRules/evaluate(_:_:_:)``.
    case other
  }

  /// One node: its operation, a small count and a range (or an index in `start`).
  struct Instruction: Sendable {
    let operation: Operation
    let count: UInt16
    let start: UInt32
    let end: UInt32
  }

  /// The instructions, by node index.
  private(set) var instructions: [Instruction] = []
  /// Literal ids (keyword nodes) and node indices (composite nodes), as `UInt32`.
  private(set) var operands: [UInt32] = []

  /// The program of a flat condition graph.
  init(nodes: [CompiledRules.Node], children: [Int], literalRefs: [Int]) {
    instructions.reserveCapacity(nodes.count)
    for node in nodes {
      let start = UInt32(operands.count)
      func list(_ operation: Operation, _ items: ArraySlice<Int>, count: Int = 0) -> Instruction {
        operands.append(contentsOf: items.map { UInt32($0) })
        return Instruction(
          operation: operation, count: UInt16(clamping: count), start: start, end: UInt32(operands.count))
      }
      switch node {
      case .keywords(let range, let all, let bounded):
        let operation: Operation =
          all ? (bounded ? .allBoundedKeywords : .allKeywords) : (bounded ? .anyBoundedKeyword : .anyKeyword)
        instructions.append(list(operation, literalRefs[range]))
      case .all(let range): instructions.append(list(.all, children[range]))
      case .any(let range): instructions.append(list(.any, children[range]))
      case .none(let range): instructions.append(list(.none, children[range]))
      case .atLeast(let count, let range) where count <= Int(UInt16.max):
        instructions.append(list(.atLeast, children[range], count: count))
      case .guardRef(let index):
        instructions.append(Instruction(operation: .guardRef, count: 0, start: UInt32(index), end: 0))
      case .mixedScript(let expected):
        instructions.append(Instruction(operation: .mixedScript, count: expected ? 1 : 0, start: 0, end: 0))
      default:
        instructions.append(Instruction(operation: .other, count: 0, start: 0, end: 0))
      }
    }
  }

  /// An empty program.
  init() {}
}

extension CompiledRules {
  /// Whether condition node `node` holds for the message in `state`, on the compiled path:
  /// exactly `evaluate(node, state, .compiled)`, walking the compact ``ConditionProgram``.
  func holds(_ node: Int, _ state: MatchState) -> Bool {
    let instruction = program.instructions[node]
    let start = Int(instruction.start)
    let end = Int(instruction.end)
    switch instruction.operation {
    case .anyKeyword:
      let stamps = state.stamps
      let generation = state.generation
      for slot in start..<end where stamps[Int(program.operands[slot])].isFound(in: generation) { return true }
      return false
    case .anyBoundedKeyword:
      let stamps = state.stamps
      let generation = state.generation
      for slot in start..<end where stamps[Int(program.operands[slot])].isFoundBounded(in: generation) {
        return true
      }
      return false
    case .allKeywords:
      let stamps = state.stamps
      let generation = state.generation
      for slot in start..<end where !stamps[Int(program.operands[slot])].isFound(in: generation) { return false }
      return true
    case .allBoundedKeywords:
      let stamps = state.stamps
      let generation = state.generation
      for slot in start..<end where !stamps[Int(program.operands[slot])].isFoundBounded(in: generation) {
        return false
      }
      return true
    case .all:
      for slot in start..<end where !holds(Int(program.operands[slot]), state) { return false }
      return true
    case .any:
      for slot in start..<end where holds(Int(program.operands[slot]), state) { return true }
      return false
    case .none:
      for slot in start..<end where holds(Int(program.operands[slot]), state) { return false }
      return true
    case .atLeast:
      let count = Int(instruction.count)
      var hits = 0
      for slot in start..<end where holds(Int(program.operands[slot]), state) {
        hits &+= 1
        if hits >= count { return true }
      }
      return hits >= count
    case .guardRef:
      if state.guardStamp[start] == state.generation { return state.guardValue[start] }
      let value = holds(guardRoots[start], state)
      state.guardStamp[start] = state.generation
      state.guardValue[start] = value
      return value
    case .mixedScript:
      return state.text.hasMixedScriptWord == (instruction.count == 1)
    case .other:
      return evaluate(node, state, .compiled)
    }
  }
}
