/// Why a sender could not be normalised (see ``SenderID``).
///
/// ```swift
/// do { _ = try SenderID("98765 43210") } catch { print(error) }
/// // '98765 43210': a national number needs the receiver's country to become E.164
/// ```
public struct SenderIDError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public enum Kind: Equatable, Sendable {
    /// Nothing but white space.
    case empty
    /// A character no sender form allows (e.g. a letter in a phone number with a `+`, or a
    /// symbol in an alphanumeric ID).
    case invalidCharacter(String)
    /// A `+` anywhere but at the start of a number, or more than one.
    case misplacedPlus
    /// An international number whose country code starts with `0`.
    case countryCodeStartsWithZero
    /// Too few digits for a short code or a phone number: one or two digits.
    case tooShort(digits: Int)
    /// An international number (with `+` or its country code) under 7 digits.
    case internationalTooShort(digits: Int)
    /// Too many digits: an E.164 number has at most 15.
    case tooLong(digits: Int)
    /// A national number whose length does not fit the country's numbering plan.
    case invalidNationalNumber(country: String, digits: Int)
    /// A national number (eight digits or more, no `+` or `00`) and no receiver country.
    case nationalNumberWithoutCountry
    /// A country that is not an ISO 3166-1 alpha-2 code (two letters).
    case invalidCountry(String)
    /// A national number from a country the dialing table does not cover.
    case unsupportedCountry(String)
    /// An e-mail address without a local part, a domain with a dot, or with white space.
    case invalidEmail
    /// An alphanumeric ID longer than 11 characters (3GPP TS 23.040's limit).
    case alphanumericTooLong(characters: Int)
    /// An alphanumeric ID without a letter.
    case alphanumericWithoutLetter
  }

  /// What is wrong.
  public let kind: Kind
  /// The sender as given.
  public let sender: String

  /// Creates an error.
  public init(_ kind: Kind, sender: String) {
    self.kind = kind
    self.sender = sender
  }

  /// The reason, for a person, without the sender.
  public var reason: String {
    switch kind {
    case .empty:
      "the sender is empty"
    case .invalidCharacter(let character):
      "character '\(character)' is not allowed in a sender"
    case .misplacedPlus:
      "'+' may only start a phone number"
    case .countryCodeStartsWithZero:
      "an international number's country code cannot start with 0"
    case .tooShort(let digits):
      "\(digits) digit\(digits == 1 ? "" : "s") is too short for a short code (3–7) or a phone number"
    case .internationalTooShort(let digits):
      "\(digits) digit\(digits == 1 ? "" : "s") is too short for an international number (7–15 digits with the country code)"
    case .tooLong(let digits):
      "\(digits) digits is too long: an E.164 number has at most 15"
    case .invalidNationalNumber(let country, let digits):
      "\(digits) digits is not a valid national number length in \(country)"
    case .nationalNumberWithoutCountry:
      "a national number needs the receiver's country to become E.164"
    case .invalidCountry(let country):
      "'\(country)' is not an ISO 3166-1 alpha-2 country code"
    case .unsupportedCountry(let country):
      "national numbers from \(country) are not supported (write it with + and the country code); supported: "
        + CountryDialing.supportedCountries.joined(separator: ", ")
    case .invalidEmail:
      "not a valid e-mail address"
    case .alphanumericTooLong(let characters):
      "\(characters) characters is too long for an alphanumeric sender ID (at most 11)"
    case .alphanumericWithoutLetter:
      "an alphanumeric sender ID needs at least one letter"
    }
  }

  /// `'SENDER': reason`.
  public var description: String { "'\(sender)': \(reason)" }
}
