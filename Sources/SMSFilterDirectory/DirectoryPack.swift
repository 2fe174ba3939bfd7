import SMSFilterModel

/// One region pack of a directory split by country (``DirectoryBuilder/buildPacks()``): the
/// phone numbers of one country calling code, or the senders of no country (``otherName``).
public struct DirectoryPack: Sendable {
  /// The pack's name: the calling code (`44`, `1`, `971`) or ``otherName``.
  public let name: String
  /// The pack's directory file.
  public let image: DirectoryImage

  /// The pack of the senders that have no calling code: short codes, alphanumeric and DLT
  /// senders, e-mail addresses (none of which CallKit takes).
  public static let otherName = "other"

  /// The pack a directory key belongs to.
  static func name(ofKey key: UInt64) -> String {
    key >> SenderKey.tagShift == SenderKey.phoneTag ? CallingCode.of(key & SenderKey.valueMask) : otherName
  }

  /// The file name of the pack in a pack folder: `44.smsdir`.
  public var fileName: String { "\(name).smsdir" }

  /// The content hash an app compares to decide whether to reload the pack: the file's XXH64
  /// checksum, which depends only on the pack's entries (`0x` and 16 hexadecimal digits).
  public var hash: String {
    let stored = image.bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 16, as: UInt64.self) }
    return SenderDirectory.hex(UInt64(littleEndian: stored))
  }
}

extension DirectoryBuilder {
  /// Builds one directory per country calling code, and one for the senders of no country
  /// (``DirectoryPack/otherName``), in pack name order: together they hold exactly the entries
  /// ``build()`` would write in one file, and a pack's bytes depend only on its own entries.
  ///
  /// - Throws: ``DirectoryBuildError``, as ``build()``.
  public func buildPacks() throws(DirectoryBuildError) -> [DirectoryPack] {
    let (kept, warnings) = try merged()
    var groups: [String: [Record]] = [:]
    for record in kept { groups[DirectoryPack.name(ofKey: record.key), default: []].append(record) }
    var packs: [DirectoryPack] = []
    for name in groups.keys.sorted(by: DirectoryBuilder.packOrder) {
      do throws(DirectorySourceError) {
        packs.append(DirectoryPack(name: name, image: try encode(groups[name] ?? [], warnings: warnings)))
      } catch {
        throw DirectoryBuildError(errors: [error], warnings: warnings)
      }
    }
    return packs
  }

  /// Calling codes in numeric order, then ``DirectoryPack/otherName``.
  static func packOrder(_ a: String, _ b: String) -> Bool {
    switch (Int(a), Int(b)) {
    case (let x?, let y?): x < y
    case (.some, nil): true
    case (nil, .some): false
    case (nil, nil): a < b
    }
  }
}
