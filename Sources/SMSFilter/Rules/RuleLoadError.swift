/// Why a rule file (or set of files) was refused. Nothing is loaded when this is thrown.
///
/// The description reads `file:line:column: rule ID: reason`, the form editors and CI logs
/// recognise:
///
/// ```text
/// rules/finance.yaml:14:12: rule BANK_DEBIT: regex: missing closing parenthesis at offset 9
/// ```
public struct RuleLoadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public enum Kind: Equatable, Sendable {
    /// The file could not be read.
    case unreadable
    /// The file is not valid YAML (or JSON).
    case syntax
    /// A key that the format does not define (a typo is an error, never silently ignored).
    case unknownKey(String)
    /// A required key is missing.
    case missingKey(String)
    /// A value of the wrong type or out of range.
    case invalidValue
    /// A regex that PCRE2 refuses, with PCRE2's message and offset.
    case regex(PatternErrorInfo)
    /// A regex whose shape risks catastrophic backtracking.
    case dangerousRegex
    /// Two rules with the same id, or two guards with the same name.
    case duplicate(String)
    /// A reference to a guard that does not exist, or a cycle of guards.
    case unknownGuard(String)
    /// A capabilities declaration that breaks the limits.
    case capabilities(CapabilitiesError)
    /// A header key (`capabilities`, `fallback`, `ruleset`) declared by two files.
    case conflictingHeader(String)
    /// A `model:` condition, but no model (the header names none, or it cannot be read).
    case model
    /// A file or rule set beyond one of ``RuleFileLimits`` (size, nodes with aliases expanded,
    /// nesting, rules, guards).
    case limit
  }

  /// PCRE2's message and offset for a refused regex.
  public struct PatternErrorInfo: Equatable, Sendable {
    /// PCRE2's message.
    public let message: String
    /// The byte offset in the pattern where PCRE2 stopped.
    public let offset: Int?
  }

  /// What is wrong.
  public let kind: Kind
  /// Where: file, line and column.
  public let location: SourceLocation
  /// The id of the rule (or name of the guard) being read, if any.
  public let ruleID: String?
  /// The reason, for a person.
  public let message: String

  /// Creates an error.
  public init(_ kind: Kind, at location: SourceLocation, ruleID: String? = nil, message: String) {
    self.kind = kind
    self.location = location
    self.ruleID = ruleID
    self.message = message
  }

  /// `file:line:column: rule ID: reason`.
  public var description: String {
    var text = "\(location): "
    if let ruleID { text += "rule \(ruleID): " }
    return text + message
  }
}
