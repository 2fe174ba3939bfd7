import Dispatch
import PCRE2

/// Everything one thread writes while classifying one message, reused from message to message so
/// the hot path allocates nothing.
///
/// Literal hits and guard results are stamped with a per-message generation number, so starting
/// a new message is one increment rather than clearing arrays.
final class MatchState {
  var text = NormalizedText()
  // The per-literal and per-guard tables are raw buffers owned by this object (allocated in
  // init, freed in deinit): the hot path reads and writes them with no reference counting or
  // exclusivity checks. A MatchState is only ever used by one thread at a time.
  /// Each literal's stamp: whether it was found in this message, and on word boundaries.
  let stamps: UnsafeMutableBufferPointer<LiteralStamp>
  let guardStamp: UnsafeMutableBufferPointer<UInt32>
  let guardValue: UnsafeMutableBufferPointer<Bool>
  var generation: UInt32 = 0
  /// The rules this message made candidates (always empty between messages).
  let candidates: CandidateSet
  let regexScratch: MatchScratch

  var query = MessageQuery(body: "")
  var senderBytes: [UInt8] = []
  var senderKind = SenderKind.unknown
  var senderPrepared = false
  var limitExceeded = false
  /// The message's budget, and what it has spent.
  let budget: MessageBudget
  var regexRuns = 0
  var regexStart: UInt64 = 0
  var budgetExhausted = false
  /// When set, matched spans are recorded here (explain mode).
  var spans: [MatchSpan]?

  init(rules: CompiledRules, matchLimit: UInt32, depthLimit: UInt32, budget: MessageBudget = .default) {
    self.budget = budget
    stamps = .allocate(capacity: max(1, rules.literals.count))
    stamps.initialize(repeating: LiteralStamp())
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
    guardStamp.deallocate()
    guardValue.deallocate()
    candidates.deallocate()
  }

  /// Resets the per-message state: a new generation (stamps from earlier messages no longer
  /// count), nothing computed, a fresh budget.
  @inline(__always)
  private func startMessage() {
    if generation == LiteralStamp.maxGeneration {
      stamps.update(repeating: LiteralStamp())
      guardStamp.update(repeating: 0)
      generation = 0
    }
    generation &+= 1
    senderPrepared = false
    limitExceeded = false
    regexRuns = 0
    budgetExhausted = false
  }

  /// Starts a new message: a new generation, the query, nothing computed yet.
  func begin(_ query: MessageQuery, trackingOffsets: Bool) {
    startMessage()
    self.query = query
    TextNormalizer.normalize(query.messageBody, into: &text, trackingOffsets: trackingOffsets)
  }

  /// Starts a new message given as UTF-8 bytes (already validated), without building a `String`
  /// for the body: the streaming path of `classify`.
  func begin(utf8Body: UnsafeBufferPointer<UInt8>, sender: String?, receiverISOCountryCode: String?) {
    startMessage()
    if sender != nil || receiverISOCountryCode != nil || query.sender != nil
      || query.receiverISOCountryCode != nil || !query.messageBody.isEmpty
    {
      query = MessageQuery(sender: sender, body: "", receiverISOCountryCode: receiverISOCountryCode)
    }
    TextNormalizer.normalize(utf8: utf8Body, into: &text, trackingOffsets: false)
  }

  /// Accounts for one regex run; `false` (and the message marked) when the budget is spent.
  @inline(__always)
  func spendRegexRun() -> Bool {
    if budgetExhausted { return false }
    let now = DispatchTime.now().uptimeNanoseconds
    if regexRuns == 0 { regexStart = now }
    regexRuns += 1
    if regexRuns > budget.maxRegexRuns || now &- regexStart > budget.maxRegexNanoseconds {
      budgetExhausted = true
      return false
    }
    return true
  }

  /// Lower-cases the sender and classifies its kind, once per message, on first use.
  func prepareSender() {
    guard !senderPrepared else { return }
    senderPrepared = true
    senderBytes.removeAll(keepingCapacity: true)
    if let sender = query.sender {
      for byte in sender.utf8 {
        senderBytes.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
      }
    }
    // From the bytes just lower-cased: no second copy of the sender per message.
    senderKind = query.sender == nil ? .unknown : SenderKind(utf8: senderBytes)
  }
}

/// Whether a literal was found in the current message (see ``MatchState/generation``), in four
/// bytes: `generation << 1` once it is found anywhere, `| 1` once it is found on word boundaries
/// (a bounded occurrence is also an occurrence, so two flags need one generation).
struct LiteralStamp {
  var value: UInt32 = 0

  /// The largest generation a stamp can hold.
  static let maxGeneration = UInt32.max >> 1

  /// Found anywhere in the message of `generation`.
  @inline(__always)
  func isFound(in generation: UInt32) -> Bool { value &>> 1 == generation }

  /// Found on word boundaries in the message of `generation`.
  @inline(__always)
  func isFoundBounded(in generation: UInt32) -> Bool { value == generation &<< 1 | 1 }

  /// The stamp of a literal found (on word boundaries or not) in the message of `generation`.
  @inline(__always)
  static func found(in generation: UInt32, bounded: Bool) -> LiteralStamp {
    LiteralStamp(value: generation &<< 1 | (bounded ? 1 : 0))
  }
}

/// A span of the message a rule matched, for `--explain`.
public struct MatchSpan: Sendable, Hashable {
  /// What matched: `keyword`, `regex`, `sender` or `mixedScript`.
  public let kind: String
  /// The keyword or pattern that matched.
  public let pattern: String
  /// The UTF-8 byte range in the original body (empty for sender conditions).
  public let range: Range<Int>
  /// The matched text of the original body (or the sender).
  public let text: String
}
