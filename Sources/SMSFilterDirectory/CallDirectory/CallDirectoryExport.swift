import SMSFilterModel

/// What a sender directory gives a Call Directory extension, counted: the entries of each
/// stream of its export (``SenderDirectory/callDirectoryExport()``) and those CallKit cannot
/// take.
///
/// CallKit takes phone numbers only, as integers in international form: **blocking** gets every
/// `junk` phone number; **identification** every other phone number with a label (a blocked
/// number needs none: its calls never ring). Phone numbers that are neither (`allow`,
/// `transaction`, `promotion` or `none` without a label) have nothing to load. Short codes,
/// alphanumeric and DLT senders and e-mail addresses are left out.
public struct CallDirectoryExport: Sendable, Hashable {
  /// Numbers in the blocking stream.
  public var blocking = 0
  /// Numbers in the identification stream.
  public var identification = 0
  /// Phone entries with nothing to load: neither blocked nor labelled.
  public var unlabelled = 0
  /// Entries CallKit cannot take, by kind (`shortCode`, `alphanumeric`, `email`).
  public var leftOut: [SenderID.Kind: Int] = [:]

  /// All the entries left out.
  public var leftOutCount: Int { leftOut.values.reduce(0, +) }

  /// Creates empty counts.
  public init() {}

  /// `blocking 3, identification 5; 1 phone entry with nothing to load; left out (CallKit takes
  /// phone numbers only): 2 shortCode, 1 alphanumeric`.
  public var summary: String {
    var text = "blocking \(blocking), identification \(identification)"
    if unlabelled > 0 {
      text +=
        "; \(unlabelled) phone entr\(unlabelled == 1 ? "y" : "ies") with nothing to load (neither junk nor labelled)"
    }
    if leftOutCount > 0 {
      let kinds = SenderID.Kind.allCases.compactMap { kind in leftOut[kind].map { "\($0) \(kind.rawValue)" } }
      text += "; left out (CallKit takes phone numbers only): " + kinds.joined(separator: ", ")
    }
    return text
  }
}

/// The stream an entry belongs to in a Call Directory export.
enum CallDirectoryRole: Equatable {
  /// Not exported.
  case none
  /// The blocking stream.
  case blocking
  /// The identification stream, with the entry's label index.
  case identification(UInt32)

  /// The role of an entry with `payload`.
  @inline(__always)
  init(payload: UInt64) {
    if DirectoryFormat.action(payload) == .junk {
      self = .blocking
    } else {
      let label = DirectoryFormat.labelIndex(payload)
      self = label == DirectoryFormat.noLabel ? .none : .identification(label)
    }
  }
}
