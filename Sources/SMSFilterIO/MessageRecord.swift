/// One message record of JSON Lines input: the fields ``MessageRecordReader`` reads.
public struct MessageRecord: Sendable {
  /// `sender`, if present and not null.
  public var sender: String?
  /// `body` (or `messageBody`).
  public var body: String?
  /// Where the body's bytes are in the line, when the reader was asked to leave a body without
  /// escapes in place (``MessageRecordReader/parse(_:bodyInPlace:)``): then ``body`` is `nil`
  /// and these bytes, checked to be UTF-8, are the body.
  public var bodyRange: Range<Int>?
  /// `receiverISOCountryCode` (or `country`).
  public var country: String?
  /// The `id` value exactly as written (any JSON value), to echo back.
  public var rawID: [UInt8]?
  /// A labeled corpus's `action` (read with `readingLabels`).
  public var action: String?
  /// A labeled corpus's `subAction` (read with `readingLabels`).
  public var subAction: String?
  /// The message's language, `lang` (read with `readingLabels`).
  public var language: String?
  /// The first key that is none of the above nor `market` or `note` (noted with
  /// `readingLabels`, for readers that refuse unknown keys).
  public var unknownKey: String?

  /// Whether the record has a body, decoded (``body``) or in place (``bodyRange``).
  public var hasBody: Bool { body != nil || bodyRange != nil }

  /// An empty record.
  public init() {}
}
