import Testing

@testable import SMSFilterModel

@Suite struct SenderIDTests {
  /// Normalises or fails the test with the error.
  func normalized(_ sender: String, _ country: String? = nil) throws -> String {
    try SenderID(sender, receiverCountry: country).normalized
  }

  /// The error's kind, or `nil` when the sender normalises.
  func failure(_ sender: String, _ country: String? = nil) -> SenderIDError.Kind? {
    do throws(SenderIDError) {
      _ = try SenderID(sender, receiverCountry: country)
      return nil
    } catch {
      return error.kind
    }
  }

  @Test func internationalNumbersIgnorePunctuation() throws {
    #expect(try normalized("+91 98765 43210") == "+919876543210")
    #expect(try normalized("+1 (415) 555-0123") == "+14155550123")
    #expect(try normalized("+44.20.7946.0958") == "+442079460958")
    #expect(try normalized("  +919876543210 \t") == "+919876543210")
    #expect(try SenderID("+919876543210").kind == .phone)
  }

  @Test func theUKStyleZeroInParenthesesIsDropped() throws {
    #expect(try normalized("+44 (0)20 7946 0958") == "+442079460958")
    #expect(try normalized("+49 (0)30 1234567") == "+49301234567")
  }

  @Test func doubleZeroIsTheInternationalPrefix() throws {
    #expect(try normalized("0044 20 7946 0958") == "+442079460958")
    #expect(try normalized("00 91 98765 43210", "IN") == "+919876543210")
    #expect(try normalized("0033612345678", "US") == "+33612345678")
  }

  @Test func countrySpecificInternationalPrefixes() throws {
    #expect(try normalized("011 44 20 7946 0958", "US") == "+442079460958")
    #expect(try normalized("011 44 20 7946 0958", "CA") == "+442079460958")
    #expect(try normalized("0011 44 20 7946 0958", "AU") == "+442079460958")
  }

  @Test func nationalNumbersTakeTheReceiversCountry() throws {
    let cases: [(String, String, String)] = [
      ("98765 43210", "IN", "+919876543210"),
      ("098765 43210", "in", "+919876543210"),
      ("919876543210", "IN", "+919876543210"),  // the country code without '+'
      ("(415) 555-0123", "US", "+14155550123"),
      ("1-415-555-0123", "US", "+14155550123"),  // NANP trunk prefix 1
      ("416 555 0123", "CA", "+14165550123"),
      ("07700 900123", "GB", "+447700900123"),
      ("020 7946 0958", "GB", "+442079460958"),
      ("030 1234567", "DE", "+49301234567"),
      ("06 12 34 56 78", "FR", "+33612345678"),
      ("612 34 56 78", "ES", "+34612345678"),
      ("912 345 678", "PT", "+351912345678"),
      ("06 1234 5678", "IT", "+390612345678"),  // Italy keeps the leading 0
      ("06 12345678", "NL", "+31612345678"),
      ("(011) 98765-4321", "BR", "+5511987654321"),
      ("55 1234 5678", "MX", "+525512345678"),
      ("011 1234-5678", "AR", "+541112345678"),
      ("300 1234567", "CO", "+573001234567"),
      ("9 6123 4567", "CL", "+56961234567"),
      ("01 234 5678", "PE", "+5112345678"),
      ("0812-3456-7890", "ID", "+6281234567890"),
      ("9123 4567", "SG", "+6591234567"),
      ("012-345 6789", "MY", "+60123456789"),
      ("0917 123 4567", "PH", "+639171234567"),
      ("050 123 4567", "AE", "+971501234567"),
      ("0412 345 678", "AU", "+61412345678"),
    ]
    for (sender, country, expected) in cases {
      #expect(try normalized(sender, country) == expected, "\(sender) in \(country)")
    }
  }

  @Test func theDialingTableCoversTheSpecifiedCountries() {
    for code in [
      "IN", "US", "CA", "GB", "DE", "FR", "ES", "PT", "IT", "NL", "BR", "MX", "AR", "CO", "CL", "PE", "ID", "SG", "MY",
      "PH", "AE", "AU",
    ] {
      #expect(CountryCode(code)?.dialing != nil, "\(code)")
    }
    #expect(CountryDialing.supportedCountries.count == 22)
  }

  @Test func shortCodesAreScopedByCountryWhenKnown() throws {
    let scoped = try SenderID("56161", receiverCountry: "IN")
    #expect(scoped.kind == .shortCode)
    #expect(scoped.normalized == "IN:56161")
    #expect(scoped.country == "IN")
    #expect(scoped.unscoped.normalized == "56161")
    #expect(try normalized("56161") == "56161")
    #expect(try normalized("0123") == "0123")  // leading zeros are kept
    #expect(try normalized("123") == "123")
    #expect(try normalized("555-0123", "US") == "US:5550123")
    #expect(try normalized("IN:56161") == "IN:56161")  // the scoped form reads back
    #expect(try SenderID("0123").key != SenderID("123").key)
  }

