import Yams

/// The loader's limits: what a rule file or rule set may not exceed, so that no file can make
/// loading take minutes or gigabytes.
///
/// YAML aliases let a small file stand for a huge tree (`a1: &a1 [*a0, *a0]`, `a2: &a2 [*a1,
/// *a1]` … doubles at each line), so nodes are counted as the loader would visit them, aliases
/// expanded, and the count stops at the limit: checking costs at most ``maxNodes`` steps
/// whatever the file says.
///
/// ```swift
/// try RuleFileLimits.check(node, file: "rules.yaml")   // throws RuleLoadError(.limit, …)
/// ```
public enum RuleFileLimits {
  /// The largest rule file read, in bytes (a million keywords take about 20 MB).
  public static let maxFileBytes = 64 << 20
  /// The most YAML nodes (scalars, lists and mappings) one file may stand for, each alias
  /// counted as the whole tree it refers to.
  public static let maxNodes = 4_000_000
  /// The deepest nesting of lists and mappings in a rule file.
  public static let maxDepth = 64
  /// The most rules in a rule set.
  public static let maxRules = 100_000
  /// The most guards in a rule set.
  public static let maxGuards = 10_000
  /// The longest chain of guards referring to guards (`a` uses `b`, which uses `c` …):
  /// evaluation follows such chains by recursion, and a thread's stack is finite.
  public static let maxGuardDepth = 16

  /// Refuses a file's text longer than ``maxFileBytes``.
  static func checkSize(_ byteCount: Int, file: String) throws(RuleLoadError) {
    guard byteCount <= maxFileBytes else {
      throw RuleLoadError(
        .limit, at: SourceLocation(file: file, line: 0, column: 0),
        message: "the file has \(byteCount) bytes, more than the \(maxFileBytes) allowed; split it into several files")
    }
  }

  /// Refuses a composed document that stands for more than ``maxNodes`` nodes (aliases
  /// expanded) or nests deeper than ``maxDepth``; stops counting at the first excess.
  static func check(_ root: Node, file: String) throws(RuleLoadError) {
    var count = 0
    try visit(root, depth: 1, count: &count, file: file)
  }

  private static func visit(_ node: Node, depth: Int, count: inout Int, file: String) throws(RuleLoadError) {
    count += 1
    if count > maxNodes {
      throw RuleLoadError(
        .limit, at: location(of: node, file: file),
        message:
          "the file stands for more than \(maxNodes) YAML nodes (aliases expanded); an alias that refers to aliases multiplies the rules' size"
      )
    }
    if depth > maxDepth {
      throw RuleLoadError(
        .limit, at: location(of: node, file: file),
        message: "lists and mappings nest deeper than \(maxDepth) levels")
    }
    switch node {
    case .scalar, .alias:
      break
    case .sequence(let sequence):
      for item in sequence { try visit(item, depth: depth + 1, count: &count, file: file) }
    case .mapping(let mapping):
      for (key, value) in mapping {
        try visit(key, depth: depth + 1, count: &count, file: file)
        try visit(value, depth: depth + 1, count: &count, file: file)
      }
    }
  }

  private static func location(of node: Node, file: String) -> SourceLocation {
    SourceLocation(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0)
  }
}
