import SMSFilterModel

/// Builds a sender directory file from text sources, or updates an existing one incrementally
/// as Call Directory's incremental mode does.
///
/// A source has one sender per line:
///
/// ```text
/// # sender<TAB>action[/subAction]<TAB>label
/// +91 98765 43210	junk	Spam Likely
/// VM-HDFCBK	transaction/transactionalFinance	HDFC Bank
/// 56161	promotion
/// alerts@bank.example	allow	Bank alerts
/// 098765 43211	none	Pizza Place
/// ```
///
/// The action is `none` (identify only), `allow`, `junk` (`filter`), `promotion` or
/// `transaction`, with an optional sub-action that must belong to it; the label is optional.
/// `#` comments and blank lines are ignored, and lines may come in any order. The same sender
/// (after normalisation) twice with the same entry is a warning naming both lines; with a
/// different action, sub-action or label it is an error naming both lines. A malformed sender
/// or action is an error naming the file, line and column. Errors are collected over every
/// source and thrown together by ``build()``; nothing is written when there is one.
///
/// ```swift
/// var builder = try DirectoryBuilder(country: "IN")
/// builder.add(contentsOf: "spam.tsv")
/// let image = try builder.build()
/// try image.write(to: "senders.smsdir")
/// ```
///
/// **Incremental updates.** ``include(_:)`` starts from an existing directory; ``remove(text:source:)``
/// sources list senders to take out of it (only the first field of each line is read, so an
/// `add` file can be reused), and removals apply before additions, so remove-then-add changes
/// an entry. Removing a sender the directory does not have is a warning; adding one it already
/// has is a warning when the entry is the same and an error when it differs.
public struct DirectoryBuilder: Sendable {
  /// The longest label, in UTF-8 bytes.
  public static let labelLimit = 255
  /// The longest source line, in bytes: a sender, an action and a label take far less, and a
  /// source that is not text (`/dev/zero`) is refused after this many bytes instead of read
  /// without end.
  public static let maxLineBytes = 4096

  /// A record's label id when it has no label.
  static let noLabelID = UInt32.max

  /// A record's payload: the file's action and sub-action bits, and this builder's label id.
  static func recordPayload(_ filePayload: UInt64, label: UInt32) -> UInt64 {
    filePayload & 0xFF | UInt64(label) << 32
  }

  /// The country national numbers and short codes of the sources belong to.
  public let country: String?
  let countryCode: CountryCode?

  /// The errors found so far while reading (conflicts are found by ``build()``).
  public private(set) var errors: [DirectorySourceError] = []
  /// For each error, how many records had been read before it: orders errors for reporting.
  var errorPositions: [Int] = []

  /// Every entry read: existing, removed and added.
  var records: [Record] = []
  /// Where each record came from, indexed by ``Record/sequence``: source index in the high 32
  /// bits, line in the low 32.
  var origins: [UInt64] = []
  /// Source names (files, or an existing directory's path), indexed by origin.
  var sources: [(name: String, isDirectory: Bool)] = []
  /// Normalised texts of text senders, indexed by ``Record/text``.
  var texts: [String] = []
  /// The distinct labels, indexed by the label field of a record's payload.
  var labels: [String] = []
  var labelIDs: [String: UInt32] = [:]

  /// An entry read from a source or an existing directory.
  struct Record {
    /// The directory key.
    var key: UInt64
    /// ``Role`` in the high 32 bits, ``sequence`` in the low: the sort's tie-break.
    var order: UInt64
    /// Bits 0–7 the action and sub-action as the file packs them (``DirectoryFormat``), bits
    /// 32–63 this builder's label id (``DirectoryBuilder/noLabelID`` for none).
    var payload: UInt64

    /// This builder's id of the record's label.
    var labelID: UInt32 { UInt32(truncatingIfNeeded: payload >> 32) }
    /// Index into ``DirectoryBuilder/texts`` for text senders, else `UInt32.max`.
    var text: UInt32

    /// The record's number in reading order (its index in ``DirectoryBuilder/origins``).
    var sequence: Int { Int(order & 0xFFFF_FFFF) }
    /// What the record does.
    var role: Role { Role(rawValue: order >> 32) ?? .add }
  }

  /// What a record does. Raw values order records with equal keys: existing entries first,
  /// then removals, then additions.
  enum Role: UInt64 {
    case existing = 0
    case remove = 1
    case add = 2
  }

  /// Creates an empty builder.
  ///
  /// - Parameter country: the ISO 3166-1 alpha-2 country the sources' national numbers belong
  ///   to, which also scopes their short codes; `nil` refuses national numbers and leaves short
  ///   codes unscoped.
  /// - Throws: `SenderIDError` with `SenderIDError.Kind.invalidCountry`.
  public init(country: String? = nil) throws(SenderIDError) {
    if let country {
      guard let code = CountryCode(country) else { throw SenderIDError(.invalidCountry(country), sender: "") }
      countryCode = code
      self.country = code.description
    } else {
      countryCode = nil
      self.country = nil
    }
  }

  // MARK: Sources

