import PCRE2
import SMSFilterEntities
import SMSFilterLearning

/// Everything one thread writes while matching one message, reused from message to message so
/// the hot path allocates nothing. Owned by one ``RuleMatcher``; ``begin(_:budget:trackingOffsets:)``
/// is the one place a message starts.
///
/// Literal hits and guard results are stamped with a per-message generation number, so starting
/// a new message is one increment rather than clearing arrays.
final class MatchState {
  /// The normalised body.
  var text = NormalizedText()
  // The per-literal and per-guard tables are raw buffers owned by this object (allocated in
  // init, freed in deinit): the hot path reads and writes them with no reference counting or
  // exclusivity checks. A MatchState is only ever used by one thread at a time.
  /// Each literal's stamp: whether it was found in this message, and on word boundaries.
  let stamps: UnsafeMutableBufferPointer<LiteralStamp>
  /// Each literal group's stamp (``LiteralGroups``): the generation of the message that found
  /// one of its literals.
  let groupStamp: UnsafeMutableBufferPointer<UInt32>
  let guardStamp: UnsafeMutableBufferPointer<UInt32>
  let guardValue: UnsafeMutableBufferPointer<Bool>
  var generation: UInt32 = 0
  /// The rules this message made candidates (always empty between messages).
  let candidates: CandidateSet
  let regexScratch: MatchScratch

  /// The message's sender and receiver country, as given.
  private(set) var sender: String?
  private(set) var receiverISOCountryCode: String?
  /// The original body's bytes, kept only when offsets are tracked (explain), to cut spans from.
  private(set) var sourceBody: [UInt8] = []
  var senderBytes: [UInt8] = []
  var senderKind = SenderKind.unknown
  var senderPrepared = false
  var limitExceeded = false
  /// The message's budget, and what it has spent.
  private(set) var budget = MessageBudget.default
  var regexRuns = 0
  /// When set, each body regex run appends its index and whether it matched here (cost reports,
  /// not the hot path).
  var regexRunLog: [(index: Int, matched: Bool)]?
  /// The steps charged to the message so far (see ``MessageBudget``).
  var regexSteps: UInt64 = 0
  var budgetExhausted = false
  /// The body as given to ``begin(_:budget:trackingOffsets:)``: valid only until the call that
  /// began the message returns (what the model's features read for the share of capitals).
  private(set) var body = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
  /// The learned model's probabilities for this message, computed on first use.
  private var probabilitiesGeneration: UInt32 = .max
  /// The normalised body's ``TextProfile``, and whether it has a non-ASCII decimal digit, known
  /// for the message of these generations.
  private var profileGeneration: UInt32 = .max
  private var profile = TextProfile()
  private var nonASCIIDigitGeneration: UInt32 = .max
  private var nonASCIIDigit = false
  private var probabilities = SIMD16<Float>()
  /// The message's links, phone numbers and amounts, found on first use.
  var entities = MessageEntities()
  /// When set, where the matcher spends its time is measured into it (``CostProfile``).
  var costProfile: CostProfile?
  /// When set, matched spans are recorded here (explain mode).
  var spans: [MatchSpan]?
  /// The guards explain has evaluated for this message, with the spans each found.
  var explainedGuards: [Int: [MatchSpan]] = [:]

  init(rules: CompiledRules, matchLimit: UInt32, depthLimit: UInt32) {
    stamps = .allocate(capacity: max(1, rules.literals.count))
    stamps.initialize(repeating: LiteralStamp())
    groupStamp = .allocate(capacity: max(1, rules.literalGroups.count))
    groupStamp.initialize(repeating: 0)
    guardStamp = .allocate(capacity: max(1, rules.guardRoots.count))
    guardStamp.initialize(repeating: 0)
    guardValue = .allocate(capacity: max(1, rules.guardRoots.count))
    guardValue.initialize(repeating: false)
    candidates = CandidateSet(ruleCount: rules.ruleCount)
    senderBytes.reserveCapacity(64)
    regexScratch = MatchScratch(matchLimit: matchLimit, depthLimit: depthLimit)
  }

  deinit {
    stamps.deallocate()
    groupStamp.deallocate()
    guardStamp.deallocate()
    guardValue.deallocate()
    candidates.deallocate()
  }

