/// Whether a literal was found in the current message (see ``MatchState/generation``), in four
/// bytes: `generation << 1` once it is found anywhere, `| 1` once it is found on word boundaries
/// (a bounded occurrence is also an occurrence, so two flags need one generation).
struct LiteralStamp {
  var value: UInt32 = 0

  /// The largest generation a stamp can hold.
  static let maxGeneration = UInt32.max >> 1

  /// Found anywhere in the message of `generation`.
  @inline(__always)
  func isFound(in generation: UInt32) -> Bool { value &>> 1 == generation }

  /// Found on word boundaries in the message of `generation`.
  @inline(__always)
  func isFoundBounded(in generation: UInt32) -> Bool { value == generation &<< 1 | 1 }

  /// The stamp of a literal found (on word boundaries or not) in the message of `generation`.
  @inline(__always)
  static func found(in generation: UInt32, bounded: Bool) -> LiteralStamp {
    LiteralStamp(value: generation &<< 1 | (bounded ? 1 : 0))
  }
}
