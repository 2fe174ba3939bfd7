import Foundation
import Logging
import SMSFilterIO

/// A swift-log handler that writes each entry as one line of JSON on standard error: `time`
/// (ISO 8601), `level`, `logger`, `message`, then the metadata's keys, so a log shipper reads
/// the fields without parsing prose.
///
/// ```swift
/// LoggingSystem.bootstrap { JSONLogHandler(label: $0) }
/// // {"time":"2026-11-23T21:40:00Z","level":"notice","logger":"smsfilter.serve","message":"listening","port":"8080"}
/// ```
public struct JSONLogHandler: LogHandler {
  /// The logger's label.
  public let label: String
  /// The lowest level written.
  public var logLevel: Logger.Level = .info
  /// Metadata added to every entry.
  public var metadata: Logger.Metadata = [:]

  /// A handler for the logger labelled `label`.
  public init(label: String) { self.label = label }

  /// The metadata value for `key`.
  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  /// Writes one entry.
  public func log(event: LogEvent) {
    var fields: [(String, String)] = [
      ("time", Date().formatted(.iso8601)), ("level", "\(event.level)"), ("logger", label),
      ("message", "\(event.message)"),
    ]
    let merged = metadata.merging(event.metadata ?? [:]) { $1 }
    for key in merged.keys.sorted() { fields.append((key, "\(merged[key].map { "\($0)" } ?? "")")) }
    var line = Array("{".utf8)
    for (index, (key, value)) in fields.enumerated() {
      if index > 0 { line.append(0x2C) }
      JSONString.append(key, to: &line)
      line.append(0x3A)
      JSONString.append(value, to: &line)
    }
    line.append(contentsOf: "}\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }
}
