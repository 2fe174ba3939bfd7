import SMSFilterEntities

// `link:`, `phone:` and `amount:` conditions: the message's entities, found once on first use
// (``MessageEntities``), tested here. Compiled and plain evaluation read the same entities; only
// `offBrand`'s brand names are found differently (the automaton's stamps, or a direct search).
extension CompiledRules {
  /// The `link:` condition `linkConditions[index]` (out of line: see ``evaluate(_:_:_:)``).
  @inline(never)
  func evaluateLink(_ index: Int, _ state: MatchState, _ mode: EvaluationMode) -> Bool {
    let links = state.links()
    // Most messages hold no link: nothing more is computed for them (not even a copy of the
    // condition, whose references would each be retained and released).
    guard !links.isEmpty else { return false }
    let condition = linkConditions[index]
    guard links.count >= condition.count else { return false }
    let brands =
      condition.offBrand != nil || condition.lookalike != nil ? brandsOfMessage(state, mode) : (senders: [], named: [])
    var passing = 0
    for link in links {
      guard passes(link, condition, namedBrands: brands.named, senderBrands: brands.senders, state) else { continue }
      passing += 1
      if mode == .explain { record(.link, pattern: condition.summary, range: link.range, state) }
      if passing >= condition.count && mode != .explain { return true }
    }
    return passing >= condition.count
  }

  /// Whether one link passes every test of `condition`.
  func passes(
    _ link: Link, _ condition: LinkCondition, namedBrands: [Int], senderBrands: [Int], _ state: MatchState
  ) -> Bool {
    if let domains = condition.domains,
      !domains.contains(where: { link.isWithin($0) || link.registrableDomain == $0 })
    {
      return false
    }
    if let suffixes = condition.topLevelDomains,
      !suffixes.contains(where: { $0 == link.topLevelDomain || $0 == link.publicSuffix })
    {
      return false
    }
    if let expected = condition.ipAddress, link.isIPAddress != expected { return false }
    if let expected = condition.obfuscated, link.isObfuscated != expected { return false }
    if let expected = condition.userInfo, link.hasUserInfo != expected { return false }
    if let expected = condition.punycode, link.isInternationalized != expected { return false }
    if let expected = condition.shortener, brandTable.isShortener(link) != expected { return false }
    if let expected = condition.mixedScript,
      (link.isInternationalized && HostNames.isMixedScript(link.unicodeHost)) != expected
    {
      return false
    }
    if let expected = condition.offBrand {
      let off = namedBrands.contains { !brandTable.isOwn(link, by: $0) }
      if off != expected { return false }
    }
    if let expected = condition.lookalike,
      (state.entities.lookalikeBrand(of: link, in: brandTable, sentBy: senderBrands) != nil) != expected
    {
      return false
    }
    return true
  }

  /// The brands the message comes from (its sender) and the other brands it names, worked out
  /// once per message (on its first link test) and remembered.
  func brandsOfMessage(_ state: MatchState, _ mode: EvaluationMode) -> (senders: [Int], named: [Int]) {
    if let known = state.entities.brands(generation: state.generation) { return known }
    let senders = senderBrands(state)
    let named = namedBrands(state, mode).filter { !senders.contains($0) }
    state.entities.remember(brands: (senders, named), generation: state.generation)
    return (senders, named)
  }

  /// The brands whose own sender ID (or name) the message comes from: an alphanumeric ID or a
  /// DLT header's entity (`AX-HDFCBK` → `HDFCBK`). Their links to their other domains are not
  /// imitations. (An alphanumeric ID can be spoofed where no registry such as India's DLT
  /// exists; the look-alike and off-brand tests trust it, the other conditions do not.)
  func senderBrands(_ state: MatchState) -> [Int] {
    state.prepareSender()
    guard state.senderKind == .alphanumeric || state.senderKind == .dlt, let sender = state.sender,
      !brandTable.brandsBySender.isEmpty
    else { return [] }
    return state.entities.senderBrands(of: sender) { sender in
      let entity = (try? SenderID(sender))?.normalized ?? sender
      return brandTable.brandsBySender[BrandTable.senderKey(entity)] ?? []
    }
  }

  /// The brands the body names (any keyword on word boundaries), in brand order.
  func namedBrands(_ state: MatchState, _ mode: EvaluationMode) -> [Int] {
    var named: [Int] = []
    let generation = state.generation
    // No brand keyword on word boundaries in the message (the automaton pass marked the group
    // of them all): no brand is named.
    let group = literalGroups.brandGroup
    if mode == .compiled, group >= 0, state.groupStamp[Int(group)] != generation { return named }
    let stamps = state.stamps
    brandTable.brandKeywords.withUnsafeBufferPointer { entries in
      // A brand's keywords are consecutive: once one is found, the rest of them are skipped.
      for entry in entries where named.last != entry.brand {
        let found =
          mode == .compiled
          ? stamps[entry.literal].isFoundBounded(in: generation) : find(entry.literal, bounded: true, in: state) != nil
        if found { named.append(entry.brand) }
      }
    }
    return named
  }

  /// The `phone:` condition `phoneConditions[index]` (out of line: see ``evaluate(_:_:_:)``).
  @inline(never)
  func evaluatePhone(_ index: Int, _ state: MatchState, _ mode: EvaluationMode) -> Bool {
    let condition = phoneConditions[index]
    let phones = state.phones()
    let kinds = condition.kindSet
    var matched = false
    for phone in phones where kinds.isEmpty || !phone.kind.isDisjoint(with: kinds) {
      matched = true
      if mode != .explain { return true }
      record(.phone, pattern: condition.summary, range: phone.range, state)
    }
    return matched
  }

  /// The `amount:` condition `amountConditions[index]` (out of line: see ``evaluate(_:_:_:)``).
  @inline(never)
  func evaluateAmount(_ index: Int, _ state: MatchState, _ mode: EvaluationMode) -> Bool {
    let condition = amountConditions[index]
    let amounts = state.amounts()
    var matched = false
    for amount in amounts
    where (condition.currencies.isEmpty || condition.currencies.contains(amount.currency))
      && amount.value >= (condition.minimum ?? 0)
    {
      matched = true
      if mode != .explain { return true }
      record(.amount, pattern: condition.summary, range: amount.range, state)
    }
    return matched
  }

  /// Records a span of the original body (entities are found in it directly).
  private func record(_ kind: MatchSpan.Kind, pattern: String, range: Range<Int>, _ state: MatchState) {
    let body = state.body
    let text =
      range.upperBound <= body.count ? String(decoding: UnsafeBufferPointer(rebasing: body[range]), as: UTF8.self) : ""
    state.spans?.append(MatchSpan(kind: kind, pattern: pattern, range: range, text: text))
  }
}
