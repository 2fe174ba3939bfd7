import CMemoryHints
import SMSFilterModel

extension SenderDirectory {
  // MARK: Entries

  /// The entry at `index` (0 ..< ``count``, in key order).
  public func entry(at index: Int) -> DirectoryEntry {
    precondition(index >= 0 && index < count, "directory entry index out of range")
    return entry(at: index, payload: payloads[index])
  }

  /// The entry at `index`, whose payload has been read.
  @inline(__always)
  func entry(at index: Int, payload: UInt64) -> DirectoryEntry {
    let key = keys[index]
    let sender: DirectoryEntry.Sender =
      SenderKey.isTextKey(key)
      ? .text(text(at: index).map { String(decoding: $0, as: UTF8.self) } ?? "") : .numeric(key)
    return DirectoryEntry(
      action: DirectoryFormat.action(payload), subAction: DirectoryFormat.subAction(payload),
      label: inlineLabel(UInt32(truncatingIfNeeded: payload >> 32)), sender: sender)
  }

  /// Starts reading the line of the payloads and of the keys that a probe will resolve.
  @inline(__always)
  func prefetch(_ probe: Probe) {
    guard case .line(_, let start, let ties) = probe else { return }
    smsfilter_prefetch(keys + start)
    smsfilter_prefetch(payloads + start)
    if ties > 0 { smsfilter_prefetch(keys + start + DirectoryFormat.fanout) }
  }

  /// Starts reading where the label of a found entry starts: its offset when `offsets` is
  /// true, else its bytes (whose offset should be in cache by then).
  @inline(__always)
  func prefetchLabel(of payload: UInt64, offsets: Bool) {
    let index = Int(truncatingIfNeeded: payload >> 32)
    guard index < labelCount else { return }
    if offsets {
      smsfilter_prefetch(labelOffsets + index)
    } else {
      smsfilter_prefetch(labelBytes + Swift.min(Int(labelOffsets[index]), labelBytesCount))
    }
  }

  /// The label with index `index`, held inline when it fits, bounds-checked.
  @inline(__always)
  func inlineLabel(_ index: UInt32) -> DirectoryEntry.LabelStorage {
    guard index != DirectoryFormat.noLabel, Int(index) < labelCount else { return .none }
    let start = Int(labelOffsets[Int(index)])
    let end = Int(labelOffsets[Int(index) + 1])
    guard start <= end, end <= labelBytesCount else { return .none }
    let count = end - start
    if count <= DirectoryEntry.InlineLabel.capacity, start + DirectoryEntry.InlineLabel.capacity <= labelBytesCount {
      // Four whole words, read past the label's end but inside the section.
      let raw = UnsafeRawPointer(labelBytes + start)
      return .inline(
        DirectoryEntry.InlineLabel(
          words: (
            raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
            raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
            raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
            raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
          ), count: count))
    }
    return DirectoryEntry.LabelStorage(UnsafeBufferPointer(start: labelBytes + start, count: count))
  }

  /// Calls `body` with every entry, in key order.
  public func forEachEntry(_ body: (DirectoryEntry) throws -> Void) rethrows {
    for index in 0..<count { try body(entry(at: index)) }
  }

  /// The kind of sender of entry `index`.
  func kind(at index: Int) -> SenderID.Kind { SenderKey.kind(ofKey: keys[index]) }

  /// The stored normalised text of a text entry, bounds-checked.
  func text(at index: Int) -> UnsafeBufferPointer<UInt8>? {
    guard index >= textStart, index < count else { return nil }
    let slot = index - textStart
    let start = Int(textOffsets[slot])
    let end = Int(textOffsets[slot + 1])
    guard start <= end, end <= textBytesCount else { return nil }
    return UnsafeBufferPointer(start: textBytes + start, count: end - start)
  }

  /// The label with index `index`, bounds-checked; `nil` for ``DirectoryFormat/noLabel``.
  func label(_ index: UInt32) -> String? {
    guard let bytes = labelBytes(index) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The bytes of label `index`, bounds-checked.
  func labelBytes(_ index: UInt32) -> UnsafeBufferPointer<UInt8>? {
    guard index != DirectoryFormat.noLabel, Int(index) < labelCount else { return nil }
    let start = Int(labelOffsets[Int(index)])
    let end = Int(labelOffsets[Int(index) + 1])
    guard start <= end, end <= labelBytesCount else { return nil }
    return UnsafeBufferPointer(start: labelBytes + start, count: end - start)
  }
}
