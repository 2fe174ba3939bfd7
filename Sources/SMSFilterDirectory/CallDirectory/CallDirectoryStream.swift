/// The binary stream a Call Directory extension (CallKit) loads: what `smsfilter directory
/// export` and `directory diff` write and ``CallDirectoryStreamReader`` reads, in constant
/// memory, one entry at a time, in the order the extension must hand them to CallKit.
///
/// ```text
/// offset size  header (16 bytes)
///      0    8  magic 89 53 44 45 58 0D 0A 1A ("\x89SDEX\r\n\x1a")
///      8    4  format version (1), little-endian
///     12    1  kind: 1 export (a full load), 2 diff (an incremental load)
///     13    3  zero
///     16       the sections, in the order their kind fixes (``Kind/sections``), each:
///                1 byte   the section (``Section``'s raw value)
///                8 bytes  its record count N, little-endian
///                N records, numbers strictly ascending:
///                  LEB128  the number minus the previous number of the section (the first:
///                          the number itself); never 0
///                  and, in a section with labels (``Section/hasLabels``):
///                  LEB128  the label's length in bytes (1…255), then the label (UTF-8)
///      end    8  FNV-1a 64 of every byte before it, little-endian
/// ```
///
/// A number is a phone number in international form without `+` (`447700900123`), as CallKit's
/// `CXCallDirectoryPhoneNumber` (`Int64`) takes it. Ascending numbers cost a few bytes each:
/// the gaps between 2,000,000 numbers are mostly 3-byte LEB128 values.
///
/// An export holds ``Section/blocking`` (every `junk` phone number) and
/// ``Section/identification`` (every other phone number with a label). A diff from an old
/// export to a new one holds what CallKit's incremental mode needs: blocking removals and
/// additions, identification removals and additions, and the numbers whose label changed
/// (remove the old identification entry, then add the new label).
public enum CallDirectoryStream {
  /// The eight bytes every stream starts with.
  public static let magic: [UInt8] = [0x89, 0x53, 0x44, 0x45, 0x58, 0x0D, 0x0A, 0x1A]
  /// The format version this library writes and reads.
  public static let version: UInt32 = 1
  /// Bytes in the header.
  static let headerLength = 16
  /// Bytes in a section's head (its code and count).
  static let sectionHeadLength = 9
  /// Bytes in the trailer (the FNV-1a 64 of the stream).
  static let trailerLength = 8
  /// The largest number a stream holds: 15 digits, E.164's longest.
  public static let maxNumber: Int64 = 999_999_999_999_999

  /// What a stream is.
  public enum Kind: UInt8, Sendable, CaseIterable {
    /// A full load: every blocking and identification entry.
    case export = 1
    /// An incremental load: the changes from one export to another.
    case diff = 2

    /// The sections of a stream of this kind, in stream order.
    public var sections: [Section] {
      switch self {
      case .export: [.blocking, .identification]
      case .diff:
        [
          .blockingRemovals, .blockingAdditions, .identificationRemovals, .identificationAdditions,
          .identificationChanges,
        ]
      }
    }
  }

  /// A section of a stream, and the CallKit call each of its records is for.
  public enum Section: UInt8, Sendable, CaseIterable {
    /// `addBlockingEntry(withNextSequentialPhoneNumber:)`.
    case blocking = 1
    /// `addIdentificationEntry(withNextSequentialPhoneNumber:label:)`.
    case identification = 2
    /// `removeBlockingEntry(withPhoneNumber:)`.
    case blockingRemovals = 3
    /// `addBlockingEntry(withNextSequentialPhoneNumber:)`, in an incremental load.
    case blockingAdditions = 4
    /// `removeIdentificationEntry(withPhoneNumber:)`.
    case identificationRemovals = 5
    /// `addIdentificationEntry(withNextSequentialPhoneNumber:label:)`, in an incremental load.
    case identificationAdditions = 6
    /// A label that changed: `removeIdentificationEntry(withPhoneNumber:)`, then
    /// `addIdentificationEntry(withNextSequentialPhoneNumber:label:)` with the new label.
    case identificationChanges = 7

    /// Whether its records carry a label.
    public var hasLabels: Bool {
      switch self {
      case .identification, .identificationAdditions, .identificationChanges: true
      case .blocking, .blockingRemovals, .blockingAdditions, .identificationRemovals: false
      }
    }

    /// Whether it holds blocking entries (else identification entries).
    public var isBlocking: Bool {
      switch self {
      case .blocking, .blockingRemovals, .blockingAdditions: true
      case .identification, .identificationRemovals, .identificationAdditions, .identificationChanges: false
      }
    }

    /// Its name in text output and errors: `blocking`, `blocking removals`, ….
    public var name: String {
      switch self {
      case .blocking: "blocking"
      case .identification: "identification"
      case .blockingRemovals: "blocking removals"
      case .blockingAdditions: "blocking additions"
      case .identificationRemovals: "identification removals"
      case .identificationAdditions: "identification additions"
      case .identificationChanges: "identification changes"
      }
    }
  }
}
