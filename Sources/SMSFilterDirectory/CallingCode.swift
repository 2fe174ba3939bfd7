/// The country calling code an E.164 number starts with, by ITU-T E.164's assignments: the
/// codes are prefix-free, so the first one to three digits decide.
///
/// ```swift
/// CallingCode.of(447700900123)  // "44"
/// CallingCode.of(14155550101)   // "1"
/// CallingCode.of(97150123456)   // "971"
/// ```
public enum CallingCode {
  /// The two-digit codes; every other code in zones 2 to 9 has three digits (zone 1, North
  /// America, and zone 7, Russia and Kazakhstan, are one digit).
  private static let twoDigit: Set<Int> = [
    20, 27, 30, 31, 32, 33, 34, 36, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56, 57, 58, 60, 61,
    62, 63, 64, 65, 66, 81, 82, 84, 86, 90, 91, 92, 93, 94, 95, 98,
  ]

  /// The calling code of an E.164 number given as an integer (`447700900123`).
  public static func of(_ number: UInt64) -> String {
    let digits = String(number)
    guard let first = digits.first else { return "" }
    if first == "1" || first == "7" { return String(first) }
    if let two = Int(digits.prefix(2)), twoDigit.contains(two) { return String(digits.prefix(2)) }
    return String(digits.prefix(3))
  }
}
