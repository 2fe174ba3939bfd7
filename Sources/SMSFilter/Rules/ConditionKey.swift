/// Every key a condition in a rule file may have: the one registry from which the loader's key
/// list and dispatch, explain's span kinds and the README's condition table are derived.
///
/// Adding a condition kind means adding a case here (the compiler then asks for its summary,
/// syntax, span kind and loader branch), a ``Condition`` case, its compiled node and its
/// evaluation: every `switch` on them is exhaustive, so nothing can be forgotten silently.
public enum ConditionKey: String, CaseIterable, Sendable {
  /// Any keyword occurs.
  case keywords
  /// Every keyword occurs.
  case allKeywords
  /// A body regex matches.
  case regex
  /// The sender is one of a list.
  case sender
  /// The sender starts with one of a list.
  case senderPrefix
  /// A sender regex matches.
  case senderRegex
  /// The sender is of one of a list of kinds.
  case senderKind
  /// The receiver's country is one of a list.
  case country
  /// A word mixes scripts (or not).
  case mixedScript
  /// The learned model's probability of an action or sub-action reaches a threshold, or it is
  /// the most likely at its level.
  case model
  /// Links in the body pass tests (domain, top-level domain, shortener, look-alike, …).
  case link
  /// A phone number or USSD code is in the body.
  case phone
  /// A money amount is in the body.
  case amount
  /// All of a list of conditions hold.
  case all
  /// Any of a list of conditions holds.
  case any
  /// None of a list of conditions holds.
  case none
  /// At least N of a list of conditions hold.
  case atLeast
  /// A named guard holds.
  case `guard`

  /// Keys that modify another key in the same mapping rather than stand on their own.
  public static let modifiers: [String: ConditionKey] = ["wordBoundary": .keywords, "of": .atLeast]

  /// How the key is written in a rule file.
  public var syntax: String {
    switch self {
    case .keywords: "`keywords: [..]`"
    case .allKeywords: "`allKeywords: [..]`"
    case .regex: "`regex: '…'` (or a list: any)"
    case .sender: "`sender: [..]`"
    case .senderPrefix: "`senderPrefix: [..]`"
    case .senderRegex: "`senderRegex: '…'` (or a list: any)"
    case .senderKind: "`senderKind: [..]`"
    case .country: "`country: [IN, US]`"
    case .mixedScript: "`mixedScript: true`"
    case .model: "`model: {junk: 0.9}` or `model: {transactionalFinance: top}`"
    case .link: "`link: true` or `link: {tld: [xyz], …}`"
    case .phone: "`phone: true` or `phone: {kind: [premium]}`"
    case .amount: "`amount: true` or `amount: {currency: [INR], atLeast: 1000}`"
    case .all: "`all: [..]`"
    case .any: "`any: [..]`"
    case .none: "`none: [..]`"
    case .atLeast: "`atLeast: N` with `of: [..]`"
    case .guard: "`guard: NAME`"
    }
  }

  /// When a condition with this key holds.
  public var summary: String {
    switch self {
    case .keywords:
      "any keyword occurs in the body, on word boundaries (add `wordBoundary: false` to match inside words)"
    case .allKeywords: "every keyword occurs (`wordBoundary` as for `keywords`)"
    case .regex: "the PCRE2 regex matches the normalised body"
    case .sender: "the sender is one of these, case-insensitively"
    case .senderPrefix: "the sender starts with one of these, case-insensitively"
    case .senderRegex: "the PCRE2 regex matches the sender, case-insensitively"
    case .senderKind:
      "the sender is a `phone` number, `shortCode`, Indian `dlt` header (`VM-HDFCBK`), `alphanumeric` ID, `email`, or `unknown`"
    case .country: "the receiver's country (`receiverISOCountryCode`) is one of these"
    case .mixedScript: "some word mixes Latin letters with Cyrillic or Greek look-alikes (`false`: no word does)"
    case .model:
      "the learned model gives an action (`junk`, `promotion`, `transaction`, `allow`), `filtered` (junk or promotion) or a sub-action at least this probability; `top`: no other action is more likely (for `filtered`: neither the inbox nor transaction; for a sub-action: no other sub-action of its action, whatever the action's rank); `{top: true, atLeast: 0.2}`: both (several entries: any); the rule set's header names the model (`model: built-in` or a file)"
    case .link:
      "at least `count` (default 1) links in the body pass every test given: `domain` (within these registrable domains), `tld` (top-level domain or public suffix), `shortener` (a domain the rule set lists under `shorteners:`), `ip`, `punycode` (internationalised host), `mixedScript` (host mixes scripts), `lookalike` (host imitates a `brands:` domain without being it), `offBrand` (the body names a brand, the link is not the brand's), `obfuscated` (`hxxp`, `[.]`, `(dot)`, spaced), `userInfo` (`https://bank.example@evil.example`); each test `true` or `false`"
    case .phone:
      "a phone number is in the body (`+44 7700 900123`, `0712 345 678`, any script's digits), of a `kind` if given: `international`, `national`, `premium` (premium-rate, by the receiver's country), `ussd` (`*334*1#`, how mobile money is dialled)"
    case .amount:
      "a money amount is in the body (`₹5,000`, `KSh 1,500`, `Rp 10 juta`), in a `currency` (ISO codes) and `atLeast` a value if given"
    case .all: "every condition in the list holds"
    case .any: "at least one condition in the list holds"
    case .none: "no condition in the list holds"
    case .atLeast: "at least N of the conditions hold (SpamAssassin-style meta rules)"
    case .guard: "the named guard holds"
    }
  }

  /// The kind of span `--explain` records when a condition with this key matches, if any.
  public var spanKind: MatchSpan.Kind? {
    switch self {
    case .keywords, .allKeywords: .keyword
    case .regex: .regex
    case .sender, .senderPrefix, .senderRegex: .sender
    case .model: .model
    case .link: .link
    case .phone: .phone
    case .amount: .amount
    case .senderKind, .country, .mixedScript, .all, .any, .none, .atLeast, .guard: nil
    }
  }

  /// The README's condition table, one row per key, generated from this registry (a test keeps
  /// the README equal to it).
  public static var markdownTable: String {
    (["| key | holds when |", "|---|---|"] + allCases.map { "| \($0.syntax) | \($0.summary) |" })
      .joined(separator: "\n")
  }
}
