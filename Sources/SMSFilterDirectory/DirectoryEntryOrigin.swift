import SMSFilterModel

/// Where a directory entry came from: a line of a source file, or the existing directory an
/// incremental update starts from.
public enum DirectoryEntryOrigin: Sendable, Hashable, CustomStringConvertible {
  /// A line of a text source (column 1).
  case source(SourceLocation)
  /// An entry of the existing directory file at this path.
  case existingDirectory(String)

  /// `file:line:column`, or `the existing directory PATH`.
  public var description: String {
    switch self {
    case .source(let location): location.description
    case .existingDirectory(let path): "the existing directory \(path)"
    }
  }
}