  /// Adds the entries of a text source.
  ///
  /// - Parameters:
  ///   - text: the source's lines, `sender<TAB>action[/subAction]<TAB>label`.
  ///   - source: the name used in errors and warnings (a file path).
  public mutating func add(text: String, source: String) {
    var text = text
    text.withUTF8 { read($0, source: source, role: .add) }
  }

  /// Adds the entries of a file; an unreadable file is recorded as an error.
  public mutating func add(contentsOf path: String) {
    readFile(path, role: .add)
  }

  /// Removes the senders a text source lists from the existing directory (see
  /// ``include(_:)``); only each line's first field is read.
  public mutating func remove(text: String, source: String) {
    var text = text
    text.withUTF8 { read($0, source: source, role: .remove) }
  }

  /// Removes the senders a file lists; an unreadable file is recorded as an error.
  public mutating func remove(contentsOf path: String) {
    readFile(path, role: .remove)
  }

  /// Starts from the entries of an existing directory: what an incremental update changes.
  public mutating func include(_ directory: SenderDirectory) {
    let sourceIndex = UInt64(sources.count)
    sources.append((directory.path, true))
    var labelMap = [UInt32](repeating: DirectoryBuilder.noLabelID, count: directory.labelCount)
    records.reserveCapacity(records.count + directory.count)
    origins.reserveCapacity(origins.count + directory.count)
    for index in 0..<directory.count {
      let key = directory.keys[index]
      let stored = directory.payloads[index]
      var label = DirectoryBuilder.noLabelID
      let storedLabel = DirectoryFormat.labelIndex(stored)
      if Int(storedLabel) < labelMap.count {
        if labelMap[Int(storedLabel)] == DirectoryBuilder.noLabelID, let text = directory.label(storedLabel) {
          labelMap[Int(storedLabel)] = intern(label: text)
        }
        label = labelMap[Int(storedLabel)]
      }
      var text = UInt32.max
      if SenderKey.isTextKey(key) {
        text = UInt32(texts.count)
        texts.append(directory.text(at: index).map { String(decoding: $0, as: UTF8.self) } ?? "")
      }
      let sequence = UInt64(origins.count)
      origins.append(sourceIndex << 32)
      records.append(
        Record(
          key: key, order: Role.existing.rawValue << 32 | sequence,
          payload: DirectoryBuilder.recordPayload(stored, label: label), text: text))
    }
  }

  // MARK: Reading

  /// Reads a file into ``read(_:source:role:)``.
  mutating func readFile(_ path: String, role: Role) {
    switch FileBytes.contents(path, maxLineBytes: DirectoryBuilder.maxLineBytes) {
    case .success(let bytes):
      bytes.withUnsafeBufferPointer { read($0, source: path, role: role) }
    case .failure(let failure):
      if let line = failure.longLine {
        refuse(
          DirectorySourceError(
            .lineTooLong, at: SourceLocation(file: path, line: line, column: 1),
            message: "the line is longer than \(DirectoryBuilder.maxLineBytes) bytes; is this a text source?"))
      } else {
        refuse(
          DirectorySourceError(
            .unreadable, at: SourceLocation(file: path, line: 0, column: 0), message: "cannot read: \(failure.reason)"))
      }
    }
  }

