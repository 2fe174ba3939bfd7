import SMSFilterModel

/// Writes a Call Directory stream (see ``CallDirectoryStream``) into memory, one section after
/// another, checking what CallKit requires: sections in their kind's order, numbers strictly
/// ascending within a section and in CallKit's range, labels of 1 to 255 bytes.
///
/// ```swift
/// var writer = CallDirectoryStreamWriter(kind: .export)
/// writer.begin(.blocking)
/// writer.append(447700900123)
/// writer.begin(.identification)
/// writer.append(447700900124, label: "Acme Bank")
/// let bytes = writer.finish()
/// ```
///
/// Breaking one of these rules is a programming error and traps: the library's exports and
/// diffs are built from sorted directories and cannot break them.
public struct CallDirectoryStreamWriter: Sendable {
  /// What is written.
  public let kind: CallDirectoryStream.Kind
  private var output: [UInt8]
  private var body: [UInt8] = []
  private var section: CallDirectoryStream.Section?
  private var sectionIndex = -1
  private var count: UInt64 = 0
  private var previous: Int64 = 0

  /// Starts a stream of `kind`.
  public init(kind: CallDirectoryStream.Kind) {
    self.kind = kind
    output = CallDirectoryStream.magic
    withUnsafeBytes(of: CallDirectoryStream.version.littleEndian) { output.append(contentsOf: $0) }
    output.append(contentsOf: [kind.rawValue, 0, 0, 0])
  }

  /// Starts the next section, which must be `section` (sections come in their kind's order; a
  /// section may be left empty by beginning the next).
  public mutating func begin(_ section: CallDirectoryStream.Section) {
    let sections = kind.sections
    while sectionIndex + 1 < sections.count, sections[sectionIndex + 1] != section { endSection() }
    precondition(sectionIndex + 1 < sections.count, "section \(section.name) out of order in a \(kind) stream")
    endSection()
  }

  /// Appends a record to the current section: a number above the previous one, with a label
  /// exactly when the section has labels.
  public mutating func append(_ number: Int64, label: String? = nil) {
    guard let section else { preconditionFailure("append before begin") }
    precondition(number > previous && number <= CallDirectoryStream.maxNumber, "numbers must ascend strictly")
    precondition((label != nil) == section.hasLabels, "a label in a section without labels, or none where needed")
    appendLEB128(UInt64(number - previous))
    if let label {
      let utf8 = label.utf8
      precondition((1...255).contains(utf8.count), "a label must have 1 to 255 bytes")
      appendLEB128(UInt64(utf8.count))
      body.append(contentsOf: utf8)
    }
    previous = number
    count += 1
  }

  /// Ends the stream (any sections not begun are written empty) and returns its bytes.
  public mutating func finish() -> [UInt8] {
    while sectionIndex < kind.sections.count { endSection() }
    let hash = SenderKey.fnv1a(output)
    withUnsafeBytes(of: hash.littleEndian) { output.append(contentsOf: $0) }
    return output
  }

  /// Writes the current section (if any) and moves to the next one of the kind.
  private mutating func endSection() {
    if let section {
      output.append(section.rawValue)
      withUnsafeBytes(of: count.littleEndian) { output.append(contentsOf: $0) }
      output.append(contentsOf: body)
    }
    body.removeAll(keepingCapacity: true)
    count = 0
    previous = 0
    sectionIndex += 1
    section = sectionIndex < kind.sections.count ? kind.sections[sectionIndex] : nil
  }

  private mutating func appendLEB128(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      body.append(UInt8(value & 0x7F) | 0x80)
      value >>= 7
    }
    body.append(UInt8(value))
  }
}
