import SMSFilter

/// Deterministic synthetic rule sets and messages, for the benchmark's scaling series and for
/// testing the compiled matcher against the plain per-rule evaluation at scale.
///
/// The mix is about 70% keyword rules and 30% regex rules (a few regexes have no literal the
/// prefilter can use), priorities spread over 0–99, over a vocabulary of pronounceable
/// pseudo-words plus common SMS words.
package struct SyntheticWorkload: Sendable {
  /// The vocabulary words.
  package let words: [String]
  package let seed: UInt64

  package static let common = [
    "your", "account", "the", "is", "for", "code", "otp", "order", "delivery", "rs", "inr", "payment",
    "debited", "credited", "offer", "sale", "win", "prize", "call", "now", "today", "link", "bank",
    "card", "click", "valid", "till", "dear", "customer", "thanks", "regards", "balance", "due",
  ]

  /// Creates a workload with a vocabulary of `vocabularySize` pseudo-words.
  package init(seed: UInt64 = 42, vocabularySize: Int = 20_000) {
    self.seed = seed
    var generator = SplitMix64(seed: seed)
    let onsets = [
      "b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z", "br", "ch", "sh", "st",
      "tr", "pl",
    ]
    let vowels = ["a", "e", "i", "o", "u", "ai", "ou", "ee"]
    var seen = Set<String>()
    var words: [String] = []
    while words.count < vocabularySize {
      let syllables = Int.random(in: 2...4, using: &generator)
      var word = ""
      for _ in 0..<syllables {
        word += onsets.randomElement(using: &generator)! + vowels.randomElement(using: &generator)!
      }
      if Bool.random(using: &generator) { word += ["n", "r", "s", "t", "x"].randomElement(using: &generator)! }
      if seen.insert(word).inserted { words.append(word) }
    }
    self.words = words
  }

  /// A rule set of `count` rules as YAML text (so it goes through the same loader as real rules).
  package func rulesYAML(count: Int) -> String {
    var generator = SplitMix64(seed: seed &+ UInt64(count))
    let transactional = SubAction.transactional
    let promotional = SubAction.promotional
    var yaml = "ruleset: synthetic-\(count)\nrules:\n"
    for index in 0..<count {
      let priority = Int.random(in: 0..<100, using: &generator)
      let kind = Int.random(in: 0..<3, using: &generator)
      let (action, subAction): (Action, SubAction) =
        kind == 0
        ? (.junk, .none)
        : kind == 1
          ? (.transaction, transactional.randomElement(using: &generator)!)
          : (.promotion, promotional.randomElement(using: &generator)!)
      yaml += "  - id: R\(index)\n    action: \(action.name)\n"
      if subAction != .none { yaml += "    subAction: \(subAction.name)\n" }
      yaml += "    priority: \(priority)\n    when:\n"
      let roll = Int.random(in: 0..<100, using: &generator)
      func word() -> String { words.randomElement(using: &generator)! }
      if roll < 55 {
        let keywords = (0..<Int.random(in: 1...4, using: &generator)).map { _ in word() }
        yaml += "      keywords: [\(keywords.joined(separator: ", "))]\n"
      } else if roll < 70 {
        yaml += "      allKeywords: [\(word()), \(Self.common.randomElement(using: &generator)!)]\n"
      } else if roll < 80 {
        yaml += "      regex: '\\b\(word())\\s+\\d{3,6}\\b'\n"
      } else if roll < 88 {
        yaml += "      regex: '(?:\(word())|\(word()))\\W+(?:rs|inr)\\.?\\s?\\d+'\n"
      } else if roll < 96 {
        yaml +=
          "      - keywords: [\(Self.common.randomElement(using: &generator)!)]\n      - regex: '\(word())[a-z]{0,3}\\s+\\w+'\n"
      } else if roll < 99 {
        // Only a punctuation literal to gate it.
        yaml += "      regex: '\\b\\d{4}-\\d{3}-\\d{\(Int.random(in: 3...5, using: &generator))}\\b'\n"
      } else {
        // A regex with no literal of its own, gated by a keyword of the same rule.
        yaml +=
          "      - keywords: [\(word())]\n      - regex: '\\b\\d{\(Int.random(in: 11...14, using: &generator))}\\b'\n"
      }
    }
    return yaml
  }

  /// `count` messages of about `averageBytes` bytes: common words, vocabulary words (some
  /// triggering rules), numbers and amounts. Vocabulary words are drawn with Zipf's law
  /// (frequency ∝ 1/rank), as words occur in real text; rules draw their keywords uniformly.
  package func messages(count: Int, averageBytes: Int = 106) -> [MessageQuery] {
    var generator = SplitMix64(seed: seed ^ 0x5EED)
    var cumulative: [Double] = []
    cumulative.reserveCapacity(words.count)
    var total = 0.0
    for rank in 1...words.count {
      total += 1 / Double(rank)
      cumulative.append(total)
    }
    func zipfWord() -> String {
      let target = Double.random(in: 0..<total, using: &generator)
      var low = 0
      var high = cumulative.count - 1
      while low < high {
        let middle = (low + high) / 2
        if cumulative[middle] < target { low = middle + 1 } else { high = middle }
      }
      return words[low]
    }
    var messages: [MessageQuery] = []
    messages.reserveCapacity(count)
    let senders = ["VM-HDFCBK", "AD-AMZNIN", "+447700900123", "56161", "Revolut", "+919876543210"]
    for _ in 0..<count {
      var body = ""
      let target = Int.random(in: (averageBytes * 7 / 10)...(averageBytes * 13 / 10), using: &generator)
      while body.utf8.count < target {
        let roll = Int.random(in: 0..<100, using: &generator)
        let token: String
        if roll < 45 {
          token = Self.common.randomElement(using: &generator)!
        } else if roll < 80 {
          token = zipfWord()
        } else if roll < 92 {
          token = String(Int.random(in: 100...999_999, using: &generator))
        } else {
          token = "Rs \(Int.random(in: 10...99_999, using: &generator)).00"
        }
        body += body.isEmpty ? token.capitalized : " " + token
      }
      messages.append(MessageQuery(sender: senders.randomElement(using: &generator), messageBody: body + "."))
    }
    return messages
  }
}
