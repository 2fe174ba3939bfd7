/// Prepares a rule's regex to run on normalised text.
enum RegexSource {
  /// Normalises the non-ASCII characters of a pattern the way message text is normalised
  /// (`código` → `codigo`, full-width `Ｗ` → `w`), so a pattern written with accents still matches.
  ///
  /// ASCII is left alone: it carries the regex syntax, and matching is case-insensitive anyway.
  /// A non-ASCII character that normalises to ASCII punctuation is escaped, so it stays a literal.
  static func prepare(_ pattern: String) -> String {
    guard pattern.utf8.contains(where: { $0 >= 0x80 }) else { return pattern }
    var output = ""
    output.reserveCapacity(pattern.utf8.count)
    for scalar in pattern.unicodeScalars {
      if scalar.isASCII {
        output.unicodeScalars.append(scalar)
        continue
      }
      let (bytes, kind) = ScalarFoldingTable.computeMapping(scalar.value)
      if kind.contains(.space) {
        output += " "
        continue
      }
      for part in String(decoding: bytes, as: UTF8.self).unicodeScalars {
        if part.isASCII, !(part.properties.isAlphabetic || ("0"..."9").contains(part)) {
          output += "\\"
        }
        output.unicodeScalars.append(part)
      }
    }
    return output
  }
}
