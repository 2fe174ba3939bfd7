import Foundation

/// Finds runs of single-byte character classes that every match of a regex must contain, so the
/// matcher can skip a regex with no required literal (`\b[a-z]([ .-])[a-z](?:\1[a-z]){2,}\b`,
/// `\dx\d`, `\d{5,}`) on a message where no such run occurs, without running PCRE2.
///
/// The guarantee (a prefilter's): if the regex matches a normalised text, then for at least one
/// top-level alternative every one of its runs occurs in the text as consecutive bytes, position
/// `i` of the run a byte of its set `i`. The sets hold ASCII bytes only, and stand for exactly the
/// characters the regex atom matches in normalised text:
/// - an ASCII letter, caseless, is the letter in both cases (PCRE2's caseless, Unicode-aware
///   matching also pairs `k` with the Kelvin sign and `s` with the long s, which normalisation
///   decomposes to `k` and `s`, so normalised text never holds them);
/// - `\s` is ASCII white space (normalisation turns every other white-space character into a
///   space);
/// - `\d` is `0`-`9` and `\w` is `[0-9A-Za-z_]` only on a text with no other digit, or no
///   non-ASCII byte at all: ``Factor/flags`` says which the factor assumes, and the matcher checks
///   it before trusting the factor.
///
/// Anything the analysis does not follow ends a run (a class with a non-ASCII member, `.`, a
/// property, a quantifier that makes an atom optional or variable, a group whose alternatives
/// differ in length), which is always safe; syntax that could change how the rest reads (inline
/// options, verbs, `\Q…\E`, a `{` that is not a quantifier) gives no factor at all.
///
/// ```swift
/// RegexFactors.factor(#"(?<!\w)\dx\d(?!\w)"#)  // one alternative, one run: [0-9] x [0-9]
/// ```
enum RegexFactors {
  /// A set of bytes, as four 64-bit words.
  struct ByteSet: Hashable, Sendable {
    var words: [UInt64] = [0, 0, 0, 0]

    func contains(_ byte: UInt8) -> Bool { words[Int(byte >> 6)] >> UInt64(byte & 63) & 1 != 0 }

    mutating func insert(_ byte: UInt8) { words[Int(byte >> 6)] |= 1 << UInt64(byte & 63) }

    /// Inserts an ASCII letter in both cases, anything else as it is.
    mutating func insertCaseless(_ byte: UInt8) {
      insert(byte)
      if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { insert(byte ^ 0x20) }
    }

    mutating func formUnion(_ other: ByteSet) {
      for index in 0..<4 { words[index] |= other.words[index] }
    }

    static func bytes(_ list: some Sequence<UInt8>) -> ByteSet {
      var set = ByteSet()
      for byte in list { set.insertCaseless(byte) }
      return set
    }

    static let digits = bytes(0x30...0x39)
    static let space = bytes([0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D])
    static let word = bytes(Array(0x30...0x39) + Array(0x61...0x7A) + [0x5F])
    /// The first bytes of the characters of `\p{Extended_Pictographic}` (U+00A9 and U+00AE,
    /// U+203C–U+3299, U+1F000–U+1FFFD); the test suite checks it against PCRE2 over every
    /// scalar.
    static let pictographicLeads = bytes([0xC2, 0xE2, 0xE3, 0xF0])
    /// The second bytes of those characters (`C2 A9`, `E2 80`–`E2 AD`, `E3 80`, `E3 8A`, `F0 9F`,
    /// …): one set for every lead, which is enough to tell them from `₹` (`E2 82`), `£`
    /// (`C2 A3`) and kana (`E3 81`); checked against PCRE2 with the leads.
    static let pictographicSeconds = bytes(
      [0xA9, 0xAE, 0x80, 0x81, 0x84, 0x86, 0x8C, 0x8E, 0x8F, 0x93, 0x96, 0x97, 0xA4, 0xAC, 0xAD, 0x8A]
        + Array(0x98...0x9F))
  }

