import SMSFilterEntities

/// The links, phone numbers and amounts of the message being matched, each found on first use
/// and kept for the rest of the message: a message that no `link:` condition reaches is never
/// scanned for links, and one scanned once is not scanned again. Owned by one ``MatchState``.
struct MessageEntities {
  private var linkScanner = LinkScanner()
  private var numberScanner = NumberScanner()
  private var linkGeneration: UInt32 = .max
  private var phoneGeneration: UInt32 = .max
  private var amountGeneration: UInt32 = .max
  private var foundLinks: [Link] = []
  private var foundPhones: [PhoneNumber] = []
  private var foundAmounts: [MoneyAmount] = []
  /// Confusable skeletons of host words seen lately (ICU's skeleton is the costly step of
  /// look-alike tests, and hosts repeat across a campaign's messages).
  private var skeletons = RecentValues<String, [Unicode.Scalar]>(limit: Self.cacheLimit)
  /// The entries of each generation of the caches below (``RecentValues``).
  static let cacheLimit = 4096

  /// Look-alike verdicts of hosts seen lately (for any sender).
  private(set) var lookalikes = RecentValues<String, LookalikeVerdict>(limit: Self.cacheLimit)

  /// The brand `link`'s host imitates (other than the sender's own brands). The host's verdict
  /// is remembered for every sender; a bare three-letter name is ruled out first, by how it is
  /// written, so that the verdict remembered for its host is the host's alone.
  mutating func lookalikeBrand(of link: Link, in table: BrandTable, sentBy senderBrands: [Int]) -> Int? {
    if BrandTable.isProseJoin(link) { return nil }
    if let known = lookalikes.value(for: link.host) { return known.brand(sentBy: senderBrands) }
    let verdict = table.lookalikeVerdict(of: link) { skeleton(of: $0) }
    lookalikes.remember(verdict, for: link.host)
    return verdict.brand(sentBy: senderBrands)
  }

  /// The UTS #39 skeleton of a host word, remembered.
  mutating func skeleton(of word: String) -> [Unicode.Scalar] {
    if let known = skeletons.value(for: word) { return known }
    let skeleton = Array(HostNames.skeleton(of: word).unicodeScalars)
    skeletons.remember(skeleton, for: word)
    return skeleton
  }

  /// The brands of senders seen lately (their IDs parsed, normalised and looked up): a
  /// campaign's messages come from a few senders.
  private var brandsBySender = RecentValues<String, [Int]>(limit: Self.cacheLimit)

  /// The brands whose sender `sender` is, worked out by `lookUp` and remembered.
  mutating func senderBrands(of sender: String, lookUp: (String) -> [Int]) -> [Int] {
    if let known = brandsBySender.value(for: sender) { return known }
    let brands = lookUp(sender)
    brandsBySender.remember(brands, for: sender)
    return brands
  }

  private var brandGeneration: UInt32 = .max
  private var messageBrands: (senders: [Int], named: [Int]) = ([], [])

  /// The brands the message of `generation` comes from and names, if worked out already.
  func brands(generation: UInt32) -> (senders: [Int], named: [Int])? {
    brandGeneration == generation ? messageBrands : nil
  }

  /// Remembers the brands the message of `generation` comes from and names.
  mutating func remember(brands: (senders: [Int], named: [Int]), generation: UInt32) {
    messageBrands = brands
    brandGeneration = generation
  }

  /// Forgets every message seen so far (when generations wrap around).
  mutating func reset() {
    brandGeneration = .max
    linkGeneration = .max
    phoneGeneration = .max
    amountGeneration = .max
  }

  /// Whether the links of the message of `generation` were scanned already.
  func knowsLinks(generation: UInt32) -> Bool { linkGeneration == generation }
  /// Whether the phone numbers of the message of `generation` were scanned already.
  func knowsPhones(generation: UInt32) -> Bool { phoneGeneration == generation }
  /// Whether the amounts of the message of `generation` were scanned already.
  func knowsAmounts(generation: UInt32) -> Bool { amountGeneration == generation }

  /// The links of the message of `generation`.
  mutating func links(in body: UnsafeBufferPointer<UInt8>, generation: UInt32) -> [Link] {
    if linkGeneration != generation {
      foundLinks.removeAll(keepingCapacity: true)
      linkScanner.scan(body, into: &foundLinks)
      linkGeneration = generation
    }
    return foundLinks
  }

  /// The phone numbers of the message of `generation` (premium by `country`).
  mutating func phones(in body: UnsafeBufferPointer<UInt8>, country: String?, generation: UInt32) -> [PhoneNumber] {
    if phoneGeneration != generation {
      foundPhones = numberScanner.phoneNumbers(in: body, country: country)
      phoneGeneration = generation
    }
    return foundPhones
  }

  /// The money amounts of the message of `generation`.
  mutating func amounts(in body: UnsafeBufferPointer<UInt8>, generation: UInt32) -> [MoneyAmount] {
    if amountGeneration != generation {
      foundAmounts = numberScanner.amounts(in: body)
      amountGeneration = generation
    }
    return foundAmounts
  }
}
