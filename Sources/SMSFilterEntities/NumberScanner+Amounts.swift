// Money amounts: a number, an optional multiplier word, and a currency before or after it.
extension NumberScanner {
  /// The money amounts in `body` (valid UTF-8), in order: numbers with a currency symbol, code
  /// or word next to them. A number with no currency is not an amount.
  public mutating func amounts(in body: UnsafeBufferPointer<UInt8>) -> [MoneyAmount] {
    guard load(body) else { return [] }
    var found: [MoneyAmount] = []
    var index = 0
    while index < scalars.count {
      guard digit(at: index) != nil, digit(at: index - 1) == nil else {
        index += 1
        continue
      }
      let (value, numberEnd) = number(at: index)
      var end = numberEnd
      var amount = value
      // A multiplier word, joined or after one space: `5k`, `10 juta`, `3万`.
      let wordStart = end < scalars.count && scalars[end] == " " ? end + 1 : end
      if let (factor, wordEnd) = word(at: wordStart, in: MoneyAmount.multipliers) {
        amount *= factor
        end = wordEnd
      }
      var start = index
      var currency: String?
      if let (code, tokenStart) = currencyBefore(index) {
        currency = code
        start = tokenStart
      }
      if currency == nil {
        let next = end < scalars.count && (scalars[end] == " " || scalars[end] == "\u{00A0}") ? end + 1 : end
        if let (code, tokenEnd) = word(at: next, in: MoneyAmount.currencies) {
          currency = code
          end = tokenEnd
        }
      }
      if let currency {
        found.append(MoneyAmount(range: offsets[start]..<offsets[end], currency: currency, value: amount))
      }
      index = max(end, numberEnd)
    }
    return found
  }

  /// The number starting at `start`: digit groups with `,` `.` `'` or thin spaces between them.
  /// A last separator followed by one or two digits is the decimal point; others group
  /// thousands.
  private func number(at start: Int) -> (Double, Int) {
    var groups: [String] = [""]
    var separatorsBeforeGroup: [Unicode.Scalar] = []
    var index = start
    while index < scalars.count {
      if let value = digit(at: index) {
        groups[groups.count - 1].append(Character(Unicode.Scalar(value + 0x30)))
        index += 1
      } else if [",", ".", "'", "\u{202F}", "\u{2009}"].contains(scalars[index]), digit(at: index + 1) != nil {
        separatorsBeforeGroup.append(scalars[index])
        groups.append("")
        index += 1
      } else {
        break
      }
    }
    var decimals = ""
    if groups.count >= 2, let last = groups.last, last.count <= 2,
      separatorsBeforeGroup.last == "." || separatorsBeforeGroup.last == ","
    {
      decimals = last
      groups.removeLast()
    }
    let value = Double(groups.joined() + (decimals.isEmpty ? "" : "." + decimals)) ?? 0
    return (value, index)
  }

  /// A token of `table` starting at `start` and ending before a letter-free position.
  private func word<Value>(at start: Int, in table: [String: Value]) -> (Value, Int)? {
    guard start < scalars.count else { return nil }
    var text = ""
    var best: (Value, Int)?
    var index = start
    while index < scalars.count, index - start < MoneyAmount.longestCurrency + 2 {
      let scalar = scalars[index]
      if scalar == " " || digit(at: index) != nil { break }
      text.unicodeScalars.append(Self.lowercased(scalar))
      index += 1
      if let value = table[text], !isLetterJoined(at: index, after: scalar) { best = (value, index) }
    }
    return best
  }

  /// The currency token ending at `end` (with at most one space or nothing between), and where
  /// it starts.
  private func currencyBefore(_ end: Int) -> (String, Int)? {
    let tokenEnd = end > 0 && (scalars[end - 1] == " " || scalars[end - 1] == "\u{00A0}") ? end - 1 : end
    var best: (String, Int)?
    var text = ""
    var index = tokenEnd
    while index > 0, tokenEnd - index < MoneyAmount.longestCurrency {
      let scalar = scalars[index - 1]
      if scalar == " " || digit(at: index - 1) != nil { break }
      text.unicodeScalars.insert(Self.lowercased(scalar), at: text.unicodeScalars.startIndex)
      index -= 1
      if let code = MoneyAmount.currencies[text], !isLetterJoined(at: index - 1, after: scalar) { best = (code, index) }
    }
    return best
  }

  /// Whether the character at `index` continues a word that `neighbour` ends or starts (so a
  /// token inside a longer word, like `rs` in `hours`, is not a currency). Symbols and
  /// spaceless scripts join anything.
  private func isLetterJoined(at index: Int, after neighbour: Unicode.Scalar) -> Bool {
    guard index >= 0, index < scalars.count, neighbour.properties.isAlphabetic, neighbour.value < 0x2E80 else {
      return false
    }
    return scalars[index].properties.isAlphabetic
  }

  static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(scalar.value | 0x20)! : scalar
  }
}
