import SMSFilterModel

extension DirectoryBuilder {
  /// Merges everything read into a directory file image: sorts by key, applies removals,
  /// reports duplicates (warnings) and conflicts (errors), and lays the file out.
  ///
  /// - Throws: ``DirectoryBuildError`` with every refused line (malformed senders and actions,
  ///   unreadable sources, conflicts), in reading order.
  public func build() throws(DirectoryBuildError) -> DirectoryImage {
    let (kept, warnings) = try merged()
    do throws(DirectorySourceError) {
      return try encode(kept, warnings: warnings)
    } catch {
      throw DirectoryBuildError(errors: [error], warnings: warnings)
    }
  }

  /// Everything read, sorted by key, with removals applied, duplicates dropped (warnings) and
  /// conflicts refused (errors): the records a directory file holds.
  func merged() throws(DirectoryBuildError) -> (kept: [Record], warnings: [DirectoryWarning]) {
    // Errors found while reading come before the record that followed them; errors and warnings
    // found here, at their record: positions 2p and 2s+1 merge them in reading order.
    var allErrors = zip(errorPositions, errors).enumerated().map {
      (position: $0.element.0 * 2, tie: $0.offset, error: $0.element.1)
    }
    var lateWarnings: [(sequence: Int, warning: DirectoryWarning)] = []

    var sorted = records
    sorted.sort { $0.key != $1.key ? $0.key < $1.key : $0.order < $1.order }

    func sameSender(_ a: Record, _ b: Record) -> Bool {
      a.text == UInt32.max || b.text == UInt32.max || texts[Int(a.text)] == texts[Int(b.text)]
    }
    func location(_ record: Record) -> SourceLocation {
      switch origin(record.sequence) {
      case .source(let location): return location
      case .existingDirectory(let path): return SourceLocation(file: path, line: 0, column: 0)
      }
    }

    var kept: [Record] = []
    kept.reserveCapacity(sorted.count)
    var group: [Record] = []
    var removed: [(entry: Record, by: Record)] = []
    var start = 0
    while start < sorted.count {
      let key = sorted[start].key
      var end = start + 1
      while end < sorted.count, sorted[end].key == key { end += 1 }
      if end == start + 1, sorted[start].role != .remove {
        kept.append(sorted[start])  // the common case: a sender seen once
        start = end
        continue
      }
      group.removeAll(keepingCapacity: true)
      removed.removeAll(keepingCapacity: true)
      for record in sorted[start..<end] {
        switch record.role {
        case .existing:
          group.append(record)
        case .remove:
          if let index = group.firstIndex(where: { $0.role == .existing && sameSender($0, record) }) {
            removed.append((group[index], record))
            group.remove(at: index)
          } else if let earlier = removed.first(where: { sameSender($0.by, record) }) {
            lateWarnings.append(
              (
                record.sequence,
                DirectoryWarning(
                  .duplicate(of: origin(earlier.by.sequence)), at: location(record),
                  message:
                    "duplicate removal of \(senderText(record)) (already removed by \(origin(earlier.by.sequence))): ignored"
                )
              ))
          } else {
            lateWarnings.append(
              (
                record.sequence,
                DirectoryWarning(
                  .removedSenderAbsent, at: location(record),
                  message: "\(senderText(record)) is not in the existing directory: nothing to remove")
              ))
          }
        case .add:
          if let earlier = group.first(where: { sameSender($0, record) }) {
            if earlier.payload == record.payload {
              lateWarnings.append(
                (
                  record.sequence,
                  DirectoryWarning(
                    .duplicate(of: origin(earlier.sequence)), at: location(record),
                    message: "duplicate of \(origin(earlier.sequence)) (\(senderText(record)), same entry): ignored")
                ))
            } else {
              let advice = earlier.role == .existing ? "; remove it first (--remove) to change it" : ""
              allErrors.append(
                (
                  record.sequence * 2 + 1, 0,
                  DirectorySourceError(
                    .conflict(with: origin(earlier.sequence)), at: location(record),
                    message: "\(senderText(record)) conflicts with \(origin(earlier.sequence)): "
                      + "\(entryText(record)) here, \(entryText(earlier)) there\(advice)")
                ))
            }
          } else {
            group.append(record)
          }
        }
      }
      kept.append(contentsOf: group)
      start = end
    }

    let errors = allErrors.sorted { ($0.position, $0.tie) < ($1.position, $1.tie) }.map(\.error)
    let warnings = lateWarnings.sorted { $0.sequence < $1.sequence }.map(\.warning)
    guard errors.isEmpty else { throw DirectoryBuildError(errors: errors, warnings: warnings) }
    return (kept, warnings)
  }

