/// A position in a rule file: file, 1-based line and column.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file path as given, or a label such as `<built-in>/finance.yaml`.
  public let file: String
  /// The 1-based line.
  public let line: Int
  /// The 1-based column.
  public let column: Int

  /// Creates a location.
  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// A location for rules built in code.
  public static let unknown = SourceLocation(file: "<code>", line: 0, column: 0)

  /// `file:line:column`, or only `file` when the location is a whole file (line 0), as for a
  /// file that cannot be read.
  public var description: String { line > 0 ? "\(file):\(line):\(column)" : file }
}