  /// What a factor assumes of the text (see ``RegexFactors``).
  struct Flags: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    /// `\d` read as `[0-9]`: true only of a text with no non-ASCII decimal digit.
    static let asciiDigits = Flags(rawValue: 1)
    /// `\w` read as `[0-9a-z_]`: true only of a text with no non-ASCII byte.
    static let asciiText = Flags(rawValue: 2)
  }

  /// The runs of each top-level alternative (all of an alternative's runs occur in any text it
  /// matches), and what they assume.
  struct Factor: Hashable, Sendable {
    var alternatives: [[[ByteSet]]]
    var flags: Flags
    /// When `flags` reads `\d` as `[0-9]`: the runs of each alternative with `\d` read as
    /// anything (a cut), for a text with a digit of another script, where `alternatives` do not
    /// hold (`nil`: none worth a scan, or they too assume an ASCII text).
    var otherDigits: [[[ByteSet]]]? = nil
  }

  /// One piece of a sequence: a character from a set, or a stretch the analysis does not follow.
  enum Item: Hashable {
    case set(ByteSet)
    case cut
  }

  /// How `\p{Extended_Pictographic}` may be written (PCRE2 ignores case, spaces, hyphens and
  /// underscores in property names; these are the spellings the analysis knows).
  static let pictographicNames: Set<String> = [
    #"\p{Extended_Pictographic}"#, #"\p{ExtPict}"#, #"\p{extendedpictographic}"#,
  ]

  /// The most copies of a quantified atom written out.
  static let maximumRepeat = 8

  /// Reads sequences into items, knowing the sets of the capturing groups that hold one class.
  struct Reader {
    /// Capturing group number → its set, for groups that are one unquantified set.
    var groupSets: [Int: ByteSet]
    var flags: Flags
    /// Read `\d` as a cut, not as `[0-9]` (it then assumes nothing of the text's digits).
    var digitsAsCut = false

    /// Numbers the capturing groups of the whole pattern and notes those that are one set.
    mutating func collectGroupSets(_ scalars: [Unicode.Scalar]) {
      var number = 0
      var index = 0
      while index < scalars.count {
        switch scalars[index] {
        case "\\":
          index += 2
          continue
        case "[":
          index = RegexLiterals.skipClass(scalars, from: index)
          continue
        case "(":
          let next = index + 1 < scalars.count ? scalars[index + 1] : ")"
          let third = index + 2 < scalars.count ? scalars[index + 2] : ")"
          var contentStart = -1
          if next != "?" && next != "*" {
            contentStart = index + 1
          } else if next == "?", third == "<" || third == "'" || third == "P" {
            let fourth = index + 3 < scalars.count ? scalars[index + 3] : ")"
            if !(third == "<" && (fourth == "=" || fourth == "!")) && !(third == "P" && fourth != "<") {
              var cursor = index + 3
              while cursor < scalars.count, scalars[cursor] != ">", scalars[cursor] != "'" { cursor += 1 }
              contentStart = cursor + 1
            }
          }
          if contentStart >= 0 {
            number += 1
            let end = RegexLiterals.skipGroup(scalars, from: index)
            if contentStart <= end - 1, end <= scalars.count, scalars[end - 1] == ")" {
              var copy = Reader(groupSets: [:], flags: [], digitsAsCut: digitsAsCut)
              var extra: [[ByteSet]] = []
              let content = Array(scalars[contentStart..<(end - 1)])
              if let items = copy.items(content, extraRuns: &extra), items.count == 1, case .set(let set) = items[0] {
                groupSets[number] = set
                flags.formUnion(copy.flags)
              }
            }
          }
        default:
          break
        }
        index += 1
      }
    }

    /// The items of one alternative (no top-level `|`); runs that positive lookarounds require
    /// go to `extraRuns`. `nil` for syntax that gives no factor.
    mutating func items(_ scalars: [Unicode.Scalar], extraRuns: inout [[ByteSet]]) -> [Item]? {
      var result: [Item] = []
      var index = 0
      while index < scalars.count {
        let scalar = scalars[index]
        var atom: [Item] = []
        var atomEnd = index + 1
        // Runs a lookaround in this atom requires: dropped again if the atom is optional.
        let extraCount = extraRuns.count
        switch scalar {
        case "\\":
          guard index + 1 < scalars.count else { return nil }
          let letter = scalars[index + 1]
          atomEnd = RegexLiterals.escapeEnd(scalars, letter: letter, from: index + 2)
          switch letter {
          case "Q", "E": return nil
          case "d" where digitsAsCut: atom = [.cut]
          case "d":
            flags.insert(.asciiDigits)
            atom = [.set(.digits)]
          case "s": atom = [.set(.space)]
          case "w":
            flags.insert(.asciiText)
            atom = [.set(.word)]
          case "b", "B", "A", "z", "Z", "G", "K": atom = []  // zero-width
          case "p"
          where RegexFactors.pictographicNames.contains(String(String.UnicodeScalarView(scalars[index..<atomEnd]))):
            // One emoji: its first two bytes, then bytes the analysis does not follow.
            atom = [.set(.pictographicLeads), .set(.pictographicSeconds), .cut]
          case "1"..."9":
            let digits = String(String.UnicodeScalarView(scalars[(index + 1)..<atomEnd]))
            atom = [Int(digits).flatMap { groupSets[$0] }.map { .set($0) } ?? .cut]
          default:
            if letter.isASCII, !letter.properties.isAlphabetic, !("0"..."9").contains(letter) {
              atom = [.set(.bytes([UInt8(letter.value)]))]
            } else {
              atom = [.cut]
            }
          }
        case "[":
          atomEnd = RegexLiterals.skipClass(scalars, from: index)
          guard atomEnd <= scalars.count, scalars[atomEnd - 1] == "]" else { return nil }
          atom = [classItem(Array(scalars[(index + 1)..<(atomEnd - 1)]))]
        case "(":
          atomEnd = RegexLiterals.skipGroup(scalars, from: index)
          guard atomEnd <= scalars.count, scalars[atomEnd - 1] == ")" else { return nil }
          guard let group = groupItems(Array(scalars[index..<atomEnd]), extraRuns: &extraRuns) else { return nil }
          atom = group
        case ".": atom = [.cut]
        case "^", "$": atom = []
        case ")", "|", "*", "+", "?", "{": return nil
        default:
          if scalar.isASCII {
            atom = [.set(.bytes([UInt8(scalar.value)]))]
          } else if !scalar.properties.changesWhenCaseMapped {
            atom = Array(String(Character(scalar)).utf8).map { .set(ByteSet.bytes([$0])) }
          } else {
            atom = [.cut]
          }
        }
        // A following quantifier: write the atom out `minimum` times, then cut if it may repeat
        // more (or fewer, never: the minimum is always there), then write it out again: the
        // last `minimum` copies are as sure as the first, and adjacent to what follows
        // (`[a-z]{1,12}[0-9]` holds the run letter, digit).
        var minimum = 1
        var maximum: Int? = 1
        if let quantifier = RegexQuantifier(scalars, at: atomEnd) {
          (minimum, maximum, atomEnd) = (quantifier.minimum, quantifier.maximum, quantifier.end)
        } else if atomEnd < scalars.count, scalars[atomEnd] == "{" {
          return nil  // a literal brace: not followed here
        }
        if minimum == 0 { extraRuns.removeSubrange(extraCount...) }
        if atom.isEmpty {
          // Zero-width: nothing to repeat, and the bytes around it stay adjacent.
        } else if minimum == 1 && maximum == 1 {
          result += atom
        } else {
          for _ in 0..<min(minimum, RegexFactors.maximumRepeat) { result += atom }
          if maximum != minimum || minimum > RegexFactors.maximumRepeat {
            result.append(.cut)
            for _ in 0..<min(minimum, RegexFactors.maximumRepeat) { result += atom }
          }
        }
        index = atomEnd
      }
      return result
    }

    /// The items of a group `(…)` (the scalars include both parentheses).
    mutating func groupItems(_ group: [Unicode.Scalar], extraRuns: inout [[ByteSet]]) -> [Item]? {
      let next = group.count > 1 ? group[1] : ")"
      let third = group.count > 2 ? group[2] : ")"
      let fourth = group.count > 3 ? group[3] : ")"
      var contentStart = 1
      var lookaround = false
      if next == "?" {
        switch third {
        case ":", ">": contentStart = 3
        case "=":
          contentStart = 3
          lookaround = true
        case "!", "#": return []
        case "<" where fourth == "=":
          contentStart = 4
          lookaround = true
        case "<" where fourth == "!": return []
        case "P" where fourth != "<": return [.cut]  // (?P=name), (?P>name)
        case "<", "'", "P":
          var cursor = 3
          while cursor < group.count, group[cursor] != ">", group[cursor] != "'" { cursor += 1 }
          contentStart = cursor + 1
        case "(": return nil
        default: return [.cut]  // calls, branch resets
        }
      } else if next == "*" {
        return nil
      }
      guard contentStart <= group.count - 1,
        let branches = RegexLiterals.splitAlternatives(Array(group[contentStart..<(group.count - 1)]))
      else { return nil }
      var lists: [[Item]] = []
      for branch in branches {
        var inner: [[ByteSet]] = []
        guard let items = self.items(branch, extraRuns: &inner) else { return nil }
        if branches.count == 1 { extraRuns += inner }
        lists.append(items)
      }
      if lookaround {
        // Zero-width: what it requires the text holds, apart from the runs around it.
        if lists.count == 1 {
          var current: [ByteSet] = []
          for item in lists[0] + [.cut] {
            if case .set(let set) = item {
              current.append(set)
            } else if !current.isEmpty {
              extraRuns.append(current)
              current = []
            }
          }
        }
        return []
      }
      if lists.count == 1 { return lists[0] }
      // Alternatives: the union at each position while every alternative has a set there.
      var merged: [Item] = []
      var position = 0
      while true {
        var union = ByteSet()
        var allSets = true
        for list in lists {
          guard position < list.count, case .set(let set) = list[position] else {
            allSets = false
            break
          }
          union.formUnion(set)
        }
        if !allSets { break }
        merged.append(.set(union))
        position += 1
      }
      if lists.contains(where: { $0.count != position }) || lists.isEmpty { merged.append(.cut) }
      return merged
    }

    /// A class's content (between `[` and `]`) as one item: a set when every member is ASCII
    /// and read exactly, else a cut.
    mutating func classItem(_ content: [Unicode.Scalar]) -> Item {
      guard !content.isEmpty, content.first != "^" else { return .cut }
      var set = ByteSet()
      var index = 0
      while index < content.count {
        var member: Unicode.Scalar?
        let scalar = content[index]
        if scalar == "\\" {
          guard index + 1 < content.count else { return .cut }
          let letter = content[index + 1]
          index += 2
          switch letter {
          case "d":
            if digitsAsCut { return .cut }
            flags.insert(.asciiDigits)
            set.formUnion(.digits)
          case "s": set.formUnion(.space)
          case "w":
            flags.insert(.asciiText)
            set.formUnion(.word)
          default:
            guard letter.isASCII, !letter.properties.isAlphabetic, !("0"..."9").contains(letter) else { return .cut }
            member = letter
          }
        } else if scalar == "[" {
          return .cut  // POSIX classes are Unicode-wide with UCP
        } else {
          guard scalar.isASCII else { return .cut }
          member = scalar
          index += 1
        }
        guard let member else { continue }
        // A range: `a-z` (a `-` first, last or after a range is itself).
        if index + 1 < content.count, content[index] == "-" {
          let upper = content[index + 1]
          guard upper != "\\", upper != "[" else { return .cut }
          guard upper.isASCII, member.value <= upper.value else { return .cut }
          for value in member.value...upper.value { set.insertCaseless(UInt8(value)) }
          index += 2
          continue
        }
        set.insertCaseless(UInt8(member.value))
      }
      return .set(set)
    }
  }
}