  /// `base` to the power `exponent`.
  private func pow(_ base: Int, _ exponent: Int) -> Int {
    var result = 1
    for _ in 0..<exponent { result *= base }
    return result
  }

  /// The normalised sender of a record.
  func senderText(_ record: Record) -> String {
    record.text == UInt32.max
      ? SenderKey.normalizedText(ofNumericKey: record.key) : texts[Int(record.text)]
  }

  /// `junk 'Spam Likely'`, `transaction/transactionalFinance (no label)`.
  func entryText(_ record: Record) -> String {
    let action = DirectoryFormat.action(record.payload)
    let subAction = DirectoryFormat.subAction(record.payload)
    let label = record.labelID
    let labelText = Int(label) < labels.count ? "'\(labels[Int(label)])'" : "(no label)"
    return (subAction == .none ? action.name : "\(action.name)/\(subAction.name)") + " " + labelText
  }

  /// Lays out the file for the kept records, already in key order.
  func encode(_ kept: [Record], warnings: [DirectoryWarning]) throws(DirectorySourceError) -> DirectoryImage {
    let count = kept.count
    let textStart = kept.firstIndex { SenderKey.isTextKey($0.key) } ?? count

    // Labels in use, sorted by their bytes and front-coded (see ``DirectoryFormat``).
    var labelMap = [UInt32](repeating: DirectoryBuilder.noLabelID, count: labels.count)
    var usedLabels: [Int] = []
    for record in kept {
      let label = Int(record.labelID)
      if label < labels.count, labelMap[label] == DirectoryBuilder.noLabelID {
        labelMap[label] = 0
        usedLabels.append(label)
      }
    }
    guard usedLabels.count <= DirectoryFormat.labelCapacity else {
      throw DirectorySourceError(
        .tooLarge, at: SourceLocation(file: "<directory>", line: 0, column: 0),
        message: "the directory has \(usedLabels.count) distinct labels; at most \(DirectoryFormat.labelCapacity) fit")
    }
    let labelBytesOf = usedLabels.map { Array(labels[$0].utf8) }
    let order = labelBytesOf.indices.sorted { labelBytesOf[$0].lexicographicallyPrecedes(labelBytesOf[$1]) }
    for (rank, position) in order.enumerated() { labelMap[usedLabels[position]] = UInt32(rank) }
    let labelCoding = LabelCoding(sorted: order.map { labelBytesOf[$0] })
    let labelBytes = labelCoding.bytes.count
    var textBytes = 0
    for record in kept[textStart...] { textBytes += texts[Int(record.text)].utf8.count }
    guard labelBytes < Int(UInt32.max), textBytes < Int(UInt32.max) else {
      throw DirectorySourceError(
        .tooLarge, at: SourceLocation(file: "<directory>", line: 0, column: 0),
        message: "the directory's labels or sender texts exceed 4 GiB")
    }

    // Section layout.
    let lengths = [
      DirectoryFormat.padded(count) * 8, count * 4, DirectoryFormat.fenceLength(entries: count),
      DirectoryFormat.fenceHintsLength(entries: count), (count - textStart + 1) * 4, textBytes,
      labelCoding.blockStarts.count * 4, labelBytes,
    ]
    var sections: [(offset: UInt64, length: UInt64)] = []
    var offset = DirectoryFormat.headerLength
    let alignment = DirectoryFormat.alignment
    for length in lengths {
      sections.append((UInt64(offset), UInt64(length)))
      offset += (length + alignment - 1) / alignment * alignment
    }
    let fileLength = offset
    let header = DirectoryFormat.Header(
      entryCount: count, textStart: textStart, labelCount: usedLabels.count, fileLength: fileLength,
      sections: sections)

    let bytes = [UInt8](unsafeUninitializedCapacity: fileLength) { buffer, initialized in
      let raw = UnsafeMutableRawBufferPointer(buffer)
      raw.initializeMemory(as: UInt8.self, repeating: 0)
      func put<T: FixedWidthInteger>(_ value: T, _ at: Int) {
        raw.storeBytes(of: value.littleEndian, toByteOffset: at, as: T.self)
      }
      func section(_ section: DirectoryFormat.Section) -> Int { Int(sections[section.rawValue].offset) }
      let keys = section(.keys)
      let payloads = section(.payloads)
      for (index, record) in kept.enumerated() {
        put(record.key, keys + index * 8)
        let label = Int(record.labelID)
        let newLabel = label < labelMap.count ? labelMap[label] : DirectoryFormat.noLabel
        put(UInt32(truncatingIfNeeded: DirectoryFormat.payload(record.payload, label: newLabel)), payloads + index * 4)
      }
      for index in count..<DirectoryFormat.padded(count) { put(DirectoryFormat.padding, keys + index * 8) }
      // Fence levels, top first; level k holds every fanout-th element of level k - 1.
      let fanout = DirectoryFormat.fanout
      let sizes = DirectoryFormat.fenceLevelSizes(entries: count)
      var levelStart = section(.fence)
      for level in stride(from: sizes.count, through: 1, by: -1) {
        let step = Int(pow(fanout, level))
        for element in 0..<sizes[level - 1] { put(kept[element * step].key, levelStart + element * 8) }
        for element in sizes[level - 1]..<DirectoryFormat.padded(sizes[level - 1]) {
          put(DirectoryFormat.padding, levelStart + element * 8)
        }
        levelStart += DirectoryFormat.padded(sizes[level - 1]) * 8
      }
      // Fence hints: for each level-2 element g, the quantised first keys of its 8 lines.
      if sizes.count >= 2 {
        let hints = section(.fenceHints)
        let lines = sizes[0]
        for group in 0..<sizes[1] {
          let lo = kept[group * fanout * fanout].key
          let hi =
            (group + 1) * fanout * fanout < count ? kept[(group + 1) * fanout * fanout].key : DirectoryFormat.padding
          for slot in 0..<fanout {
            let line = group * fanout + slot
            raw[hints + group * 8 + slot] =
              line < lines ? DirectoryFormat.quantize(kept[line * fanout].key, lo: lo, hi: hi) : 255
          }
        }
      }
      var textOffset = 0
      let textOffsets = section(.textOffsets)
      let textPool = section(.textBytes)
      for (slot, record) in kept[textStart...].enumerated() {
        put(UInt32(textOffset), textOffsets + slot * 4)
        for byte in texts[Int(record.text)].utf8 {
          raw[textPool + textOffset] = byte
          textOffset += 1
        }
      }
      put(UInt32(textOffset), textOffsets + (count - textStart) * 4)
      let labelBlocks = section(.labelBlocks)
      for (slot, start) in labelCoding.blockStarts.enumerated() { put(start, labelBlocks + slot * 4) }
      let labelPool = section(.labelBytes)
      for (offset, byte) in labelCoding.bytes.enumerated() { raw[labelPool + offset] = byte }
      for (index, byte) in header.encoded().enumerated() { raw[index] = byte }
      put(SenderDirectory.checksum(of: UnsafeRawBufferPointer(raw)), 16)
      initialized = fileLength
    }
    return DirectoryImage(bytes: bytes, entryCount: count, labelCount: usedLabels.count, warnings: warnings)
  }
}
