/// A sender in its normalised form: the identity a ``SenderDirectory`` stores and looks up.
///
/// - **Phone numbers** become E.164 (`+919876543210`). Spaces, dashes, dots and parentheses are
///   ignored, and so is the `(0)` of `+44 (0)20 …`. `+` or the international prefix `00` (also
///   `011` in the US and Canada, `0011` in Australia, when that is the receiver's country) start
///   an international number; eight digits or more without them are a national number, which
///   takes the country calling code of the receiver's country and loses the country's trunk
///   prefix (`0` in India, the UK, Germany, France, …; `1` in the US and Canada; none in Spain,
///   Italy, Portugal, Mexico, Colombia, Chile and Singapore, where a leading `0` is kept). A
///   national number that already starts with the country code (`919876543210` in India) is
///   recognised when its length says so. The countries: IN, US, CA, GB, DE, FR, ES, PT, IT, NL,
///   BR, MX, AR, CO, CL, PE, ID, SG, MY, PH, AE, AU.
/// - **Short codes** (3–7 digits) keep their digits, scoped by the receiver's country when it is
///   known: `IN:56161`, else `56161`. Seven-digit local numbers are short codes too. The scoped
///   form is accepted as input, so every normalised form reads back as itself.
/// - **Indian DLT headers** (`VM-HDFCBK`, `AD-HDFCBK-S`, `JD-HDFCBK-T`: two letters, a dash, 3–9
///   letters or digits, an optional dash and letter) become their entity, `HDFCBK`, the same
///   identity as the alphanumeric ID `HDFCBK`.
/// - **Alphanumeric IDs** compare case-insensitively: upper-cased, runs of spaces collapsed
///   (`Revolut` → `REVOLUT`); letters, digits, spaces and `- . _ & '`, at most 11 characters.
/// - **E-mail senders** are lower-cased.
///
/// ```swift
/// try SenderID("098765 43210", receiverCountry: "IN").normalized  // "+919876543210"
/// try SenderID("0044 20 7946 0958").normalized                    // "+442079460958"
/// try SenderID("AD-HDFCBK-S").normalized                          // "HDFCBK"
/// try SenderID("56161", receiverCountry: "us").normalized         // "US:56161"
/// ```
public struct SenderID: Sendable, Hashable, CustomStringConvertible {
  /// The form of a normalised sender.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A phone number in E.164.
    case phone
    /// A numeric short code of 3–7 digits.
    case shortCode
    /// An alphanumeric sender ID, or the entity of an Indian DLT header.
    case alphanumeric
    /// An e-mail address.
    case email
  }

  /// The form.
  public let kind: Kind
  /// The normalised text: `+919876543210`, `IN:56161` or `56161`, `HDFCBK`, `alerts@bank.com`.
  public let normalized: String
  /// The country scoping a short code, when known (`"IN"`); `nil` for other kinds.
  public let country: String?
  /// The 64-bit key of the directory file (see ``DirectoryFormat``).
  package let key: UInt64

  /// Normalises a sender.
  ///
  /// - Parameters:
  ///   - sender: the sender as the network gives it.
  ///   - receiverCountry: the receiver's ISO 3166-1 alpha-2 country code (either case); needed
  ///     for national numbers, and scopes short codes.
  /// - Throws: ``SenderIDError`` naming the reason.
  public init(_ sender: String, receiverCountry: String? = nil) throws(SenderIDError) {
    var country: CountryCode?
    if let receiverCountry {
      guard let parsed = CountryCode(receiverCountry) else {
        throw SenderIDError(.invalidCountry(receiverCountry), sender: sender)
      }
      country = parsed
    }
    var text = sender
    let result = text.withUTF8 { bytes -> Result<SenderID, SenderIDError> in
      switch SenderParser.parse(bytes, country: country) {
      case .failure(let kind): return .failure(SenderIDError(kind, sender: sender))
      case .success(let parsed): return .success(SenderID(parsed, bytes))
      }
    }
    self = try result.get()
  }

  /// Builds the normalised form of a parsed sender.
  package init(_ parsed: ParsedSender, _ bytes: UnsafeBufferPointer<UInt8>) {
    switch parsed {
    case .phone(let number):
      kind = .phone
      key = SenderKey.phoneKey(number)
      normalized = SenderKey.normalizedText(ofNumericKey: key)
      country = nil
    case .shortCode(let value, let digits, let countryBits):
      kind = .shortCode
      key = SenderKey.shortCodeKey(value: value, digits: digits, country: countryBits)
      normalized = SenderKey.normalizedText(ofNumericKey: key)
      country = CountryCode(keyBits: countryBits)?.description
    case .text(let text):
      kind = text.kind
      var utf8: [UInt8] = []
      utf8.reserveCapacity(text.end - text.start)
      SenderParser.forEachNormalizedByte(bytes, text) { utf8.append($0) }
      key = SenderKey.textKey(kind: text.kind, hash: SenderKey.fnv1a(utf8))
      normalized = String(decoding: utf8, as: UTF8.self)
      country = nil
    }
  }

  /// The same sender without its country scope (a short code's `IN:` prefix dropped); `self`
  /// for other kinds. A directory lookup tries the scoped short code first, then this.
  public var unscoped: SenderID {
    guard kind == .shortCode, country != nil else { return self }
    let unscopedKey = SenderKey.unscopedShortCodeKey(key)
    return SenderID(
      kind: .shortCode, normalized: SenderKey.normalizedText(ofNumericKey: unscopedKey), country: nil, key: unscopedKey)
  }

  package init(kind: Kind, normalized: String, country: String?, key: UInt64) {
    self.kind = kind
    self.normalized = normalized
    self.country = country
    self.key = key
  }

  /// The normalised text.
  public var description: String { normalized }

  /// Senders are equal when their normalised forms are.
  public static func == (lhs: SenderID, rhs: SenderID) -> Bool {
    lhs.kind == rhs.kind && lhs.normalized == rhs.normalized
  }

  /// Hashes the kind and normalised text.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(normalized)
  }
}
