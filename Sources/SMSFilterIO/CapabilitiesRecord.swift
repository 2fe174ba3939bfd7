import SMSFilter

/// The JSON form of a rule set's capabilities, as `smsfilter capabilities --format json` prints
/// them and `GET /v1/capabilities` serves them: each group's sub-actions with their names and
/// IdentityLookup raw values.
///
/// ```swift
/// CapabilitiesRecord.json(capabilities)
/// // {"transactionalSubActions":[{"name":"transactionalFinance","rawValue":10001}],"promotionalSubActions":[]}
/// ```
public enum CapabilitiesRecord {
  /// The capabilities as one line of JSON, without a newline.
  public static func json(_ capabilities: Capabilities) -> String {
    func list(_ values: [SubAction]) -> String {
      "[" + values.map { "{\"name\":\"\($0.name)\",\"rawValue\":\($0.rawValue)}" }.joined(separator: ",") + "]"
    }
    return
      "{\"transactionalSubActions\":\(list(capabilities.transactional)),\"promotionalSubActions\":\(list(capabilities.promotional))}"
  }
}
