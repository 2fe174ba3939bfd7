/// A span of the message a rule matched, for `--explain`.
public struct MatchSpan: Sendable, Hashable {
  /// What matched: a keyword, a regex, the sender, a model threshold, a link, a phone number or an amount (``ConditionKey/spanKind``).
  public let kind: Kind
  /// The keyword or pattern that matched.
  public let pattern: String
  /// The UTF-8 byte range in the original body (empty for sender conditions).
  public let range: Range<Int>
  /// The matched text of the original body (or the sender).
  public let text: String

  /// The kinds of span, named as explain output writes them.
  public enum Kind: String, Sendable, Hashable {
    /// A keyword of `keywords` or `allKeywords`.
    case keyword
    /// A body regex.
    case regex
    /// The sender (`sender`, `senderPrefix`, `senderRegex`).
    case sender
    /// A `model:` threshold (the pattern names it, the text is the probability).
    case model
    /// A link that passed a `link:` condition.
    case link
    /// A phone number that passed a `phone:` condition.
    case phone
    /// A money amount that passed an `amount:` condition.
    case amount
  }
}
