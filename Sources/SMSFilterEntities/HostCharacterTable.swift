/// What the link scanner needs to know of each character it reads, worked out once per
/// character and remembered: whether it may be part of a host name
/// (``LinkScanner/isHostCharacter(_:)``) and whether its script is written without spaces
/// (``LinkScanner/isSpacelessScript(_:)``).
///
/// The two functions stay the definition; this table only remembers their answers, so the
/// scanner asks the Unicode property tables once per character of the first two planes rather
/// than once per character read (their look-ups were a quarter of a link-bearing message's scan).
/// ASCII is answered by a written-out test, characters above the second plane directly.
/// One table belongs to one scanner (one thread); it allocates its memory on first use. (Its
/// constants are computed properties: a stored global costs a lazy-initialisation check at
/// every read, and these are read at every character.)
struct HostCharacterTable {
  /// A character that may be part of a host name.
  static var host: UInt8 { 1 }
  /// A character of a script written without spaces between words.
  static var spaceless: UInt8 { 2 }
  /// Set on every remembered entry, so that zero means "not yet worked out".
  private static var known: UInt8 { 4 }
  /// Characters below this are remembered (the Basic and Supplementary Multilingual Planes).
  static var rememberedLimit: UInt32 { 0x2_0000 }

  /// Each remembered character's flags (``host``, ``spaceless``, and the known bit), or zero.
  private var entries: [UInt8] = []

  /// The flags of `value`, as the definitions answer them.
  static func flags(of value: UInt32) -> UInt8 {
    (LinkScanner.isHostCharacter(value) ? host : 0) | (LinkScanner.isSpacelessScript(value) ? spaceless : 0)
  }

  /// The flags of `value`, remembered.
  @inline(__always)
  mutating func flags(of value: UInt32) -> UInt8 {
    if value < 0x80 {
      // The definitions' answers for ASCII, written out (a global table would cost a lazy
      // initialisation check a character): digits, lower-case letters (the scanner folds case
      // first), `-` and `_` are host characters; no ASCII is spaceless. The tests compare.
      return value &- 0x30 < 10 || value &- 0x61 < 26 || value == 0x2D || value == 0x5F ? Self.host : 0
    }
    guard value < Self.rememberedLimit else { return Self.flags(of: value) }
    if entries.isEmpty { entries = Array(repeating: 0, count: Int(Self.rememberedLimit)) }
    let entry = entries[Int(value)]
    if entry != 0 { return entry & ~Self.known }
    let computed = Self.flags(of: value)
    entries[Int(value)] = computed | Self.known
    return computed
  }
}