  /// Starts a new message: a new generation (stamps from earlier messages no longer count), the
  /// body normalised, nothing else computed yet, a fresh budget.
  func begin(_ message: MessageInput, budget: MessageBudget, trackingOffsets: Bool) {
    if generation == LiteralStamp.maxGeneration {
      stamps.update(repeating: LiteralStamp())
      groupStamp.update(repeating: 0)
      guardStamp.update(repeating: 0)
      probabilitiesGeneration = 0
      profileGeneration = 0
      nonASCIIDigitGeneration = 0
      entities.reset()
      generation = 0
    }
    generation &+= 1
    senderPrepared = false
    limitExceeded = false
    self.budget = budget
    regexRuns = 0
    regexSteps = 0
    budgetExhausted = false
    body = message.body
    sender = message.sender
    receiverISOCountryCode = message.receiverISOCountryCode
    sourceBody.removeAll(keepingCapacity: true)
    if trackingOffsets { explainedGuards.removeAll(keepingCapacity: true) }
    if trackingOffsets { sourceBody.append(contentsOf: message.body) }
    CostProfile.timing(.normalizing, in: costProfile) {
      TextNormalizer.normalize(utf8: message.body, into: &text, trackingOffsets: trackingOffsets)
    }
  }

  /// The step limit of a regex run's first round, per start position (``MessageBudget``).
  static let firstRoundSteps: UInt64 = 64
  /// How much each further round multiplies the step limit by.
  static let roundGrowth: UInt64 = 16

  /// Runs `pattern` on `subject` within the message's budget (``MessageBudget``): `true` when it
  /// matches, with the range it matched in `matched`. A run the budget cannot afford, or that a
  /// limit stopped, counts as no match and marks the message (``budgetExhausted`` or
  /// ``limitExceeded``).
  func runRegex(_ pattern: Pattern, on whole: UnsafeBufferPointer<UInt8>, matched: inout Range<Int>?) -> Bool {
    matched = nil
    if budgetExhausted { return false }
    regexRuns += 1
    if regexRuns > budget.maxRegexRuns {
      budgetExhausted = true
      return false
    }
    var subject = whole
    let truncated = whole.count > budget.maxRegexSubjectBytes
    if truncated {
      // Cut at a character boundary: PCRE2 is told the subject is valid UTF-8.
      var end = budget.maxRegexSubjectBytes
      while end > 0, whole[end] & 0xC0 == 0x80 { end -= 1 }
      subject = UnsafeBufferPointer(rebasing: whole[0..<end])
    }
    let positions = UInt64(subject.count) + 1
    let perMatchLimit = UInt64(regexScratch.matchLimit)
    var round = Self.firstRoundSteps
    while true {
      let affordable = (budget.maxRegexSteps - regexSteps) / positions
      let limit = min(round, perMatchLimit, affordable)
      if limit == 0 {
        budgetExhausted = true
        return false
      }
      regexSteps += limit * positions
      let outcome = pattern.firstMatch(
        in: subject, scratch: regexScratch, stepLimit: UInt32(limit), truncated: truncated)
      switch outcome {
      case .matched(let range):
        matched = range
        return true
      case .noMatch:
        return false
      case .limitExceeded(.steps):
        if limit == round && limit < perMatchLimit {
          round *= Self.roundGrowth
          continue
        }
        if limit == perMatchLimit {
          limitExceeded = true
        } else {
          budgetExhausted = true
        }
        return false
      case .limitExceeded, .failed:
        limitExceeded = true
        return false
      }
    }
  }

  /// Whether the normalised body has a decimal digit of any script (`\p{Nd}`, what PCRE2's
  /// `\d` matches with Unicode properties), found once per message on first use.
  func textHasDigit() -> Bool {
    textProfile().hasASCIIDigit || textHasNonASCIIDigit()
  }

  /// Whether the normalised body has a decimal digit, when that is known already for this
  /// message without reading the text again; `nil` otherwise.
  var knownTextHasDigit: Bool? {
    guard profileGeneration == generation else { return nil }
    if profile.hasASCIIDigit { return true }
    if !profile.hasNonASCII { return false }
    return nonASCIIDigitGeneration == generation ? nonASCIIDigit : nil
  }

  /// The normalised body's ``TextProfile``, found once per message on first use.
  func textProfile() -> TextProfile {
    if profileGeneration != generation {
      profile = text.bytes.withUnsafeBufferPointer { TextProfile(of: $0) }
      profileGeneration = generation
    }
    return profile
  }

