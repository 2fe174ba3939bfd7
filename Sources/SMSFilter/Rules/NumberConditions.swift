import SMSFilterEntities

/// A `phone:` condition: a phone number (or USSD code) in the body, optionally of given kinds.
///
/// ```yaml
/// when:
///   phone: true                        # any phone number
///   phone: {kind: [premium, ussd]}     # a premium-rate number or a USSD code
/// ```
public struct PhoneCondition: Sendable, Hashable {
  /// The kinds that count (any of them); empty: any number.
  public var kinds: [String]

  /// A condition on the given kinds (`international`, `national`, `premium`, `ussd`).
  public init(kinds: [String] = []) { self.kinds = kinds }

  /// The kinds as a set.
  var kindSet: PhoneNumber.Kind {
    kinds.reduce(into: PhoneNumber.Kind()) { $0.formUnion(PhoneNumber.Kind.byName[$1] ?? []) }
  }

  /// How the condition reads in `--explain`.
  public var summary: String { kinds.isEmpty ? "phone" : "phone {kind: \(kinds.joined(separator: ","))}" }
}

/// An `amount:` condition: a money amount in the body, optionally in given currencies and at
/// least a value.
///
/// ```yaml
/// when:
///   amount: true
///   amount: {currency: [INR], atLeast: 100000}
/// ```
public struct AmountCondition: Sendable, Hashable {
  /// ISO codes of the currencies that count (upper-case); empty: any.
  public var currencies: [String]
  /// The least value, in the amount's own currency.
  public var minimum: Double?

  /// A condition on currencies and a least value.
  public init(currencies: [String] = [], minimum: Double? = nil) {
    self.currencies = currencies
    self.minimum = minimum
  }

  /// How the condition reads in `--explain`.
  public var summary: String {
    var parts: [String] = []
    if !currencies.isEmpty { parts.append("currency: \(currencies.joined(separator: ","))") }
    if let minimum { parts.append("atLeast: \(minimum)") }
    return "amount" + (parts.isEmpty ? "" : " {\(parts.joined(separator: ", "))}")
  }
}
