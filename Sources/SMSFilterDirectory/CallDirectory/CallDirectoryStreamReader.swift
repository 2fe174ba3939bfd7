import SMSFilterModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a Call Directory stream (see ``CallDirectoryStream``) one record at a time, in
/// constant memory: a file is read through one 64 KiB buffer, never mapped or loaded whole, so
/// a Call Directory extension loading millions of numbers stays within a few hundred kilobytes
/// of its own, and another program replacing the file cannot crash it.
///
/// Every record is checked as it is read (sections in order, numbers strictly ascending and in
/// range, labels valid UTF-8), and the end of the stream checks its count of sections and its
/// FNV-1a 64 trailer: a truncated or corrupt stream throws, at the latest at its end. An
/// extension hands each record to CallKit as it comes and, on an error, cancels the request,
/// which discards everything added during it.
///
/// ```swift
/// let reader = try CallDirectoryStreamReader(path: url.path)
/// while let record = try reader.next() {
///   switch record.section {
///   case .blocking: context.addBlockingEntry(withNextSequentialPhoneNumber: record.number)
///   case .identification:
///     context.addIdentificationEntry(withNextSequentialPhoneNumber: record.number, label: record.label ?? "")
///   default: break  // the sections of a diff: see the README's guide
///   }
/// }
/// ```
public final class CallDirectoryStreamReader {
  /// What the stream is: a full export or a diff.
  public private(set) var kind: CallDirectoryStream.Kind = .export
  /// The section of the record last returned (`nil` before the first section).
  public private(set) var section: CallDirectoryStream.Section?
  /// The number of records in ``section``, from its head.
  public private(set) var sectionCount: UInt64 = 0

  /// The bytes per read.
  static let bufferSize = 64 << 10

  private enum Source {
    case file(Int32)
    case memory([UInt8], position: Int)
  }
  private var source: Source
  private let name: String
  private let buffer: UnsafeMutablePointer<UInt8>
  private var start = 0
  private var end = 0
  /// Bytes consumed before `buffer[start]`, for error messages.
  private var consumed = 0
  private var hash = SenderKey.fnvOffsetBasis
  private var sectionIndex = -1
  private var remaining: UInt64 = 0
  private var previous: Int64 = 0
  private var finished = false
  private var label = [UInt8](repeating: 0, count: 255)

