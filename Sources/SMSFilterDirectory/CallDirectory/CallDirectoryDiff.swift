/// The changes between two sender directories as CallKit's incremental load needs them, and
/// their application to an export.
///
/// ```swift
/// let diff = CallDirectoryDiff.stream(from: old, to: new)
/// // applying it to the old export gives the new export, byte for byte:
/// let rebuilt = try CallDirectoryDiff.apply(
///   try CallDirectoryStreamReader(bytes: diff), to: try CallDirectoryStreamReader(bytes: old.callDirectoryExport()))
/// assert(rebuilt == new.callDirectoryExport())
/// ```
public enum CallDirectoryDiff {
  /// The diff stream from `old`'s export to `new`'s (see ``CallDirectoryStream``): blocking
  /// removals and additions, identification removals and additions, and changed labels, each
  /// strictly ascending.
  public static func stream(from old: SenderDirectory, to new: SenderDirectory) -> [UInt8] {
    var writer = CallDirectoryStreamWriter(kind: .diff)
    // Roles come from the payloads alone (labels are read only for what is written), so the
    // passes below stay sequential reads of two arrays.
    func role(_ directory: SenderDirectory, _ index: Int?) -> CallDirectoryRole {
      guard let index else { return .none }
      return CallDirectoryRole(payload: directory.payloads[index])
    }
    for section in CallDirectoryStream.Kind.diff.sections {
      writer.begin(section)
      merge(old, new) { number, oldIndex, newIndex in
        let before = role(old, oldIndex)
        let after = role(new, newIndex)
        switch (section, before, after) {
        case (.blockingRemovals, .blocking, let after) where after != .blocking:
          writer.append(number)
        case (.blockingAdditions, let before, .blocking) where before != .blocking:
          writer.append(number)
        case (.identificationRemovals, .identification, .none), (.identificationRemovals, .identification, .blocking):
          writer.append(number)
        case (.identificationAdditions, .none, .identification(let label)),
          (.identificationAdditions, .blocking, .identification(let label)):
          if let text = new.callKitLabel(label) { writer.append(number, label: text) }
        case (.identificationChanges, .identification(let was), .identification(let label)):
          if !new.label(label, equals: was, of: old), let text = new.callKitLabel(label) {
            writer.append(number, label: text)
          }
        default:
          break
        }
      }
    }
    return writer.finish()
  }

  /// Walks the CallKit numbers of two directories in strictly ascending order, with each
  /// number's index in each (`nil` where it is absent). (A number not above the last one walked,
  /// possible only in a corrupt file opened without its checksum, is skipped.)
  private static func merge(
    _ old: SenderDirectory, _ new: SenderDirectory, _ body: (Int64, Int?, Int?) -> Void
  ) {
    let oldEnd = old.callKitPhoneEnd
    let newEnd = new.callKitPhoneEnd
    var i = 0
    var j = 0
    var last: Int64 = 0
    while i < oldEnd || j < newEnd {
      let a = i < oldEnd ? old.callKitNumber(at: i) : Int64.max
      let b = j < newEnd ? new.callKitNumber(at: j) : Int64.max
      let number = min(a, b)
      let oldIndex = a == number ? i : nil
      let newIndex = b == number ? j : nil
      if a == number { i += 1 }
      if b == number { j += 1 }
      if number > last {
        body(number, oldIndex, newIndex)
        last = number
      }
    }
  }

  /// Applies a diff stream to an export stream: the export of the directory the diff leads to.
  ///
  /// The diff is read into memory (it is the small part); the export is read one record at a
  /// time and the new export written as it goes.
  ///
  /// - Throws: ``CallDirectoryStreamError``: a stream that is malformed or of the wrong kind,
  ///   or a diff that does not fit the export (``CallDirectoryStreamError/Kind/diffDoesNotApply``).
  public static func apply(
    _ diff: CallDirectoryStreamReader, to export: CallDirectoryStreamReader
  ) throws(CallDirectoryStreamError) -> [UInt8] {
    guard diff.kind == .diff, export.kind == .export else {
      throw CallDirectoryStreamError(.diffDoesNotApply, "apply takes a diff stream and an export stream")
    }
    var changes: [CallDirectoryStream.Section: [CallDirectoryRecord]] = [:]
    while let record = try diff.next() { changes[record.section, default: []].append(record) }
    var writer = CallDirectoryStreamWriter(kind: .export)
    var blocking = Merger(removals: changes[.blockingRemovals] ?? [], additions: changes[.blockingAdditions] ?? [])
    var identification = Merger(
      removals: changes[.identificationRemovals] ?? [], additions: changes[.identificationAdditions] ?? [],
      changes: changes[.identificationChanges] ?? [])
    writer.begin(.blocking)
    var inIdentification = false
    while let record = try export.next() {
      if record.section == .identification && !inIdentification {
        try blocking.finish(&writer, section: "blocking")
        writer.begin(.identification)
        inIdentification = true
      }
      if inIdentification {
        try identification.take(record, &writer)
      } else {
        try blocking.take(record, &writer)
      }
    }
    if !inIdentification {
      try blocking.finish(&writer, section: "blocking")
      writer.begin(.identification)
    }
    try identification.finish(&writer, section: "identification")
    return writer.finish()
  }

  /// Merges one stream of an export with its removals, additions and changes.
  private struct Merger {
    var removals: [CallDirectoryRecord]
    var additions: [CallDirectoryRecord]
    var changes: [CallDirectoryRecord] = []
    var nextRemoval = 0
    var nextAddition = 0
    var nextChange = 0

    /// Writes the additions before `number`, then `record` unless removed or changed.
    mutating func take(_ record: CallDirectoryRecord, _ writer: inout CallDirectoryStreamWriter)
      throws(CallDirectoryStreamError)
    {
      flush(before: record.number, &writer)
      if nextAddition < additions.count, additions[nextAddition].number == record.number {
        throw misfit("adds \(record.number), which the export already has")
      }
      if nextRemoval < removals.count, removals[nextRemoval].number < record.number {
        throw misfit("removes \(removals[nextRemoval].number), which the export does not have")
      }
      if nextChange < changes.count, changes[nextChange].number < record.number {
        throw misfit("changes \(changes[nextChange].number), which the export does not have")
      }
      if nextRemoval < removals.count, removals[nextRemoval].number == record.number {
        nextRemoval += 1
        return
      }
      if nextChange < changes.count, changes[nextChange].number == record.number {
        writer.append(record.number, label: changes[nextChange].label)
        nextChange += 1
        return
      }
      writer.append(record.number, label: record.label)
    }

    /// Writes the remaining additions; refuses removals and changes of absent numbers.
    mutating func finish(_ writer: inout CallDirectoryStreamWriter, section: String) throws(CallDirectoryStreamError) {
      flush(before: .max, &writer)
      if nextRemoval < removals.count {
        throw misfit("removes \(removals[nextRemoval].number), which the export's \(section) does not have")
      }
      if nextChange < changes.count {
        throw misfit("changes \(changes[nextChange].number), which the export's \(section) does not have")
      }
    }

    private mutating func flush(before number: Int64, _ writer: inout CallDirectoryStreamWriter) {
      while nextAddition < additions.count, additions[nextAddition].number < number {
        writer.append(additions[nextAddition].number, label: additions[nextAddition].label)
        nextAddition += 1
      }
    }

    private func misfit(_ what: String) -> CallDirectoryStreamError {
      CallDirectoryStreamError(.diffDoesNotApply, "the diff does not fit the export: it \(what)")
    }
  }
}
