import SMSFilterModel

/// Why a directory could not be built: every refused line, in the order read, and the warnings
/// gathered on the way.
public struct DirectoryBuildError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The refused lines (never empty).
  public let errors: [DirectorySourceError]
  /// The warnings, as a successful build would have reported them.
  public let warnings: [DirectoryWarning]

  /// Creates an error.
  public init(errors: [DirectorySourceError], warnings: [DirectoryWarning]) {
    self.errors = errors
    self.warnings = warnings
  }

  /// One error per line.
  public var description: String { errors.map(\.description).joined(separator: "\n") }
}
