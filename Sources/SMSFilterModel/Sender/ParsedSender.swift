/// A sender parsed from its UTF-8 bytes without allocating: what ``SenderID`` and the directory's
/// lookup path share, so that both normalise exactly alike.
package enum ParsedSender {
  /// A phone number: its E.164 digits as an integer (no leading zero, 7 to 15 digits).
  case phone(UInt64)
  /// A short code: its digits as an integer, how many digits (3…7, so leading zeros count), and
  /// the scope country's ``CountryCode/keyBits`` (0 when no country).
  case shortCode(value: UInt64, digits: Int, country: UInt64)
  /// An alphanumeric ID, DLT entity or e-mail address: the byte range it occupies in the input
  /// (the entity alone for a DLT header), normalised by ``SenderParser/forEachNormalizedByte``.
  case text(TextSender)
}
