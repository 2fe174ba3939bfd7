import SMSFilterModel

/// What a ``SenderDirectory`` knows about a sender: the decision for its messages and a label.
///
/// `action` `none` identifies a sender without deciding (the label is the point); `allow` puts it
/// on the allow list; `junk` blocks it; `transaction` and `promotion`, optionally with a
/// sub-action, file its messages.
public struct DirectoryEntry: Sendable, Hashable, CustomStringConvertible {
  /// The action for the sender's messages.
  public let action: Action
  /// The sub-action (`SubAction.none` unless the action is `transaction` or `promotion`).
  public let subAction: SubAction
  /// How the label is held: up to 32 bytes inline, turned into a `String` only when ``label``
  /// is read, so that a lookup neither allocates nor touches a reference count.
  let labelStorage: LabelStorage
  /// How the sender is held: phone numbers and short codes as their key, formatted only when
  /// ``normalizedSender`` is read, which keeps lookups free of that work.
  let sender: Sender

  /// The label (a business name, "Spam Likely"), if any.
  public var label: String? {
    switch labelStorage {
    case .none: nil
    case .string(let text): text
    case .inline(let inline): inline.string
    }
  }

  /// A label, inline when short.
  enum LabelStorage: Sendable {
    case none
    case inline(InlineLabel)
    case string(String)

    /// Holds `bytes` inline when they fit, else as a `String`.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>?) {
      guard let bytes else {
        self = .none
        return
      }
      if let inline = InlineLabel(bytes) {
        self = .inline(inline)
      } else {
        self = .string(String(decoding: bytes, as: UTF8.self))
      }
    }
  }

  /// Up to 32 bytes of UTF-8, stored in the struct.
  struct InlineLabel: Sendable {
    /// The capacity in bytes.
    static let capacity = 32
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    let count: UInt8

    @inline(__always)
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
      guard bytes.count <= InlineLabel.capacity else { return nil }
      count = UInt8(truncatingIfNeeded: bytes.count)
      withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
    }

    /// An empty label of `count` bytes, to be written into ``words``.
    @inline(__always)
    init(count: Int) {
      self.count = UInt8(truncatingIfNeeded: count)
    }

    /// The label (invalid UTF-8, possible only in a corrupt file, is repaired).
    var string: String {
      withUnsafeBytes(of: words) { raw in
        String(decoding: UnsafeRawBufferPointer(rebasing: raw[0..<Int(count)]), as: UTF8.self)
      }
    }
  }

  /// The sender as the directory stores it (see `SenderID.normalized`): `+919876543210`,
  /// `IN:56161`, `HDFCBK`, `alerts@bank.example`.
  public var normalizedSender: String {
    switch sender {
    case .text(let text): text
    case .numeric(let key): SenderKey.normalizedText(ofNumericKey: key)
    }
  }

  /// A sender's normalised form, or the key it is formatted from.
  enum Sender: Sendable {
    case text(String)
    case numeric(UInt64)
  }

  /// Creates an entry.
  public init(action: Action, subAction: SubAction, label: String?, normalizedSender: String) {
    self.action = action
    self.subAction = subAction
    self.labelStorage = label.map { .string($0) } ?? .none
    self.sender = .text(normalizedSender)
  }

  /// Creates an entry from a directory's bytes.
  @inline(__always)
  init(action: Action, subAction: SubAction, label: LabelStorage, sender: Sender) {
    self.action = action
    self.subAction = subAction
    self.labelStorage = label
    self.sender = sender
  }

  /// Entries are equal when their action, sub-action, label and normalised sender are.
  public static func == (lhs: DirectoryEntry, rhs: DirectoryEntry) -> Bool {
    lhs.action == rhs.action && lhs.subAction == rhs.subAction && lhs.label == rhs.label
      && lhs.normalizedSender == rhs.normalizedSender
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(action)
    hasher.combine(subAction)
    hasher.combine(label)
    hasher.combine(normalizedSender)
  }

  /// `action<TAB>subAction<TAB>label<TAB>normalisedSender`, as `smsfilter directory lookup`
  /// prints it (an empty label field when there is none).
  public var description: String {
    "\(action.name)\t\(subAction.name)\t\(label ?? "")\t\(normalizedSender)"
  }
}
