/// The front coding of a directory's labels (see ``DirectoryFormat``): labels sorted by their
/// bytes, cut into blocks of ``DirectoryFormat/labelBlock``; each block's first label whole, the
/// others as the bytes they share with it and the bytes that follow.
///
/// ```swift
/// let coding = LabelCoding(sorted: [Array("Entry 1".utf8), Array("Entry 10".utf8)])
/// coding.bytes        // 7 "Entry 1" 7 1 "0"
/// coding.blockStarts  // [0, 11]
/// ```
struct LabelCoding {
  /// The label bytes section.
  private(set) var bytes: [UInt8] = []
  /// Where each block starts in ``bytes``, and its end: the label blocks section.
  private(set) var blockStarts: [UInt32] = []

  /// Codes labels already sorted by their bytes, each at most 255 bytes long.
  init(sorted labels: [[UInt8]]) {
    bytes.reserveCapacity(labels.count * 4)
    blockStarts.reserveCapacity(DirectoryFormat.labelBlockCount(labels: labels.count))
    var head: [UInt8] = []
    for (index, label) in labels.enumerated() {
      precondition(label.count <= 255, "a label longer than 255 bytes reached the directory encoder")
      if index % DirectoryFormat.labelBlock == 0 {
        blockStarts.append(UInt32(truncatingIfNeeded: bytes.count))
        head = label
        bytes.append(UInt8(label.count))
        bytes.append(contentsOf: label)
        continue
      }
      var shared = 0
      let limit = min(head.count, label.count)
      while shared < limit, head[shared] == label[shared] { shared += 1 }
      bytes.append(UInt8(shared))
      bytes.append(UInt8(label.count - shared))
      bytes.append(contentsOf: label[shared...])
    }
    blockStarts.append(UInt32(truncatingIfNeeded: bytes.count))
  }
}
