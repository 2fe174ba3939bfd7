/// The outcome of ``SenderParser/parse(_:country:)``.
package enum SenderParseResult {
  /// The sender parsed.
  case success(ParsedSender)
  /// The sender is malformed.
  case failure(SenderIDError.Kind)
}
