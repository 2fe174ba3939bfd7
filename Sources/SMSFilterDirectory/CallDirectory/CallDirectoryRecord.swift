/// One entry of a Call Directory stream: a phone number for a CallKit call, and its label in a
/// section with labels.
public struct CallDirectoryRecord: Sendable, Hashable {
  /// The section it belongs to: which CallKit call it is for.
  public let section: CallDirectoryStream.Section
  /// The phone number in international form without `+` (`447700900123`).
  public let number: Int64
  /// The label, in a section with labels (``CallDirectoryStream/Section/hasLabels``).
  public let label: String?

  /// Creates a record.
  public init(section: CallDirectoryStream.Section, number: Int64, label: String? = nil) {
    self.section = section
    self.number = number
    self.label = label
  }

  /// The record as `directory export --format text` and `directory diff --format text` print
  /// it: `number` or `number<TAB>label` in an export, prefixed by `remove`, `add` or `change`
  /// and a TAB in a diff.
  public var textLine: String {
    let verb: String? =
      switch section {
      case .blocking, .identification: nil
      case .blockingRemovals, .identificationRemovals: "remove"
      case .blockingAdditions, .identificationAdditions: "add"
      case .identificationChanges: "change"
      }
    let entry = label.map { "\(number)\t\($0)" } ?? String(number)
    return verb.map { "\($0)\t\(entry)" } ?? entry
  }
}
