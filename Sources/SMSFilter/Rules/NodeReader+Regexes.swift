import PCRE2
import Yams

extension NodeReader {
  /// Refuses, at load time, a regex that cannot run within its bounds: empty (it would match
  /// every message), longer than ``RegexLint/maxPatternBytes``, not compiling, with more than
  /// ``RegexLint/maxCaptureGroups`` capture groups, or of a shape ``RegexLint`` refuses.
  func validateRegexes(_ patterns: [String], node: Node) throws(RuleLoadError) {
    for pattern in patterns {
      if pattern.isEmpty {
        throw error(
          .invalidValue, node, "an empty regex matches every message; remove the condition or write the regex")
      }
      let prepared = RegexSource.prepare(pattern)
      if prepared.utf8.count > RegexLint.maxPatternBytes {
        throw error(
          .dangerousRegex, node,
          "regex of \(prepared.utf8.count) bytes is longer than the \(RegexLint.maxPatternBytes) allowed; split it into several rules or use keywords"
        )
      }
      let compiled: Pattern
      do {
        // Only checked here (the compiled rules compile it again to run): no JIT.
        compiled = try Pattern(prepared, options: [.caseless], jit: false)
      } catch {
        throw self.error(
          .regex(.init(message: error.message, offset: error.offset)), node,
          "regex '\(pattern)': \(error)")
      }
      if compiled.captureCount > RegexLint.maxCaptureGroups {
        throw error(
          .dangerousRegex, node,
          "regex has \(compiled.captureCount) capture groups, more than the \(RegexLint.maxCaptureGroups) allowed; use (?:…) for groups that need no capture"
        )
      }
      if let problem = RegexLint.problem(in: pattern) {
        throw self.error(.dangerousRegex, node, "regex '\(pattern)': \(problem)")
      }
    }
  }
}
