import Foundation
import SMSFilter

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

  /// Parses JSON Lines text.
  public func parseJSONLines(_ text: String, file: String) throws(CorpusError) -> [LabeledMessage] {
    var messages: [LabeledMessage] = []
    for (offset, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
      if trimmed.isEmpty { continue }
      let location = "\(file):\(offset + 1)"
      let object: [String: Any]
      do {
        guard let parsed = try JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any] else {
          throw CorpusError(location: location, message: "expected a JSON object")
        }
        object = parsed
      } catch let error as CorpusError {
        throw error
      } catch {
        throw CorpusError(location: location, message: "invalid JSON")
      }
      if let unknown = object.keys.sorted().first(where: { !CorpusReader.allowedKeys.contains($0) }) {
        throw CorpusError(
          location: location,
          message: "unknown key '\(unknown)'; allowed: \(CorpusReader.allowedKeys.sorted().joined(separator: ", "))")
      }
      guard let body = object["body"] as? String else {
        throw CorpusError(location: location, message: "'body' must be a string")
      }
      guard let actionName = object["action"] as? String, let action = Action(name: actionName) else {
        throw CorpusError(location: location, message: "'action' must be one of none, allow, junk, promotion, transaction")
      }
      var subAction = SubAction.none
      if let subName = object["subAction"] {
        guard let name = subName as? String, let parsed = SubAction(name: name) else {
          throw CorpusError(location: location, message: "'subAction' is not a sub-action name")
        }
        guard parsed.isValid(with: action) else {
          throw CorpusError(location: location, message: "subAction \(parsed.name) does not belong to action \(action.name)")
        }
        subAction = parsed
      }
      if let sender = object["sender"], !(sender is String) {
        throw CorpusError(location: location, message: "'sender' must be a string")
      }
      let query = MessageQuery(
        sender: object["sender"] as? String, messageBody: body,
        receiverISOCountryCode: object["receiverISOCountryCode"] as? String)
      messages.append(LabeledMessage(query: query, acceptedActions: [action], subAction: subAction, source: location))
    }
    return messages
  }

  /// Parses `label<TAB>body` text through the label map (a label not in the map must be an
  /// action name).
  public func parseTSV(_ text: String, file: String) throws(CorpusError) -> [LabeledMessage] {
    var messages: [LabeledMessage] = []
    for (offset, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
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
          message: "label '\(label)' is neither an action nor in the label map (use --label-map '\(label)=ACTION|ACTION')")
      }
      messages.append(LabeledMessage(query: MessageQuery(messageBody: body), acceptedActions: actions, source: location))
    }
    return messages
  }
}

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