  @Test func dltHeadersBecomeTheirEntity() throws {
    for header in ["VM-HDFCBK", "AD-HDFCBK-S", "JD-HDFCBK-T", "vm-hdfcbk", "BZ-HDFCBK"] {
      let sender = try SenderID(header)
      #expect(sender.normalized == "HDFCBK", "\(header)")
      #expect(sender.kind == .alphanumeric)
    }
    #expect(try SenderID("VM-HDFCBK") == SenderID("HDFCBK"))
    #expect(try normalized("TM-AMZN123") == "AMZN123")
    #expect(try normalized("AB-CD") == "AB-CD")  // entity too short: an ordinary alphanumeric ID
  }

  @Test func alphanumericIDsAreCaseInsensitive() throws {
    #expect(try normalized("Revolut") == "REVOLUT")
    #expect(try normalized("revolut") == "REVOLUT")
    #expect(try normalized("Acme  Bank") == "ACME BANK")
    #expect(try SenderID("dhl").kind == .alphanumeric)
    #expect(try SenderID("Revolut") == SenderID("REVOLUT"))
  }

  @Test func emailSendersAreLowerCased() throws {
    let sender = try SenderID("Alerts@Bank.Example")
    #expect(sender.kind == .email)
    #expect(sender.normalized == "alerts@bank.example")
  }

  @Test func malformedSendersNameTheReason() throws {
    #expect(failure("") == .empty)
    #expect(failure("   ") == .empty)
    #expect(failure("12") == .tooShort(digits: 2))
    #expect(failure("+123") == .internationalTooShort(digits: 3))
    // An international number is never a short code, and its message does not say so.
    let plusOne = try #require(throws: SenderIDError.self) { try SenderID("+1 555") }
    #expect(plusOne.kind == .internationalTooShort(digits: 4))
    #expect(!plusOne.reason.contains("short code") && plusOne.reason.contains("international number"))
    #expect(failure("+1234567890123456") == .tooLong(digits: 16))
    #expect(failure("+0123456789") == .countryCodeStartsWithZero)
    #expect(failure("98765 43210") == .nationalNumberWithoutCountry)
    #expect(failure("98765 43210", "JP") == .unsupportedCountry("JP"))
    #expect(failure("98765 43210", "India") == .invalidCountry("India"))
    #expect(failure("1234 5678", "IN") == .invalidNationalNumber(country: "IN", digits: 8))
    #expect(failure("91 +98765") == .misplacedPlus)
    #expect(failure("+91 98765 4321O") == .invalidCharacter("O"))
    #expect(failure("HDFC€") == .invalidCharacter("€"))
    #expect(failure("ABCDEFGHIJKL") == .alphanumericTooLong(characters: 12))
    #expect(failure("---") == .alphanumericWithoutLetter)
    #expect(failure("alerts@bank") == .invalidEmail)
    #expect(failure("@bank.example") == .invalidEmail)
    #expect(failure("a b@bank.example") == .invalidEmail)
    #expect(failure("a@b@bank.example") == .invalidEmail)
  }

  @Test func errorsReadAsSenderAndReason() {
    do throws(SenderIDError) {
      _ = try SenderID("98765 43210")
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "'98765 43210': a national number needs the receiver's country to become E.164")
    }
  }

  @Test func everyNormalisedFormReadsBackAsItself() throws {
    for (sender, country) in [
      ("+91 98765 43210", nil), ("56161", "IN"), ("56161", nil), ("VM-HDFCBK", nil), ("Alerts@Bank.Example", nil),
      ("Acme  Bank", nil),
    ] as [(String, String?)] {
      let first = try SenderID(sender, receiverCountry: country)
      let again = try SenderID(first.normalized)
      #expect(again == first)
      #expect(again.key == first.key)
    }
  }

  @Test func keysCarryTheKindInTheirTopBits() throws {
    #expect(try SenderID("+919876543210").key >> 60 == 1)
    #expect(try SenderID("56161").key >> 60 == 2)
    #expect(try SenderID("HDFCBK").key >> 60 == 3)
    #expect(try SenderID("a@b.example").key >> 60 == 4)
    #expect(try SenderID("+919876543210").key & ((1 << 60) - 1) == 919_876_543_210)
  }

  @Test func theLookupFastPathAgreesWithTheParser() throws {
    var senders = [
      "+919876543210", "+1 415-555-0123", "+44.20.7946.0958", "+123456", "+0123456789", "+1234567890123456",
    ]
    for length in 6...16 {
      senders.append("+" + String("9876543210987654".prefix(length)))
      senders.append("+" + String("1000000000000009".prefix(length)))
      senders.append("+" + String("98765432109876x4".prefix(length)))
    }
    for sender in senders {
      var text = sender
      let fast = text.withUTF8 { SenderParser.internationalNumber($0) }
      let slow = try? SenderID(sender)
      if let fast {
        #expect(slow?.key == SenderKey.phoneKey(fast), "\(sender)")
      } else {
        #expect(slow == nil || sender.contains("("), "\(sender)")
      }
    }
  }
}
