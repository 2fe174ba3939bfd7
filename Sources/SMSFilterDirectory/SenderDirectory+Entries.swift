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
      label: inlineLabel(DirectoryFormat.labelIndex(payload)), sender: sender)
  }

  /// Starts reading the line of the payloads and of the keys that a probe will resolve.
  @inline(__always)
  func prefetch(_ probe: Probe) {
    guard case .line(_, let start, let ties) = probe else { return }
    smsfilter_prefetch(keys + start)
    smsfilter_prefetch(payloads.base + start)
    if ties > 0 { smsfilter_prefetch(keys + start + DirectoryFormat.fanout) }
  }

  /// Starts reading where the label of a found entry starts: its block's offset when
  /// `offsets` is true, else the block's bytes (whose offset should be in cache by then).
  @inline(__always)
  func prefetchLabel(of payload: UInt64, offsets: Bool) {
    let index = Int(DirectoryFormat.labelIndex(payload))
    guard index < labelCount else { return }
    let block = index / DirectoryFormat.labelBlock
    if offsets {
      smsfilter_prefetch(labelBlocks + block)
    } else {
      // A block of short labels spans one or two cache lines: start reading both.
      let start = Swift.min(Int(UInt32(littleEndian: labelBlocks[block])), labelBytesCount)
      smsfilter_prefetch(labelBytes + start)
      smsfilter_prefetch(labelBytes + Swift.min(start + 64, labelBytesCount))
    }
  }

  /// Where label `index` lies in the front-coded label bytes: the first `shared` bytes of its
  /// block's first label at `head`, then `suffixCount` bytes at `suffix`. `nil` for no label
  /// and, in a corrupt file, for anything out of bounds.
  @inline(__always)
  func labelPieces(_ index: UInt32) -> (head: Int, shared: Int, suffix: Int, suffixCount: Int)? {
    guard index != DirectoryFormat.noLabel, Int(index) < labelCount else { return nil }
    let block = Int(index) / DirectoryFormat.labelBlock
    var position = Int(UInt32(littleEndian: labelBlocks[block]))
    let end = Swift.min(Int(UInt32(littleEndian: labelBlocks[block + 1])), labelBytesCount)
    guard position < end else { return nil }
    let headCount = Int(labelBytes[position])
    let head = position + 1
    position = head + headCount
    guard position <= end else { return nil }
    var skip = Int(index) % DirectoryFormat.labelBlock
    if skip == 0 { return (head, headCount, position, 0) }
    while true {
      guard position + 2 <= end else { return nil }
      let shared = Int(labelBytes[position])
      let suffixCount = Int(labelBytes[position + 1])
      skip -= 1
      if skip == 0 {
        guard shared <= headCount, position + 2 + suffixCount <= end else { return nil }
        return (head, shared, position + 2, suffixCount)
      }
      position += 2 + suffixCount
    }
  }

  /// The label with index `index`, held inline when it fits, bounds-checked.
  @inline(__always)
  func inlineLabel(_ index: UInt32) -> DirectoryEntry.LabelStorage {
    guard let pieces = labelPieces(index) else { return .none }
    let count = pieces.shared + pieces.suffixCount
    if count <= DirectoryEntry.InlineLabel.capacity {
      var label = DirectoryEntry.InlineLabel(count: count)
      withUnsafeMutableBytes(of: &label.words) { words in
        guard let base = words.baseAddress else { return }
        base.copyMemory(from: labelBytes + pieces.head, byteCount: pieces.shared)
        (base + pieces.shared).copyMemory(from: labelBytes + pieces.suffix, byteCount: pieces.suffixCount)
      }
      return .inline(label)
    }
    return .string(label(index) ?? "")
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
    guard let pieces = labelPieces(index) else { return nil }
    var bytes = [UInt8](UnsafeBufferPointer(start: labelBytes + pieces.head, count: pieces.shared))
    bytes.append(contentsOf: UnsafeBufferPointer(start: labelBytes + pieces.suffix, count: pieces.suffixCount))
    return String(decoding: bytes, as: UTF8.self)
  }
}
