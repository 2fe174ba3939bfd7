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

  /// Forgets every message seen so far (when generations wrap around).
  mutating func reset() {
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
