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
