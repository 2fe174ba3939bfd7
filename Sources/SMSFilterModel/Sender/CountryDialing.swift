/// How a country writes phone numbers nationally: what turns a national number into E.164.
///
/// The table covers the countries the directory was specified for; a national number from any
/// other country is refused with ``SenderIDError/Kind/unsupportedCountry(_:)`` (numbers written in
/// international form, `+…` or `00…`, work for every country).
package struct CountryDialing: Sendable {
  /// The ISO 3166-1 alpha-2 code.
  package let code: StaticString
  /// The country calling code (`91` for India).
  package let callingCode: UInt64
  /// Digits in ``callingCode``.
  package let callingCodeDigits: Int
  /// The trunk prefix dialled before a national number and dropped in E.164 (`0` in most of
  /// Europe and Asia, `1` in the North American plan), or `nil` where there is none (Spain,
  /// Italy, where a leading `0` belongs to the number, …).
  package let trunkPrefix: UInt8?
  /// The lengths of the national significant number (the number after the trunk prefix).
  package let nationalLengths: ClosedRange<Int>
  /// An international call prefix used besides `00` (`011` in the North American plan, `0011`
  /// in Australia), as digits with its length.
  package let internationalPrefix: (value: UInt64, digits: Int)?

  /// The table, keyed by the packed country code.
  package static func table(_ packed: UInt16) -> CountryDialing? {
    switch packed {
    case 0x494E:
      CountryDialing(code: "IN", callingCode: 91, callingCodeDigits: 2, trunkPrefix: 0, nationalLengths: 10...10)
    case 0x5553:
      CountryDialing(
        code: "US", callingCode: 1, callingCodeDigits: 1, trunkPrefix: 1, nationalLengths: 10...10,
        internationalPrefix: (11, 3))
    case 0x4341:
      CountryDialing(
        code: "CA", callingCode: 1, callingCodeDigits: 1, trunkPrefix: 1, nationalLengths: 10...10,
        internationalPrefix: (11, 3))
    case 0x4742:
      CountryDialing(code: "GB", callingCode: 44, callingCodeDigits: 2, trunkPrefix: 0, nationalLengths: 9...10)
    case 0x4445:
      CountryDialing(code: "DE", callingCode: 49, callingCodeDigits: 2, trunkPrefix: 0, nationalLengths: 6...13)
    case 0x4652:
      CountryDialing(code: "FR", callingCode: 33, callingCodeDigits: 2, trunkPrefix: 0, nationalLengths: 9...9)
    case 0x4553:
      CountryDialing(code: "ES", callingCode: 34, callingCodeDigits: 2, trunkPrefix: nil, nationalLengths: 9...9)
    case 0x5054:
      CountryDialing(code: "PT", callingCode: 351, callingCodeDigits: 3, trunkPrefix: nil, nationalLengths: 9...9)
    case 0x4954:
      CountryDialing(code: "IT", callingCode: 39, callingCodeDigits: 2, trunkPrefix: nil, nationalLengths: 6...11)
    case 0x4E4C:
      CountryDialing(code: "NL", callingCode: 31, callingCodeDigits: 2, trunkPrefix: 0, nationalLengths: 9...9)
    case 0x4252:
      CountryDialing(code: "BR", callingCode: 55, callingCodeDigits: 2, trunkPrefix: 0, nationalLengths: 10...11)
    case 0x4D58:
      CountryDialing(code: "MX", callingCode: 52, callingCodeDigits: 2, trunkPrefix: nil, nationalLengths: 10...10)
    case 0x4152:
      CountryDialing(code: "AR", callingCode: 54, callingCodeDigits: 2, trunkPrefix: 0, nationalLengths: 10...11)
    case 0x434F:
      CountryDialing(code: "CO", callingCode: 57, callingCodeDigits: 2, trunkPrefix: nil, nationalLengths: 10...10)
    case 0x434C:
      CountryDialing(code: "CL", callingCode: 56, callingCodeDigits: 2, trunkPrefix: nil, nationalLengths: 9...9)
    case 0x5045:
      CountryDialing(code: "PE", callingCode: 51, callingCodeDigits: 2, trunkPrefix: 0, nationalLengths: 8...9)
    case 0x4944:
      CountryDialing(code: "ID", callingCode: 62, callingCodeDigits: 2, trunkPrefix: 0, nationalLengths: 8...12)
    case 0x5347:
      CountryDialing(code: "SG", callingCode: 65, callingCodeDigits: 2, trunkPrefix: nil, nationalLengths: 8...8)
    case 0x4D59:
      CountryDialing(code: "MY", callingCode: 60, callingCodeDigits: 2, trunkPrefix: 0, nationalLengths: 8...10)
    case 0x5048:
      CountryDialing(code: "PH", callingCode: 63, callingCodeDigits: 2, trunkPrefix: 0, nationalLengths: 8...10)
    case 0x4145:
      CountryDialing(code: "AE", callingCode: 971, callingCodeDigits: 3, trunkPrefix: 0, nationalLengths: 8...9)
    case 0x4155:
      CountryDialing(
        code: "AU", callingCode: 61, callingCodeDigits: 2, trunkPrefix: 0, nationalLengths: 9...9,
        internationalPrefix: (11, 4))
    default: nil
    }
  }

  /// The ISO codes the table covers, in table order.
  package static let supportedCountries: [String] = [
    "IN", "US", "CA", "GB", "DE", "FR", "ES", "PT", "IT", "NL", "BR", "MX", "AR", "CO", "CL", "PE", "ID",
    "SG", "MY", "PH", "AE", "AU",
  ]

  package init(
    code: StaticString, callingCode: UInt64, callingCodeDigits: Int, trunkPrefix: UInt8?,
    nationalLengths: ClosedRange<Int>, internationalPrefix: (value: UInt64, digits: Int)? = nil
  ) {
    self.code = code
    self.callingCode = callingCode
    self.callingCodeDigits = callingCodeDigits
    self.trunkPrefix = trunkPrefix
    self.nationalLengths = nationalLengths
    self.internationalPrefix = internationalPrefix
  }
}
