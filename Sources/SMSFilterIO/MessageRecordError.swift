/// Why a line is not a usable message record.
public struct MessageRecordError: Error, Sendable, Equatable {
  /// What is wrong.
  public let message: String
  /// The byte offset in the line where it was found.
  public let offset: Int
}