  /// Opens a stream file and reads its header.
  ///
  /// - Throws: ``CallDirectoryStreamError``: unreadable, not a stream, unsupported version,
  ///   malformed header.
  public convenience init(path: String) throws(CallDirectoryStreamError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      throw CallDirectoryStreamError(.unreadable, "\(path): cannot open: \(String(cString: strerror(errno)))")
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      throw CallDirectoryStreamError(.unreadable, "\(path): not a regular file")
    }
    try self.init(source: .file(descriptor), name: path)
  }

  /// Reads a stream held in memory (for tests, and for a diff applied in memory).
  public convenience init(bytes: [UInt8], name: String = "<stream>") throws(CallDirectoryStreamError) {
    try self.init(source: .memory(bytes, position: 0), name: name)
  }

  private init(source: Source, name: String) throws(CallDirectoryStreamError) {
    self.source = source
    self.name = name
    buffer = .allocate(capacity: CallDirectoryStreamReader.bufferSize)
    var head: [UInt8] = []
    for _ in 0..<CallDirectoryStream.headerLength {
      guard let byte = try optionalByte() else { break }
      head.append(byte)
    }
    guard head.count >= CallDirectoryStream.magic.count, head.prefix(8).elementsEqual(CallDirectoryStream.magic)
    else {
      throw CallDirectoryStreamError(.notAStream, "\(name): not a Call Directory stream (bad magic number)")
    }
    guard head.count == CallDirectoryStream.headerLength else {
      throw CallDirectoryStreamError(.malformed, "\(name): truncated header")
    }
    let version = UInt32(head[8]) | UInt32(head[9]) << 8 | UInt32(head[10]) << 16 | UInt32(head[11]) << 24
    guard version == CallDirectoryStream.version else {
      throw CallDirectoryStreamError(
        .unsupportedVersion(version),
        "\(name): stream format version \(version) is not supported (this build reads \(CallDirectoryStream.version))")
    }
    guard let kind = CallDirectoryStream.Kind(rawValue: head[12]), head[13] == 0, head[14] == 0, head[15] == 0 else {
      throw CallDirectoryStreamError(.malformed, "\(name): unknown stream kind \(head[12])")
    }
    self.kind = kind  // (the class is whole by now: a throw above still runs deinit, which closes the file)
  }

  deinit {
    buffer.deallocate()
    if case .file(let descriptor) = source { close(descriptor) }
  }

  /// The next record, or `nil` at the end of a complete, intact stream.
  ///
  /// - Throws: ``CallDirectoryStreamError`` at the first byte that breaks the format, and at
  ///   the end when the trailer does not match.
  public func next() throws(CallDirectoryStreamError) -> CallDirectoryRecord? {
    if finished { return nil }
    while remaining == 0 {
      sectionIndex += 1
      let sections = kind.sections
      if sectionIndex == sections.count {
        try readTrailer()
        finished = true
        section = nil
        return nil
      }
      let code = try byte()
      guard code == sections[sectionIndex].rawValue else {
        throw malformed(
          "section \(code) where \(sections[sectionIndex].name) (\(sections[sectionIndex].rawValue)) belongs")
      }
      var count: UInt64 = 0
      for shift in stride(from: 0 as UInt64, to: 64, by: 8) { count |= UInt64(try byte()) << shift }
      section = sections[sectionIndex]
      sectionCount = count
      remaining = count
      previous = 0
    }
    guard let section else { throw malformed("no section") }
    let delta = try leb128()
    guard delta > 0, delta <= UInt64(CallDirectoryStream.maxNumber - previous) else {
      throw malformed("a number in \(section.name) that does not ascend or is out of range")
    }
    let number = previous + Int64(delta)
    var text: String?
    if section.hasLabels {
      let length = try leb128()
      guard length >= 1, length <= 255 else { throw malformed("a label of \(length) bytes for \(number)") }
      for index in 0..<Int(length) { label[index] = try byte() }
      text = label.withUnsafeBufferPointer { String(validating: $0.prefix(Int(length)), as: UTF8.self) }
      guard text != nil else { throw malformed("the label of \(number) is not valid UTF-8") }
    }
    previous = number
    remaining -= 1
    return CallDirectoryRecord(section: section, number: number, label: text)
  }

  // MARK: Bytes

  private func malformed(_ what: String) -> CallDirectoryStreamError {
    CallDirectoryStreamError(.malformed, "\(name): malformed stream at byte \(consumed + start): \(what)")
  }

  /// The next byte, hashed.
  @inline(__always)
  private func byte() throws(CallDirectoryStreamError) -> UInt8 {
    guard let byte = try optionalByte() else { throw malformed("the stream ends early (truncated?)") }
    return byte
  }

  @inline(__always)
  private func optionalByte() throws(CallDirectoryStreamError) -> UInt8? {
    if start == end {
      guard try refill() else { return nil }
    }
    let byte = buffer[start]
    start += 1
    hash = SenderKey.fnv1a(hash, byte)
    return byte
  }

  private func leb128() throws(CallDirectoryStreamError) -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = try byte()
      value |= UInt64(byte & 0x7F) << shift
      if byte & 0x80 == 0 { return value }
      shift += 7
      guard shift < 56 else { throw malformed("a number too long") }
    }
  }

  /// Reads more bytes into the buffer; false at the end of the stream.
  private func refill() throws(CallDirectoryStreamError) -> Bool {
    consumed += end
    start = 0
    end = 0
    switch source {
    case .memory(let bytes, let position):
      let count = min(CallDirectoryStreamReader.bufferSize, bytes.count - position)
      if count <= 0 { return false }
      bytes.withUnsafeBufferPointer { source in
        for index in 0..<count { buffer[index] = source[position + index] }
      }
      source = .memory(bytes, position: position + count)
      end = count
      return true
    case .file(let descriptor):
      while true {
        let got = read(descriptor, buffer, CallDirectoryStreamReader.bufferSize)
        if got < 0 && errno == EINTR { continue }
        guard got >= 0 else {
          throw CallDirectoryStreamError(.unreadable, "\(name): cannot read: \(String(cString: strerror(errno)))")
        }
        end = got
        return got > 0
      }
    }
  }

  /// Checks the trailer and that nothing follows it.
  private func readTrailer() throws(CallDirectoryStreamError) {
    let expected = hash
    var stored: UInt64 = 0
    for shift in stride(from: 0 as UInt64, to: 64, by: 8) { stored |= UInt64(try byte()) << shift }
    guard stored == expected else {
      throw CallDirectoryStreamError(.checksumMismatch, "\(name): checksum mismatch: the stream is corrupt")
    }
    guard try optionalByte() == nil else { throw malformed("bytes after the end of the stream") }
  }
}
