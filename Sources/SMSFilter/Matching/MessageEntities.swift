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
  /// look-alike tests, and hosts repeat across a campaign's messages); emptied when full.
  private var skeletons: [String: [Unicode.Scalar]] = [:]
  static let skeletonCacheLimit = 4096

  /// Look-alike verdicts of hosts seen lately (for any sender), emptied when full.
  private var lookalikes: [String: LookalikeVerdict] = [:]

  /// The brand `link`'s host imitates (other than the sender's own brands). The host's verdict
  /// is remembered for every sender; a bare three-letter name is ruled out first, by how it is
  /// written, so that the verdict remembered for its host is the host's alone.
  mutating func lookalikeBrand(of link: Link, in table: BrandTable, sentBy senderBrands: [Int]) -> Int? {
    if BrandTable.isProseJoin(link) { return nil }
    if let known = lookalikes[link.host] { return known.brand(sentBy: senderBrands) }
    if lookalikes.count >= Self.skeletonCacheLimit { lookalikes.removeAll(keepingCapacity: true) }
    let verdict = table.lookalikeVerdict(of: link) { skeleton(of: $0) }
    lookalikes[link.host] = verdict
    return verdict.brand(sentBy: senderBrands)
  }

  /// The UTS #39 skeleton of a host word, remembered.
  mutating func skeleton(of word: String) -> [Unicode.Scalar] {
    if let known = skeletons[word] { return known }
    if skeletons.count >= Self.skeletonCacheLimit { skeletons.removeAll(keepingCapacity: true) }
    let skeleton = Array(HostNames.skeleton(of: word).unicodeScalars)
    skeletons[word] = skeleton
    return skeleton
  }

  /// The brands of senders seen lately (their IDs parsed, normalised and looked up), emptied
  /// when full: a campaign's messages come from a few senders.
  private var brandsBySender: [String: [Int]] = [:]

  /// The brands whose sender `sender` is, worked out by `lookUp` and remembered.
  mutating func senderBrands(of sender: String, lookUp: (String) -> [Int]) -> [Int] {
    if let known = brandsBySender[sender] { return known }
    if brandsBySender.count >= Self.skeletonCacheLimit { brandsBySender.removeAll(keepingCapacity: true) }
    let brands = lookUp(sender)
    brandsBySender[sender] = brands
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
