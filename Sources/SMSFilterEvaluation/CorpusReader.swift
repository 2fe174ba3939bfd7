import Foundation
import SMSFilter
import SMSFilterIO

/// Reads labeled corpora: JSON Lines (the canonical format) and `label<TAB>body` TSV with a
/// label map.
///
/// JSON Lines: `{"sender": "VM-HDFCBK", "body": "…", "action": "transaction",
/// "subAction": "transactionalFinance"}`, with optional `receiverISOCountryCode`, `id`, `lang`,
/// `market` and `note`. A folder contributes its `.jsonl` and `.tsv` files in name order. A
/// malformed line is refused with its file and line number; nothing is silently skipped.
public struct CorpusReader: Sendable {
  /// Maps coarse TSV labels to the actions they accept (`ham=allow|none,spam=junk|promotion`).
  public var labelMap: [String: [Action]]

  /// The keys a JSON Lines record may have.
  public static let allowedKeys: Set<String> = [
    "sender", "body", "action", "subAction", "receiverISOCountryCode", "id", "lang", "market", "note",
  ]

  /// Creates a reader with a label map for TSV files.
  public init(labelMap: [String: [Action]] = [:]) {
    self.labelMap = labelMap
  }

  /// Parses `ham=allow|none,spam=junk|promotion`.
  public static func parseLabelMap(_ text: String) throws(CorpusError) -> [String: [Action]] {
    var map: [String: [Action]] = [:]
    for entry in text.split(separator: ",") {
      let parts = entry.split(separator: "=", maxSplits: 1)
      guard parts.count == 2 else {
        throw CorpusError(location: "--label-map", message: "expected label=action|action, got '\(entry)'")
      }
      var actions: [Action] = []
      for name in parts[1].split(separator: "|") {
        guard let action = Action(name: String(name).trimmingCharacters(in: .whitespaces)) else {
          throw CorpusError(location: "--label-map", message: "'\(name)' is not an action")
        }
        actions.append(action)
      }
      map[String(parts[0]).trimmingCharacters(in: .whitespaces)] = actions
    }
    return map
  }

  /// The corpus files a path stands for.
  public static func files(at path: String) throws(CorpusError) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw CorpusError(location: path, message: "no such file or folder")
    }
    guard isDirectory.boolValue else { return [path] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    let base = path.hasSuffix("/") ? String(path.dropLast()) : path
    return names.filter { $0.hasSuffix(".jsonl") || $0.hasSuffix(".tsv") }.sorted().map { "\(base)/\($0)" }
  }

  /// Reads every message of the given files or folders.
  public func read(paths: [String]) throws(CorpusError) -> [LabeledMessage] {
    var messages: [LabeledMessage] = []
    for path in paths {
      for file in try CorpusReader.files(at: path) {
        messages.append(contentsOf: try read(file: file))
      }
    }
    return messages
  }

  /// Reads one file, by its extension (`.tsv` is TSV, anything else JSON Lines).
  public func read(file: String) throws(CorpusError) -> [LabeledMessage] {
    guard let data = FileManager.default.contents(atPath: file) else {
      throw CorpusError(location: file, message: "cannot read the file")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw CorpusError(location: file, message: "the file is not valid UTF-8")
    }
    return file.hasSuffix(".tsv")
      ? try parseTSV(text, file: file) : try parseJSONLines(text, file: file)
  }

  /// Parses JSON Lines text, each line through `MessageRecordReader` (the package's one reader
  /// of message records), refusing a key outside ``allowedKeys``.
  public func parseJSONLines(_ text: String, file: String) throws(CorpusError) -> [LabeledMessage] {
    var messages: [LabeledMessage] = []
    for (offset, line) in CorpusReader.lines(of: text) {
      let location = "\(file):\(offset + 1)"
      let record: MessageRecord
      switch MessageRecordReader.parse(Array(line.utf8), readingLabels: true) {
      case .failure(let error):
        throw CorpusError(location: location, message: "invalid JSON at byte \(error.offset + 1): \(error.message)")
      case .success(let read): record = read
      }
      if let unknown = record.unknownKey {
        throw CorpusError(
          location: location,
          message: "unknown key '\(unknown)'; allowed: \(CorpusReader.allowedKeys.sorted().joined(separator: ", "))")
      }
      guard let body = record.body else {
        throw CorpusError(location: location, message: "'body' must be a string")
      }
      guard let actionName = record.action, let action = Action(name: actionName) else {
        throw CorpusError(
          location: location, message: "'action' must be one of none, allow, junk, promotion, transaction")
      }
      var subAction = SubAction.none
      if let name = record.subAction {
        guard let parsed = SubAction(name: name) else {
          throw CorpusError(location: location, message: "'subAction' is not a sub-action name")
        }
        guard parsed.isValid(with: action) else {
          throw CorpusError(
            location: location, message: "subAction \(parsed.name) does not belong to action \(action.name)")
        }
        subAction = parsed
      }
      let query = MessageQuery(sender: record.sender, messageBody: body, receiverISOCountryCode: record.country)
      messages.append(
        LabeledMessage(
          query: query, acceptedActions: [action], subAction: subAction, source: location, language: record.language))
    }
    return messages
  }

  /// The messages of a corpus file or folder without their labels (a TSV line's text after its
  /// last tab; a JSON Lines record's sender and body): what `bench` classifies. Lines that are
  /// not messages are skipped.
  public static func unlabeledMessages(at path: String) throws(CorpusError) -> [MessageQuery] {
    var queries: [MessageQuery] = []
    for file in try files(at: path) {
      guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
        throw CorpusError(location: file, message: "cannot read the file as UTF-8")
      }
      for (_, line) in lines(of: text) {
        if file.hasSuffix(".tsv") {
          queries.append(
            MessageQuery(
              messageBody: line.split(separator: "\t", omittingEmptySubsequences: false).last.map(String.init) ?? ""))
        } else if case .success(let record) = MessageRecordReader.parse(Array(line.utf8)), let body = record.body {
          queries.append(MessageQuery(sender: record.sender, messageBody: body, receiverISOCountryCode: record.country))
        }
      }
    }
    return queries
  }

  /// The non-blank lines of a file's text with their 0-based line numbers (LF or CR LF endings).
  static func lines(of text: String) -> [(Int, Substring)] {
    text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated()
      .compactMap { offset, line in
        let trimmed = line.drop(while: \.isWhitespace)
        return trimmed.allSatisfy(\.isWhitespace) ? nil : (offset, line)
      }
  }

  /// Parses `label<TAB>body` text through the label map (a label not in the map must be an
  /// action name).
  public func parseTSV(_ text: String, file: String) throws(CorpusError) -> [LabeledMessage] {
    var messages: [LabeledMessage] = []
    for (offset, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
      .enumerated()
    {
      var line = Substring(line)
      if line.hasSuffix("\r") { line = line.dropLast() }
      if line.isEmpty { continue }
      let location = "\(file):\(offset + 1)"
      guard let tab = line.firstIndex(of: "\t") else {
        throw CorpusError(location: location, message: "expected label<TAB>body")
      }
      let label = String(line[..<tab])
      let body = String(line[line.index(after: tab)...])
      let actions: [Action]
      if let mapped = labelMap[label] {
        actions = mapped
      } else if let action = Action(name: label) {
        actions = [action]
      } else {
        throw CorpusError(
          location: location,
          message:
            "label '\(label)' is neither an action nor in the label map (use --label-map '\(label)=ACTION|ACTION')")
      }
      messages.append(
        LabeledMessage(query: MessageQuery(messageBody: body), acceptedActions: actions, source: location))
    }
    return messages
  }
}
