/// Why a line is not a usable message record, or a request body not a usable request.
public struct MessageRecordError: Error, Sendable, Equatable {
  /// The kinds of problem.
  public enum Kind: Sendable, Equatable {
    /// The bytes are not a record (bad JSON, a field of the wrong type, a missing body).
    case malformed
    /// A batch holds more messages than the reader was allowed to read (the request was
    /// refused at the first message past the limit, without reading the rest).
    case tooManyMessages
  }

  /// What is wrong.
  public let message: String
  /// The byte offset in the line where it was found.
  public let offset: Int
  /// Which kind of problem it is.
  public let kind: Kind

  /// An error of `kind` saying `message`, found at byte `offset`.
  public init(message: String, offset: Int, kind: Kind = .malformed) {
    self.message = message
    self.offset = offset
    self.kind = kind
  }
}
