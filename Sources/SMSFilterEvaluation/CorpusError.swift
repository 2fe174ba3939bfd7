import Foundation
import SMSFilter
import SMSFilterIO

/// A corpus that cannot be read, with the file and line.
public struct CorpusError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `file:line`, or the option at fault.
  public let location: String
  /// What is wrong.
  public let message: String

  /// Creates an error.
  public init(location: String, message: String) {
    self.location = location
    self.message = message
  }

  /// `file:line: message`.
  public var description: String { "\(location): \(message)" }
}