  /// Reads one source: each line's sender, action and label.
  mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, source: String, role: Role) {
    let sourceIndex = UInt32(sources.count)
    sources.append((source, false))
    var line: UInt32 = 0
    var position = 0
    let count = bytes.count
    while position < count {
      var lineEnd = position
      while lineEnd < count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
      line += 1
      var end = lineEnd
      if end > position, bytes[end - 1] == 0x0D { end -= 1 }
      readLine(bytes, position, end, source: sourceIndex, line: line, role: role)
      position = lineEnd + 1
    }
  }

  /// Reads one line (`start ..< end`, without its line break).
  mutating func readLine(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, source: UInt32, line: UInt32, role: Role
  ) {
    var first = start
    while first < end, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
    if first == end || bytes[first] == 0x23 { return }  // blank or comment
    var senderEnd = start
    while senderEnd < end, bytes[senderEnd] != 0x09 { senderEnd += 1 }
    func location(_ at: Int) -> SourceLocation {
      SourceLocation(file: sources[Int(source)].name, line: Int(line), column: at - start + 1)
    }

    // The sender.
    let senderBytes = UnsafeBufferPointer(rebasing: bytes[start..<senderEnd])
    let parsed: ParsedSender
    switch SenderParser.parse(senderBytes, country: countryCode) {
    case .failure(let kind):
      let error = SenderIDError(kind, sender: String(decoding: senderBytes, as: UTF8.self))
      refuse(DirectorySourceError(.malformedSender(kind), at: location(start), message: error.description))
      return
    case .success(let value):
      parsed = value
    }
    let sender = SenderID(parsed, senderBytes)
    var text = UInt32.max
    if case .text = parsed {
      text = UInt32(texts.count)
      texts.append(sender.normalized)
    }
    let sequence = UInt64(origins.count)
    origins.append(UInt64(source) << 32 | UInt64(line))
    if role == .remove {
      records.append(Record(key: sender.key, order: Role.remove.rawValue << 32 | sequence, payload: 0, text: text))
      return
    }

    // The action and sub-action.
    let actionStart = min(senderEnd + 1, end)
    var actionEnd = actionStart
    while actionEnd < end, bytes[actionEnd] != 0x09 { actionEnd += 1 }
    let (fieldStart, fieldEnd) = trimmed(bytes, actionStart, actionEnd)
    guard fieldStart < fieldEnd else {
      undoText(text)
      origins.removeLast()
      refuse(
        DirectorySourceError(
          .missingAction, at: location(actionStart),
          message: "no action for \(sender.normalized): expected sender<TAB>action[/subAction]<TAB>label"))
      return
    }
    var slash = fieldStart
    while slash < fieldEnd, bytes[slash] != 0x2F { slash += 1 }
    let actionName = String(decoding: UnsafeBufferPointer(rebasing: bytes[fieldStart..<slash]), as: UTF8.self)
    guard let action = Action(name: actionName) else {
      undoText(text)
      origins.removeLast()
      refuse(
        DirectorySourceError(
          .unknownAction(actionName), at: location(fieldStart),
          message: "unknown action '\(actionName)'; expected none, allow, junk, promotion or transaction"))
      return
    }
    var subAction = SubAction.none
    if slash < fieldEnd {
      let subName = String(decoding: UnsafeBufferPointer(rebasing: bytes[(slash + 1)..<fieldEnd]), as: UTF8.self)
      guard let parsedSub = SubAction(name: subName) else {
        undoText(text)
        origins.removeLast()
        refuse(
          DirectorySourceError(
            .unknownSubAction(subName), at: location(slash + 1),
            message: "unknown sub-action '\(subName)'; expected one of: "
              + SubAction.allCases.map(\.name).joined(separator: ", ")))
        return
      }
      guard parsedSub.isValid(with: action) else {
        undoText(text)
        origins.removeLast()
        refuse(
          DirectorySourceError(
            .subActionNotValid(action: action, subAction: parsedSub), at: location(slash + 1),
            message: "sub-action \(parsedSub.name) does not belong to action \(action.name)"))
        return
      }
      subAction = parsedSub
    }

    // The label: the rest of the line.
    var label = DirectoryBuilder.noLabelID
    if actionEnd < end {
      let (labelStart, labelEnd) = trimmed(bytes, actionEnd + 1, end)
      if labelStart < labelEnd {
        let labelBytes = UnsafeBufferPointer(rebasing: bytes[labelStart..<labelEnd])
        guard labelBytes.count <= DirectoryBuilder.labelLimit else {
          undoText(text)
          origins.removeLast()
          refuse(
            DirectorySourceError(
              .labelTooLong(bytes: labelBytes.count), at: location(labelStart),
              message: "label of \(labelBytes.count) bytes is longer than \(DirectoryBuilder.labelLimit)"))
          return
        }
        if let tab = labelBytes.firstIndex(of: 0x09) {
          undoText(text)
          origins.removeLast()
          refuse(
            DirectorySourceError(
              .labelHasTab, at: location(labelStart + tab),
              message: "the label has a TAB in it; lookup prints TAB-separated columns"))
          return
        }
        guard let labelText = String(validating: labelBytes, as: UTF8.self) else {
          undoText(text)
          origins.removeLast()
          refuse(DirectorySourceError(.invalidUTF8, at: location(labelStart), message: "the label is not valid UTF-8"))
          return
        }
        label = intern(label: labelText)
      }
    }
    records.append(
      Record(
        key: sender.key, order: Role.add.rawValue << 32 | sequence,
        payload: DirectoryBuilder.recordPayload(
          DirectoryFormat.payload(action: action, subAction: subAction, label: 0), label: label),
        text: text))
  }

  /// Records an error at the current reading position.
  private mutating func refuse(_ error: DirectorySourceError) {
    errors.append(error)
    errorPositions.append(origins.count)
  }

  /// Forgets the text a refused line stored.
  private mutating func undoText(_ text: UInt32) {
    if text != UInt32.max { texts.removeLast() }
  }

  /// `start ..< end` without leading and trailing spaces.
  private func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int) {
    var first = start
    var last = end
    while first < last, bytes[first] == 0x20 { first += 1 }
    while last > first, bytes[last - 1] == 0x20 { last -= 1 }
    return (first, last)
  }

  /// The label's id, adding it when new.
  mutating func intern(label: String) -> UInt32 {
    if let id = labelIDs[label] { return id }
    let id = UInt32(labels.count)
    labels.append(label)
    labelIDs[label] = id
    return id
  }

  /// Where record number `sequence` came from.
  func origin(_ sequence: Int) -> DirectoryEntryOrigin {
    let packed = origins[sequence]
    let source = sources[Int(packed >> 32)]
    if source.isDirectory { return .existingDirectory(source.name) }
    return .source(SourceLocation(file: source.name, line: Int(packed & 0xFFFF_FFFF), column: 1))
  }
}
