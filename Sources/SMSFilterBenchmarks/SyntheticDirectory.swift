import SMSFilter

/// A deterministic, realistic directory source of any size, for `smsfilter directory bench` and
/// tests: the same `entries` and `seed` always give the same text.
///
/// Per hundred entries: 94 phone numbers spread over the 22 countries of the dialing table
/// (written `+CC NNN…`, `00CC…`, or nationally for India, with spaces and dashes), 3 short codes,
/// 2 alphanumeric IDs or Indian DLT headers and 1 e-mail sender. About a third are `junk`, a
/// quarter `none` (identification only), the rest `allow`, `transaction` and `promotion` with
/// sub-actions; most have one of about 20,000 labels (or, with `distinctLabels`, every entry
/// its own, `Entry N`). No sender repeats, and the lines come in
/// no particular key order. Build it with `DirectoryBuilder(country: "IN")`.
///
/// ```swift
/// let synthetic = SyntheticDirectory(entries: 10_000)
/// var builder = try DirectoryBuilder(country: SyntheticDirectory.country)
/// builder.add(text: synthetic.source(), source: "synthetic.tsv")
/// ```
package struct SyntheticDirectory: Sendable {
  /// Number of entries.
  package let entries: Int
  /// The seed of the label, action and sampling choices.
  package let seed: UInt64
  /// Whether every entry has a label of its own, `Entry N` (the caller-ID case), instead of one
  /// of about 20,000 shared labels.
  package let distinctLabels: Bool

  /// The country the source's national numbers belong to.
  package static let country = "IN"

  /// Creates a generator.
  package init(entries: Int, seed: UInt64 = 0x5EED_D1EC, distinctLabels: Bool = false) {
    self.entries = max(0, entries)
    self.seed = seed
    self.distinctLabels = distinctLabels
  }

  /// The countries phone numbers come from: calling code, national length, first digit.
  private static let plans: [(code: String, length: Int, lead: UInt64)] = [
    ("91", 10, 9), ("1", 10, 4), ("44", 10, 7), ("49", 11, 1), ("33", 9, 6), ("34", 9, 6), ("351", 9, 9),
    ("39", 10, 3), ("31", 9, 6), ("55", 11, 1), ("52", 10, 5), ("54", 10, 1), ("57", 10, 3), ("56", 9, 9),
    ("51", 9, 9), ("62", 11, 8), ("65", 8, 9), ("60", 9, 1), ("63", 10, 9), ("971", 9, 5), ("61", 9, 4),
    ("91", 10, 8),
  ]

  private static let brands = [
    "Acme", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Wonka", "Tyrell", "Cyberdyne", "Soylent",
    "Hooli", "Pied Piper", "Vandelay", "Gringotts", "Oceanic", "Monarch", "Aperture", "Black Mesa", "Nakatomi",
    "Massive", "Dunder", "Prestige", "Sterling", "Virtucon", "Zorg", "Duff", "Krusty", "Kwik", "Bluth", "Oscorp",
    "Rekall", "Omni", "Veridian", "Cogswell", "Spacely", "Gekko", "Ollivander", "Benthic", "Weyland", "Yoyodyne",
  ]
  private static let trades = [
    "Bank", "Telecom", "Insurance", "Pharmacy", "Delivery", "Airlines", "Energy", "Realty", "Clinic", "Motors",
    "Finance", "Travel", "Foods", "Couriers", "Cable", "Loans", "Water", "Gas", "Mobile", "Retail", "Cards",
    "Labs", "Hotels", "Rail", "Tax",
  ]
  private static let spamLabels = ["Spam Likely", "Fraud Risk", "Telemarketer", "Robocall", "Scam", "Debt Collector"]

  // MARK: Output

  /// The source text: one `sender<TAB>action[/subAction]<TAB>label` line per entry.
  package func source() -> String {
    var text = ""
    text.reserveCapacity(entries * 44 + 64)
    text += "# synthetic sender directory: \(entries) entries, seed \(seed)\n"
    for index in 0..<entries {
      text += sender(index, asWritten: true)
      text += "\t"
      text += decision(index)
      if let label = label(index) {
        text += "\t"
        text += label
      }
      text += "\n"
    }
    return text
  }

  /// `count` senders of the directory, drawn at random (with repeats), as a network delivers
  /// them (`+919876543210`, `VM-ACMEBK`): lookups that hit, with receiver country ``country``.
  package func hits(count: Int) -> [String] {
    guard entries > 0 else { return [] }
    var random = SplitMix64(seed: seed ^ 0x4869_7473)
    return (0..<count).map { _ in sender(Int(random.next() % UInt64(entries)), asWritten: false) }
  }

  /// `count` senders of the same shapes that are not in the directory: lookups that miss.
  package func misses(count: Int) -> [String] {
    var random = SplitMix64(seed: seed ^ 0x4D69_7373)
    let span = UInt64(max(entries, 1000))
    return (0..<count).map { _ in sender(entries + Int(random.next() % span), asWritten: false) }
  }

  // MARK: Entries

  /// Entry `index`'s sender: in the source's varied writing, or as delivered.
  package func sender(_ index: Int, asWritten: Bool) -> String {
    let hundred = index / 100
    let slot = index % 100
    switch slot {
    case 0..<94:
      return phone(hundred * 94 + slot, asWritten: asWritten)
    case 94..<97:
      let serial = hundred * 3 + slot - 94
      return String(10_000 + (UInt64(serial) &* 7919) % 990_000)
    case 97..<99:
      let serial = hundred * 2 + slot - 97
      let entity = Self.entity(serial)
      let routes = ["VM", "AD", "JD", "BZ", "TM"]
      if serial % 2 == 0 { return asWritten ? entity : routes[serial % routes.count] + "-" + entity }
      return (asWritten ? "VM-" : routes[serial % routes.count] + "-") + entity + (serial % 4 == 1 ? "-S" : "")
    default:
      let serial = hundred
      let domain = Self.brands[serial % Self.brands.count].lowercased().filter { $0 != " " }
      return "alerts\(serial)@\(domain).example"
    }
  }

  /// The `serial`-th phone number, unique for every serial.
  private func phone(_ serial: Int, asWritten: Bool) -> String {
    let plan = Self.plans[serial % Self.plans.count]
    let round = UInt64(serial / Self.plans.count)
    let span = SenderParser.pow10(plan.length - 1)
    let national = plan.lead * span + (round &* 2_654_435_761) % span
    let digits = String(national)
    guard asWritten else { return "+" + plan.code + digits }
    switch serial % 5 {
    case 0 where plan.code == "91" && plan.lead == 9:
      return "0" + digits.prefix(5) + " " + digits.dropFirst(5)  // national, trunk prefix
    case 1:
      return "00" + plan.code + " " + digits
    case 2:
      return "+" + plan.code + "-" + digits.prefix(3) + "-" + digits.dropFirst(3)
    default:
      return "+" + plan.code + " " + digits
    }
  }

  /// An alphanumeric entity of 6 to 9 characters, unique for every serial.
  private static func entity(_ serial: Int) -> String {
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    var value = serial
    var text = ""
    for _ in 0..<4 {
      text.append(letters[value % 26])
      value /= 26
    }
    let brand = brands[serial % brands.count].uppercased().filter(\.isLetter)
    return String(brand.prefix(2 + serial % 4)) + text + (value > 0 ? String(value) : "")
  }

  /// A deterministic 64-bit hash of an entry and a purpose.
  private func mix(_ index: Int, _ purpose: UInt64) -> UInt64 {
    var random = SplitMix64(seed: seed ^ UInt64(index) &* 0x9E37_79B9_7F4A_7C15 ^ purpose)
    return random.next()
  }

  /// Entry `index`'s `action[/subAction]`.
  private func decision(_ index: Int) -> String {
    let roll = mix(index, 1) % 100
    switch roll {
    case 0..<35: return "junk"
    case 35..<60: return "none"
    case 60..<70: return "allow"
    case 70..<90:
      let sub = SubAction.transactional[Int(mix(index, 2) % UInt64(SubAction.transactional.count))]
      return roll % 4 == 0 ? "transaction" : "transaction/\(sub.name)"
    default:
      let sub = SubAction.promotional[Int(mix(index, 2) % UInt64(SubAction.promotional.count))]
      return "promotion/\(sub.name)"
    }
  }

  /// Entry `index`'s label, if any: one of about 20,000 business names, or a spam label.
  private func label(_ index: Int) -> String? {
    if distinctLabels { return "Entry \(index)" }
    let roll = mix(index, 1) % 100
    let pick = mix(index, 3)
    if roll < 35 {
      return pick % 3 == 0 ? nil : Self.spamLabels[Int(pick % UInt64(Self.spamLabels.count))]
    }
    if pick % 10 == 0 { return nil }
    let name = Int((pick >> 8) % 20_000)
    let brand = Self.brands[name % Self.brands.count]
    let trade = Self.trades[(name / Self.brands.count) % Self.trades.count]
    let branch = name / (Self.brands.count * Self.trades.count)
    return branch == 0 ? "\(brand) \(trade)" : "\(brand) \(trade) \(branch)"
  }
}
