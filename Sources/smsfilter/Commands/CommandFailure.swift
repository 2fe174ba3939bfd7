import ArgumentParser
import SMSFilter
import SMSFilterBenchmarks
import SMSFilterIO

/// A failure with a one-line message and an exit status.
struct CommandFailure: Error, CustomStringConvertible {
  let message: String
  let status: Int32
  var description: String { message }
}
