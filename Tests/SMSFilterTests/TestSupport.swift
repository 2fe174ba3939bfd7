import Foundation
import SMSFilterIO

/// Paths inside the package, found from this file's location.
enum PackagePaths {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static var rules: String { root.appendingPathComponent("rules").path }
  static var corpus: String { root.appendingPathComponent("corpus").path }

  /// The body (and sender) of every message in the project's corpus.
  static func corpusMessages() throws -> [(sender: String?, body: String)] {
    let files = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { $0.hasSuffix(".jsonl") }.sorted()
    var messages: [(String?, String)] = []
    for file in files {
      let text = try String(contentsOfFile: corpus + "/" + file, encoding: .utf8)
      for line in text.split(separator: "\n") where !line.isEmpty {
        let record = try MessageRecordReader.parse(Array(line.utf8)).get()
        if let body = record.body { messages.append((record.sender, body)) }
      }
    }
    return messages
  }
}
