import SMSFilterEntities

/// The rule set's brands and shorteners, compiled for link conditions: each brand's keyword
/// literals (found by the automaton like any keyword), its domains, and the confusable
/// skeletons of its domain names, computed once at load.
struct BrandTable: Sendable {
  /// The brands, as the rule files list them.
  let brands: [Brand]
  /// Each brand's keywords, as literal ids (matched on word boundaries), with the brand, in
  /// brand order: one flat list, so finding the brands a message names retains no array per
  /// brand.
  let brandKeywords: [(literal: Int, brand: Int)]
  /// Every listed brand's domains, for ``isAnyBrandsOwn(_:)``.
  private let ownDomains: Set<String>
  /// Registrable domains of URL shorteners.
  let shorteners: Set<String>
  /// Brands by the sender IDs they send from (their `senders` and their keywords, upper-case,
  /// letters and digits only): a brand's own sender may link to its other domains.
  let brandsBySender: [String: [Int]]
  /// Each brand domain's name without its public suffix (`hdfcbank` for `hdfcbank.com`), as a
  /// UTS #39 skeleton, with the brand it belongs to and its ``letterMask(_:)``, by skeleton
  /// length.
  private let skeletonsByLength: [Int: [(skeleton: [Unicode.Scalar], brand: Int, letters: UInt64)]]

  /// The table for `brands` (keyword literal ids interned by the caller) and `shorteners`.
  init(brands: [Brand], keywordLiterals: [[Int]], shorteners: [String]) {
    self.brands = brands
    self.brandKeywords = keywordLiterals.enumerated().flatMap { brand, literals in
      literals.map { (literal: $0, brand: brand) }
    }
    self.shorteners = Set(shorteners)
    var skeletons: [(skeleton: [Unicode.Scalar], brand: Int, letters: UInt64)] = []
    for (index, brand) in brands.enumerated() {
      for domain in brand.domains {
        let registrable = HostNames.registrableDomain(ofASCII: domain) ?? domain
        let suffix = HostNames.publicSuffix(ofASCII: registrable) ?? ""
        let name = suffix.isEmpty ? registrable : String(registrable.dropLast(suffix.count + 1))
        guard !name.isEmpty else { continue }
        let skeleton = Array(HostNames.skeleton(of: name).unicodeScalars)
        skeletons.append((skeleton, index, Self.letterMask(skeleton)))
      }
    }
    var bySender: [String: [Int]] = [:]
    for (index, brand) in brands.enumerated() {
      for name in Set((brand.senders + brand.keywords).map(Self.senderKey)) where !name.isEmpty {
        bySender[name, default: []].append(index)
      }
    }
    self.brandsBySender = bySender
    self.skeletonsByLength = Dictionary(grouping: skeletons, by: \.skeleton.count)
    self.ownDomains = Set(brands.flatMap(\.domains))
  }

