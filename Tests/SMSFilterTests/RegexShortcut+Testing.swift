import PCRE2
import Testing

@testable import SMSFilter

extension RegexShortcut {
  /// The shortcut's answer on a text, given the digit tests the matcher would give it: `nil`
  /// where the shortcut leaves the text to PCRE2.
  func answer(onText bytes: [UInt8]) -> Bool? {
    bytes.withUnsafeBufferPointer { buffer in
      answer(
        buffer,
        hasDigit: { buffer.contains { (0x30...0x39).contains($0) } || MatchState.hasNonASCIIDigit(buffer) },
        hasNonASCIIDigit: { MatchState.hasNonASCIIDigit(buffer) })
    }
  }
}

/// Expects each pattern's shortcut to answer as PCRE2 does on each text, wherever it answers.
/// `rewritingWordClasses` compiles the pattern as the rule builder does (Unicode `\w`);
/// `silentOnlyWhen`, if given, must hold of every text the shortcut leaves to PCRE2.
func expectShortcutsAnswerAsPCRE2(
  _ patterns: [String], on texts: [String], rewritingWordClasses: Bool = false,
  silentOnlyWhen: (([UInt8]) -> Bool)? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  let scratch = MatchScratch()
  for source in patterns {
    let shortcut = try #require(RegexShortcut(prepared: source), "\(source)", sourceLocation: sourceLocation)
    let pattern = try Pattern(
      rewritingWordClasses ? RegexWordCharacters.rewrite(source) : source, options: [.caseless])
    for text in texts {
      let bytes = Array(text.utf8)
      if let answer = shortcut.answer(onText: bytes) {
        var expected = false
        if case .matched = pattern.firstMatch(in: bytes, scratch: scratch) { expected = true }
        #expect(answer == expected, "\(source) on \(text.debugDescription)", sourceLocation: sourceLocation)
      } else if let silentOnlyWhen {
        #expect(silentOnlyWhen(bytes), "\(source) silent on \(text.debugDescription)", sourceLocation: sourceLocation)
      }
    }
  }
}