  /// Whether the normalised body has a decimal digit outside ASCII, found once per message on
  /// first use (an ASCII body, as the profile knows, without reading it again).
  func textHasNonASCIIDigit() -> Bool {
    if nonASCIIDigitGeneration != generation {
      nonASCIIDigit = textProfile().hasNonASCII && text.bytes.withUnsafeBufferPointer(Self.hasNonASCIIDigit)
      nonASCIIDigitGeneration = generation
    }
    return nonASCIIDigit
  }

  /// Whether valid UTF-8 text has a decimal digit (category Nd) outside ASCII.
  ///
  /// Decodes only the scalars that can be such a digit: none lies below U+0640, whose lead
  /// bytes (and every ASCII and continuation byte) are below 0xD9, so those bytes are skipped
  /// with one comparison each.
  static func hasNonASCIIDigit(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    let count = text.count
    var index = 0
    while index < count {
      // Eight bytes at a time while none is D9 or above: a byte's low seven bits plus 0x27 reach
      // 0x80 exactly when they are 0x59 or more, and its own top bit says it is 0x80 or more (no
      // carry crosses into the next byte).
      while index &+ 8 <= count {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        let high: UInt64 = 0x8080_8080_8080_8080
        if ((word & ~high) &+ 0x2727_2727_2727_2727) & word & high != 0 { break }
        index &+= 8
      }
      guard index < count else { break }
      let lead = text[index]
      if lead < 0xD9 {
        index &+= 1
        continue
      }
      // A lead byte of a scalar from U+0640 on; the text is valid UTF-8, so its continuation
      // bytes follow.
      let (value, width) = TextNormalizer.decodeScalar(text, at: index)
      if let scalar = Unicode.Scalar(value), NumberScanner.digit(scalar) != nil { return true }
      index &+= width
    }
    return false
  }

  /// The learned model's class probabilities for this message if they were computed already.
  var knownModelProbabilities: SIMD16<Float>? {
    probabilitiesGeneration == generation ? probabilities : nil
  }

  /// The learned model's class probabilities for this message, computed once per message on
  /// first use.
  func modelProbabilities(_ model: LinearModel) -> SIMD16<Float> {
    if probabilitiesGeneration != generation {
      prepareSender()
      probabilities = CostProfile.timing(.model, in: costProfile) {
        text.bytes.withUnsafeBufferPointer { normalized in
          model.probabilities(normalized: normalized, original: body, senderKind: senderKind)
        }
      }
      probabilitiesGeneration = generation
    }
    return probabilities
  }

  /// The message's links, scanned on first use.
  func links() -> [Link] {
    timedOnFirstUse(.links, known: entities.knowsLinks(generation: generation)) {
      entities.links(in: body, generation: generation)
    }
  }

  /// The message's phone numbers, scanned on first use.
  func phones() -> [PhoneNumber] {
    timedOnFirstUse(.phones, known: entities.knowsPhones(generation: generation)) {
      entities.phones(in: body, country: receiverISOCountryCode, generation: generation)
    }
  }

  /// The message's money amounts, scanned on first use.
  func amounts() -> [MoneyAmount] {
    timedOnFirstUse(.amounts, known: entities.knowsAmounts(generation: generation)) {
      entities.amounts(in: body, generation: generation)
    }
  }

  /// Runs `body`, timed as `stage` when profiling and `known` is false (the work is done now,
  /// not read back from what this message already found).
  @inline(__always)
  private func timedOnFirstUse<Result>(_ stage: TimeProfile.Stage, known: Bool, _ body: () -> Result) -> Result {
    CostProfile.timing(stage, in: known ? nil : costProfile, body)
  }

  /// Lower-cases the sender and classifies its kind, once per message, on first use.
  func prepareSender() {
    guard !senderPrepared else { return }
    senderPrepared = true
    // Built in a local array swapped in and out: appending to the stored property byte by byte
    // would check exclusivity and uniqueness on every byte.
    var bytes: [UInt8] = []
    swap(&bytes, &senderBytes)
    bytes.removeAll(keepingCapacity: true)
    if let sender {
      bytes.append(contentsOf: sender.utf8)
      bytes.withUnsafeMutableBufferPointer { buffer in
        for index in buffer.indices where buffer[index] &- 0x41 < 26 { buffer[index] |= 0x20 }
      }
    }
    // From the bytes just lower-cased: no second copy of the sender per message.
    senderKind = sender == nil ? .unknown : bytes.withUnsafeBufferPointer { SenderKind(utf8: $0) }
    swap(&bytes, &senderBytes)
  }
}