  /// A sender ID or brand name as a key: upper-case letters and digits.
  static func senderKey(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.uppercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }))
  }

  /// An empty table.
  static let empty = BrandTable(brands: [], keywordLiterals: [], shorteners: [])

  /// Whether the link's host is one of `brand`'s domains or under one.
  func isOwn(_ link: Link, by brand: Int) -> Bool {
    brands[brand].domains.contains { link.isWithin($0) || link.registrableDomain == $0 }
  }

  /// Whether the link goes through a listed shortener.
  func isShortener(_ link: Link) -> Bool {
    shorteners.contains(link.registrableDomain) || shorteners.contains(link.host)
  }

  /// The brand whose domain the link's host imitates without being it, if any: a word of the
  /// host (labels, hyphen-separated parts, a label with its hyphens dropped) whose skeleton
  /// equals a brand's domain name's (`paypa1`, `pаypal`, `usps` in `usps.trcking-info.com`),
  /// or, for names of five characters or more, differs from it by one edit (`paypall`). A host
  /// that is a listed brand's own, or under a government's suffix, imitates no one; nor does a
  /// host imitate a brand the sender is (`senderBrands`).
  ///
  /// How the link is written (a bare three-letter name, ``isProseJoin(_:)``) is for the caller
  /// to rule out first. `skeleton` computes (or recalls) a word's skeleton: ICU's is the costly
  /// step, and hosts repeat from message to message.
  func lookalikeBrand(of link: Link, sentBy senderBrands: [Int] = [], skeleton skeletonOf: (String) -> [Unicode.Scalar])
    -> Int?
  {
    lookalikeVerdict(of: link, skeleton: skeletonOf).brand(sentBy: senderBrands)
  }

  /// What a link's host imitates, for any sender: the brands whose domain names its words are
  /// close to, in the order ``lookalikeBrand(of:sentBy:skeleton:)`` searches them, and whether
  /// the host is a listed brand's own. It depends on the host alone (the link's host, its
  /// Unicode form and public suffix), so callers remember it by host, whoever the sender.
  func lookalikeVerdict(of link: Link, skeleton skeletonOf: (String) -> [Unicode.Scalar]) -> LookalikeVerdict {
    guard !link.isIPAddress, !skeletonsByLength.isEmpty, !Self.isGovernmentSuffix(link.publicSuffix) else {
      return LookalikeVerdict(closeBrands: [], isListedBrandsOwn: false)
    }
    let suffixLabels = link.publicSuffix.split(separator: ".").count
    let labels = link.unicodeHost.split(separator: ".").dropLast(suffixLabels)
    var words: [String] = []
    for label in labels {
      words.append(String(label))
      if label.utf8.contains(UInt8(ascii: "-")) {
        words.append(contentsOf: label.split(separator: "-").map(String.init))
        words.append(String(label.filter { $0 != "-" }))
      }
    }
    var close: [Int] = []
    for word in words where word.count >= 3 {
      let skeleton = skeletonOf(word)
      let letters = Self.letterMask(skeleton)
      // Only names of a length within one of the word's can be within one edit of it, and only
      // those whose letters differ from the word's in at most two (``letterMask(_:)``).
      for length in max(0, skeleton.count - 1)...(skeleton.count + 1) {
        for entry in skeletonsByLength[length] ?? []
        where (entry.letters ^ letters).nonzeroBitCount <= 2 && !close.contains(entry.brand) {
          if entry.skeleton == skeleton || (entry.skeleton.count >= 5 && Self.withinOneEdit(entry.skeleton, skeleton)) {
            close.append(entry.brand)
          }
        }
      }
    }
    // A listed brand's own domain imitates no other brand (`paypal.com` and PayPay's
    // `paypay.ne.jp` are one edit apart); asked only of hosts close to some brand.
    return LookalikeVerdict(closeBrands: close, isListedBrandsOwn: !close.isEmpty && isAnyBrandsOwn(link))
  }

  /// Whether the link's host is any listed brand's domain or under one (``isOwn(_:by:)`` for
  /// some brand): the host and each of its parent domains looked up in one set, rather than
  /// every brand's domains compared in turn.
  func isAnyBrandsOwn(_ link: Link) -> Bool {
    if ownDomains.contains(link.registrableDomain) { return true }
    var host = Substring(link.host)
    while true {
      if ownDomains.contains(String(host)) { return true }
      guard let dot = host.firstIndex(of: ".") else { return false }
      host = host[host.index(after: dot)...]
    }
  }

  /// Whether the link is a bare name of one three-letter label before its public suffix
  /// (`SAT.LOVE`: no scheme, no `www.`, no port and nothing after the host), which imitates no
  /// brand: two words of prose joined by a full stop with no space read as a bare name when the
  /// second is a public suffix, and a three-letter word (`sat`, `ups`) is too often the first of
  /// them. The same word in `sat-mx.info`, `www.sat.info` or `sat.info/pago` still counts. It
  /// depends on how the link is written, not only on its host, so it is asked before
  /// ``lookalikeBrand(of:sentBy:skeleton:)``, whose answers are remembered by host.
  static func isProseJoin(_ link: Link) -> Bool {
    // The host is three characters, a dot and its suffix (`sat.` + `love`); two labels of one
    // character each would fit too, but words that short imitate no one anyway.
    !link.hasScheme && link.port == nil && link.range.count <= link.unicodeHost.utf8.count
      && link.host.utf8.count == link.publicSuffix.utf8.count + 4
  }

  /// Whether `suffix` is a government's own public suffix (`gov`, `mil`, `gov.tr`, `go.kr`,
  /// `gob.mx`, `gouv.fr`, `govt.nz`, `gub.uy`, `gv.at`): only that government registers names
  /// under it, so a host there imitates no one, whatever its words (`ais.osym.gov.tr`).
  static func isGovernmentSuffix(_ suffix: String) -> Bool {
    if suffix == "gov" || suffix == "mil" { return true }
    let labels = suffix.split(separator: ".")
    guard labels.count == 2, labels[1].count == 2 else { return false }
    return ["gov", "go", "gob", "gouv", "govt", "gub", "gv", "mil"].contains(labels[0])
  }

  /// The set of a skeleton's scalars as bits (bit `value % 64` for each scalar): a quick test
  /// that rules out most names before ``withinOneEdit(_:_:)``. One edit changes the set of
  /// scalars by at most two (one removed, one added), and folding them into 64 bits can only
  /// merge differences, so two skeletons whose masks differ in more than two bits are more than
  /// one edit apart.
  static func letterMask(_ skeleton: [Unicode.Scalar]) -> UInt64 {
    skeleton.reduce(0) { $0 | 1 << UInt64($1.value % 64) }
  }

  /// Whether two strings differ by at most one insertion, deletion or substitution.
  static func withinOneEdit(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
    if abs(a.count - b.count) > 1 { return false }
    var i = 0
    var j = 0
    var edits = 0
    while i < a.count && j < b.count {
      if a[i] == b[j] {
        i += 1
        j += 1
        continue
      }
      edits += 1
      if edits > 1 { return false }
      if a.count > b.count {
        i += 1
      } else if b.count > a.count {
        j += 1
      } else {
        i += 1
        j += 1
      }
    }
    return edits + (a.count - i) + (b.count - j) <= 1
  }
}

/// What a host imitates, for any sender (``BrandTable/lookalikeVerdict(of:skeleton:)``).
struct LookalikeVerdict {
  /// The brands whose domain names the host's words are close to, first found first.
  let closeBrands: [Int]
  /// Whether the host is a listed brand's own domain (then it imitates no one).
  let isListedBrandsOwn: Bool

  /// The brand the host imitates for a sender who is `senderBrands`: the first close brand
  /// the sender is not, unless the host is a listed brand's own.
  func brand(sentBy senderBrands: [Int]) -> Int? {
    if isListedBrandsOwn { return nil }
    return closeBrands.first { !senderBrands.contains($0) }
  }
}
