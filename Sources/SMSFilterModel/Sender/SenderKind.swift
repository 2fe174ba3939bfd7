/// The form of a sender ID, as networks deliver them.
public enum SenderKind: String, CaseIterable, Sendable, Hashable {
  /// A phone number in international (`+14155550123`) or national form, eight digits or more.
  case phone
  /// A numeric short code of three to seven digits (`56161`).
  case shortCode
  /// An Indian DLT header: a two-letter operator/circle prefix and an entity (`VM-HDFCBK`,
  /// `AD-AMZNIN-S`).
  case dlt
  /// An alphanumeric sender ID (`Revolut`, `DHL`).
  case alphanumeric
  /// An e-mail address (iMessage and RCS senders).
  case email
  /// No sender, or an empty one.
  case unknown

  /// Classifies a sender string.
  ///
  /// ```swift
  /// SenderKind(of: "VM-HDFCBK")     // .dlt
  /// SenderKind(of: "+447700900123") // .phone
  /// SenderKind(of: "56161")         // .shortCode
  /// ```
  public init(of sender: String?) {
    guard let sender, !sender.isEmpty else {
      self = .unknown
      return
    }
    self.init(utf8: Array(sender.utf8))
  }

  /// Classifies a sender given as UTF-8 bytes (case does not matter).
  package init<Bytes: Collection>(utf8: Bytes) where Bytes.Element == UInt8 {
    guard !utf8.isEmpty else {
      self = .unknown
      return
    }
    if utf8.contains(UInt8(ascii: "@")) {
      self = .email
      return
    }
    var digits = 0
    var others = 0
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
      case UInt8(ascii: "+"), UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "("),
        UInt8(ascii: ")"), UInt8(ascii: "."):
        break
      default: others += 1
      }
    }
    if others == 0, digits > 0 {
      self = (digits >= 8 || utf8.first == UInt8(ascii: "+")) ? .phone : .shortCode
      return
    }
    if SenderKind.isDLTHeader(utf8) {
      self = .dlt
      return
    }
    self = .alphanumeric
  }

  /// `XY-ENTITY` or `XY-ENTITY-S`: two letters, a dash, three to nine letters or digits, and an
  /// optional one-letter suffix.
  package static func isDLTHeader<Bytes: Collection>(_ utf8: Bytes) -> Bool where Bytes.Element == UInt8 {
    let parts = utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3 else { return false }
    func isLetter(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte | 0x20 ^ 0x20)
        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
    func isAlnum(_ byte: UInt8) -> Bool {
      isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
    guard parts[0].count == 2, parts[0].allSatisfy(isLetter) else { return false }
    guard (3...9).contains(parts[1].count), parts[1].allSatisfy(isAlnum) else { return false }
    if parts.count == 3 {
      guard parts[2].count == 1, parts[2].allSatisfy(isLetter) else { return false }
    }
    return true
  }
}

extension SenderKind {
  /// This kind's bit in a set of kinds (bit `n` for the `n`th case): how compiled
  /// `senderKind` conditions test a sender in one operation.
  package var maskBit: UInt8 {
    switch self {
    case .phone: 1 << 0
    case .shortCode: 1 << 1
    case .dlt: 1 << 2
    case .alphanumeric: 1 << 3
    case .email: 1 << 4
    case .unknown: 1 << 5
    }
  }
}
