import SMSFilterModel

extension SenderDirectory {
  /// The entries at indices `0 ..< phoneEnd` are phone numbers CallKit can take (their keys
  /// sort first, in ascending numeric order).
  var callKitPhoneEnd: Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if isCallKitNumber(keys[middle]) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Whether `key` is a phone number within CallKit's range.
  @inline(__always)
  func isCallKitNumber(_ key: UInt64) -> Bool {
    key >> SenderKey.tagShift == SenderKey.phoneTag
      && key & SenderKey.valueMask <= UInt64(CallDirectoryStream.maxNumber)
  }

  /// The number of phone entry `index` (below ``callKitPhoneEnd``); 0, which no stream holds,
  /// for a key that is not a number CallKit takes (possible there only in a corrupt file).
  @inline(__always)
  func callKitNumber(at index: Int) -> Int64 {
    let key = keys[index]
    return isCallKitNumber(key) ? Int64(key & SenderKey.valueMask) : 0
  }

  /// Label `index` as CallKit gets it; `nil` only in a corrupt file (opened without checking
  /// its checksum), whose entry is then not exported.
  func callKitLabel(_ index: UInt32) -> String? {
    guard let text = label(index), (1...255).contains(text.utf8.count) else { return nil }
    return text
  }

  /// Whether label `index` here has the same bytes as label `otherIndex` of `other`.
  func label(_ index: UInt32, equals otherIndex: UInt32, of other: SenderDirectory) -> Bool {
    guard let a = labelPieces(index), let b = other.labelPieces(otherIndex) else { return false }
    guard a.shared + a.suffixCount == b.shared + b.suffixCount else { return false }
    func byte(
      _ directory: SenderDirectory, _ pieces: (head: Int, shared: Int, suffix: Int, suffixCount: Int), _ at: Int
    )
      -> UInt8
    {
      at < pieces.shared
        ? directory.labelBytes[pieces.head + at] : directory.labelBytes[pieces.suffix + at - pieces.shared]
    }
    for at in 0..<(a.shared + a.suffixCount) where byte(self, a, at) != byte(other, b, at) { return false }
    return true
  }

  /// Counts what ``callDirectoryExport()`` writes and leaves out.
  public func callDirectoryExportCounts() -> CallDirectoryExport {
    var counts = CallDirectoryExport()
    let phoneEnd = callKitPhoneEnd
    for index in 0..<phoneEnd {
      switch CallDirectoryRole(payload: payloads[index]) {
      case .blocking: counts.blocking += 1
      case .identification: counts.identification += 1
      case .none: counts.unlabelled += 1
      }
    }
    for index in phoneEnd..<count { counts.leftOut[kind(at: index), default: 0] += 1 }
    return counts
  }

  /// The directory as a Call Directory stream for a full load (see ``CallDirectoryStream``):
  /// the blocking numbers, then the identification numbers and labels, each strictly ascending.
  public func callDirectoryExport() -> [UInt8] {
    var writer = CallDirectoryStreamWriter(kind: .export)
    let phoneEnd = callKitPhoneEnd
    // Keys ascend in a sound file; `last` keeps a corrupt one (opened without its checksum)
    // from breaking the stream's order: its out-of-order numbers are left out.
    writer.begin(.blocking)
    var last: Int64 = 0
    for index in 0..<phoneEnd where CallDirectoryRole(payload: payloads[index]) == .blocking {
      let number = callKitNumber(at: index)
      if number > last {
        writer.append(number)
        last = number
      }
    }
    writer.begin(.identification)
    last = 0
    for index in 0..<phoneEnd {
      let number = callKitNumber(at: index)
      if number > last, case .identification(let label) = CallDirectoryRole(payload: payloads[index]),
        let text = callKitLabel(label)
      {
        writer.append(number, label: text)
        last = number
      }
    }
    return writer.finish()
  }
}
