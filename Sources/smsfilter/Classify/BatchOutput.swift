import Dispatch
import Foundation
import SMSFilterIO

/// One batch's output: its bytes, and the unreadable lines (line number, message).
struct BatchOutput: Sendable {
  /// The output lines, one per input line.
  var bytes: [UInt8] = []
  /// The unreadable lines.
  var errors: [(line: Int, message: String)] = []
}
