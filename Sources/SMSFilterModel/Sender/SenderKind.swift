/// The form of a sender ID, as networks deliver them.
public enum SenderKind: String, CaseIterable, Sendable, Hashable {
  /// A phone number in international (`+14155550123`) or national form, eight digits or more.
  case phone
  /// A numeric short code of three to seven digits (`56161`, or `IN:56161` scoped).
  case shortCode
  /// An Indian DLT header: a two-letter operator/circle prefix and an entity (`VM-HDFCBK`,
  /// `AD-AMZNIN-S`).
  case dlt
  /// An alphanumeric sender ID (`Revolut`, `DHL`).
  case alphanumeric
  /// An e-mail address (iMessage and RCS senders).
  case email
  /// No sender, an empty one, or one or two digits.
  case unknown

  /// Classifies a sender string, by the sender grammar directories use (``SenderParser``):
  /// `+` or eight digits and more is a phone number, three to seven digits a short code.
  ///
  /// ```swift
  /// SenderKind(of: "VM-HDFCBK")     // .dlt
  /// SenderKind(of: "+447700900123") // .phone
  /// SenderKind(of: "56161")         // .shortCode
  /// ```
  public init(of sender: String?) {
    guard var sender else {
      self = .unknown
      return
    }
    self = sender.withUTF8 { SenderKind(utf8: $0) }
  }

  /// Classifies a sender given as UTF-8 bytes (case does not matter): its lexical form
  /// (``SenderParser/form(of:)``), the first step of parsing it for a directory.
  package init(utf8: UnsafeBufferPointer<UInt8>) {
    switch SenderParser.form(of: utf8) {
    case .empty: self = .unknown
    case .email: self = .email
    case .scopedShortCode: self = .shortCode
    case .number(let start, _, let digits, let clean):
      if !clean {
        self = .alphanumeric  // a `+` with letters: not a number, and not a valid ID either
      } else if utf8[start] == UInt8(ascii: "+") || digits >= 8 {
        self = .phone
      } else {
        self = digits >= 3 ? .shortCode : .unknown
      }
    case .dlt: self = .dlt
    case .text: self = .alphanumeric
    }
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
