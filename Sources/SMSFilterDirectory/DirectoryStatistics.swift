import SMSFilterModel

/// Figures about a directory file, as `smsfilter directory stats` prints them.
public struct DirectoryStatistics: Sendable, Hashable {
  /// Number of entries.
  public let entries: Int
  /// Entries per action, for every action (zero counts included).
  public let byAction: [Action: Int]
  /// Entries per kind of sender, for every kind.
  public let byKind: [SenderID.Kind: Int]
  /// Number of distinct labels.
  public let labels: Int
  /// Entries with a label.
  public let labelled: Int
  /// The file's size in bytes.
  public let fileSize: Int
  /// The file's format version.
  public let version: UInt32
  /// The stored checksum.
  public let checksum: UInt64
  /// Whether the stored checksum matches the file's bytes (recomputed).
  public let checksumOK: Bool
  /// Each section's name and size in bytes, in file order.
  public let sections: [Section]

  /// One section of the file.
  public struct Section: Sendable, Hashable {
    /// Its name (`keys`, `payloads`, `fence`, `fence hints`, `text offsets`, `text bytes`, `label blocks`,
    /// `label bytes`).
    public let name: String
    /// Its size in bytes.
    public let bytes: Int
  }
}

extension SenderDirectory {
  /// Counts the entries by action and kind and recomputes the checksum: a pass over the file.
  public func statistics() -> DirectoryStatistics {
    var byAction = Dictionary(uniqueKeysWithValues: Action.allCases.map { ($0, 0) })
    var byKind = Dictionary(uniqueKeysWithValues: SenderID.Kind.allCases.map { ($0, 0) })
    var actionCounts = [Int](repeating: 0, count: 8)
    var kindCounts = [Int](repeating: 0, count: 16)
    var labelled = 0
    for index in 0..<count {
      let payload = payloads[index]
      actionCounts[Int(payload & 7)] += 1
      kindCounts[Int(keys[index] >> SenderKey.tagShift)] += 1
      if DirectoryFormat.labelIndex(payload) != DirectoryFormat.noLabel { labelled += 1 }
    }
    for (raw, count) in actionCounts.enumerated() where count > 0 {
      byAction[Action(rawValue: raw) ?? .none, default: 0] += count
    }
    for (tag, count) in kindCounts.enumerated() where count > 0 {
      byKind[SenderKey.kind(ofKey: UInt64(tag) << SenderKey.tagShift), default: 0] += count
    }
    return DirectoryStatistics(
      entries: count, byAction: byAction, byKind: byKind, labels: labelCount, labelled: labelled,
      fileSize: fileSize, version: version, checksum: storedChecksum, checksumOK: checksumMatches(),
      sections: sectionSizes.map { DirectoryStatistics.Section(name: $0.name, bytes: $0.bytes) })
  }
}
