/// A brand that scammers impersonate — a bank, courier, postal service, wallet, carrier or
/// government service — as rule files list it under `brands:`: the names a message calls it by,
/// and its official domains and sender IDs.
///
/// ```yaml
/// brands:
///   - name: India Post
///     markets: [IN]
///     keywords: [india post, indiapost]
///     domains: [indiapost.gov.in]
///     senders: [INDPST]
/// ```
///
/// `link: {lookalike: true}` holds for a link whose host looks like one of the domains but is
/// not it; `link: {offBrand: true}` for a link outside the domains of a brand the body names.
public struct Brand: Sendable, Hashable {
  /// The brand's name, for people.
  public var name: String
  /// Where it operates (ISO country codes), for people and reports.
  public var markets: [String]
  /// How messages name it (normalised and matched on word boundaries, as `keywords`).
  public var keywords: [String]
  /// Its official registrable domains (lower-case ASCII; subdomains count as the brand's).
  public var domains: [String]
  /// Its official sender IDs.
  public var senders: [String]

  /// Creates a brand.
  public init(name: String, markets: [String] = [], keywords: [String], domains: [String], senders: [String] = []) {
    self.name = name
    self.markets = markets
    self.keywords = keywords
    self.domains = domains
    self.senders = senders
  }
}
