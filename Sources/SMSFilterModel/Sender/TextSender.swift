/// Where a text sender's characters lie in the input, and how to normalise them.
package struct TextSender {
  /// ``SenderID/Kind/alphanumeric`` (upper-cased, runs of spaces collapsed) or
  /// ``SenderID/Kind/email`` (lower-cased).
  package let kind: SenderID.Kind
  /// The first byte.
  package let start: Int
  /// One past the last byte.
  package let end: Int
}
