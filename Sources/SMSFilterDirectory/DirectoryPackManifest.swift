/// The manifest of a folder of region packs (`manifest.json`, written by `directory build
/// --split-by country`): what an app reads to offer packs to its users and to reload only the
/// packs whose hash changed.
///
/// ```json
/// {"version": 1, "packs": [{"pack": "44", "file": "44.smsdir", "entries": 3, "blocking": 2,
///   "identification": 1, "bytes": 576, "hash": "0x1f…"}]}
/// ```
public struct DirectoryPackManifest: Codable, Sendable, Equatable {
  /// The manifest's format version (1).
  public var version = 1
  /// The packs, calling codes in numeric order, then `other`.
  public var packs: [Entry]

  /// One pack.
  public struct Entry: Codable, Sendable, Equatable {
    /// The calling code, or `other`.
    public var pack: String
    /// The directory file, relative to the manifest.
    public var file: String
    /// Entries in the pack.
    public var entries: Int
    /// Entries in its Call Directory export's blocking stream.
    public var blocking: Int
    /// Entries in its identification stream.
    public var identification: Int
    /// The file's size in bytes.
    public var bytes: Int
    /// The file's content hash (XXH64, `0x` and 16 hexadecimal digits).
    public var hash: String

    /// Creates an entry.
    public init(pack: String, file: String, entries: Int, blocking: Int, identification: Int, bytes: Int, hash: String)
    {
      self.pack = pack
      self.file = file
      self.entries = entries
      self.blocking = blocking
      self.identification = identification
      self.bytes = bytes
      self.hash = hash
    }
  }

  /// Creates a manifest.
  public init(packs: [Entry]) {
    self.packs = packs
  }
}
