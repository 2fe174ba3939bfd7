import PCRE2

/// Everything one thread writes while classifying one message, reused from message to message so
/// the hot path allocates nothing.
///
/// Literal hits and guard results are stamped with a per-message generation number, so starting
/// a new message is one increment rather than clearing arrays.
final class MatchState {
  var text = NormalizedText()
  /// `anywhereStamp[literal] == generation`: the literal occurs in this message.
  var anywhereStamp: [UInt32]
  /// `boundedStamp[literal] == generation`: it occurs on word boundaries.
  var boundedStamp: [UInt32]
  var guardStamp: [UInt32]
  var guardValue: [Bool]
  var generation: UInt32 = 0
  var candidates: [Int] = []
  let regexScratch: MatchScratch

  var query = MessageQuery(body: "")
  var senderBytes: [UInt8] = []
  var senderKind = SenderKind.unknown
  var senderPrepared = false
  var limitExceeded = false
  /// When set, matched spans are recorded here (explain mode).
  var spans: [MatchSpan]?

  init(rules: CompiledRules, matchLimit: UInt32, depthLimit: UInt32) {
    anywhereStamp = [UInt32](repeating: 0, count: rules.literals.count)
    boundedStamp = [UInt32](repeating: 0, count: rules.literals.count)
    guardStamp = [UInt32](repeating: 0, count: rules.guardRoots.count)
    guardValue = [Bool](repeating: false, count: rules.guardRoots.count)
    candidates.reserveCapacity(64)
    senderBytes.reserveCapacity(64)
    regexScratch = MatchScratch(matchLimit: matchLimit, depthLimit: depthLimit)
  }

  /// Starts a new message: a new generation, the query, nothing computed yet.
  func begin(_ query: MessageQuery, trackingOffsets: Bool) {
    if generation == UInt32.max {
      for index in anywhereStamp.indices { anywhereStamp[index] = 0 }
      for index in boundedStamp.indices { boundedStamp[index] = 0 }
      for index in guardStamp.indices { guardStamp[index] = 0 }
      generation = 0
    }
    generation &+= 1
    self.query = query
    senderPrepared = false
    limitExceeded = false
    candidates.removeAll(keepingCapacity: true)
    TextNormalizer.normalize(query.messageBody, into: &text, trackingOffsets: trackingOffsets)
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
    senderKind = SenderKind(of: query.sender)
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
