import Testing

@testable import SMSFilter

/// The keyword lists and gate clauses the automaton pass answers (``LiteralGroups``): after the
/// pass, a group's stamp says exactly what walking its list's literal stamps says.
@Suite struct LiteralGroupsTests {
  @Test func groupStampsAgreeWithTheirListsOnTheCorpus() throws {
    let classifier = try Classifier.builtIn()
    let matcher = classifier.makeMatcher()
    let state = matcher.state
    let compiled = classifier.compiled
    let groups = compiled.literalGroups
    #expect(groups.count > 100)
    let brandGroup = groups.brandGroup
    try #require(brandGroup >= 0)
    var checked = 0
    var found = 0
    var brandsNamed = 0
    for message in try PackagePaths.corpusMessages() {
      _ = MessageQuery(sender: message.sender, messageBody: message.body).withInput {
        matcher.firstMatch($0, budget: .unlimited)
      }
      let generation = state.generation
      func stamped(_ group: Int32) -> Bool { state.groupStamp[Int(group)] == generation }
      for (index, node) in compiled.nodes.enumerated() {
        guard case .keywords(let range, false, let bounded) = node else { continue }
        let group = groups.nodeGroup[index]
        guard group >= 0 else { continue }
        let walked = range.contains { slot in
          let stamp = state.stamps[compiled.literalRefs[slot]]
          return bounded ? stamp.isFoundBounded(in: generation) : stamp.isFound(in: generation)
        }
        checked += 1
        if walked { found += 1 }
        if stamped(group) != walked { Issue.record("keyword node \(index) on \(message.body)") }
      }
      for (clause, group) in groups.clauseGroup.enumerated() where group >= 0 {
        let walked = compiled.gateClauses[clause].contains { slot in
          state.stamps[compiled.gateLiterals[slot]].isFound(in: generation)
        }
        checked += 1
        if stamped(group) != walked { Issue.record("gate clause \(clause) on \(message.body)") }
      }
      // The brand keywords' group: some brand named on word boundaries; and the brands named,
      // which the group lets skip the walk, are the plain search's.
      let named = compiled.brandTable.brandKeywords.contains { state.stamps[$0.literal].isFoundBounded(in: generation) }
      if stamped(brandGroup) != named { Issue.record("brand group on \(message.body)") }
      if named { brandsNamed += 1 }
      if compiled.namedBrands(state, .compiled) != compiled.namedBrands(state, .naive) {
        Issue.record("named brands on \(message.body)")
      }
    }
    #expect(brandsNamed > 100)
    #expect(checked > 100_000)
    #expect(found > 1000)
  }
}
