/// One message to classify: the mirror of IdentityLookup's `ILMessageFilterQueryRequest`.
///
/// ```swift
/// let query = MessageQuery(sender: "VM-HDFCBK", messageBody: "Rs 2,500.00 debited from A/c XX1234")
/// ```
public struct MessageQuery: Sendable, Hashable {
  /// The sender as the network gives it: a phone number, short code, alphanumeric sender ID or
  /// e-mail address; `nil` when unknown.
  public var sender: String?
  /// The message text.
  public var messageBody: String
  /// The ISO 3166-1 alpha-2 code of the receiver's country (`"IN"`, `"US"`), when known.
  public var receiverISOCountryCode: String?

  /// Creates a query.
  public init(sender: String? = nil, messageBody: String, receiverISOCountryCode: String? = nil) {
    self.sender = sender
    self.messageBody = messageBody
    self.receiverISOCountryCode = receiverISOCountryCode
  }
}
