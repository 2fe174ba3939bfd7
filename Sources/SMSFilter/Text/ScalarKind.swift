import Foundation

/// How a normalised character takes part in words, for white-space collapsing and look-alike
/// folding.
struct ScalarKind: OptionSet, Sendable {
  let rawValue: UInt8
  /// White space: collapses to one ASCII space.
  static let space = ScalarKind(rawValue: 1)
  /// Punctuation or a symbol: ends a word.
  static let separator = ScalarKind(rawValue: 2)
  /// A Cyrillic or Greek letter (candidates for look-alike folding).
  static let lookAlikeScript = ScalarKind(rawValue: 4)
  /// The mapping is pure ASCII (an accented Latin letter, a full-width form, …).
  static let asciiOnly = ScalarKind(rawValue: 8)
}
