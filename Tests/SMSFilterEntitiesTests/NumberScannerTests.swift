import Testing

@testable import SMSFilterEntities

/// Phone numbers, USSD codes and money amounts, in any script's digits.
@Suite struct NumberScannerTests {
  func phones(_ text: String, country: String? = nil) -> [PhoneNumber] {
    var scanner = NumberScanner()
    var text = text
    return text.withUTF8 { scanner.phoneNumbers(in: $0, country: country) }
  }

  func amounts(_ text: String) -> [MoneyAmount] {
    var scanner = NumberScanner()
    var text = text
    return text.withUTF8 { scanner.amounts(in: $0) }
  }

  @Test func phoneNumbersInTheirCommonWritings() {
    #expect(phones("call +44 7700 900123 now").map(\.digits) == ["+447700900123"])
    #expect(phones("call 0800-123-4567").map(\.digits) == ["08001234567"])
    #expect(phones("ring (555) 123-4567 today").map(\.digits) == ["5551234567"])
    #expect(phones("0044 20 7946 0018").first?.kind.contains(.international) == true)
    #expect(phones("send to 0712345678").first?.kind == .national)
    #expect(phones("اتصل ٠١٢٣٤٥٦٧٨٩").map(\.digits) == ["0123456789"])
  }

  @Test func theSpanIsTheNumberAsWritten() {
    let text = "Call: +1 (415) 555-0100."
    let number = phones(text).first!
    #expect(String(decoding: Array(text.utf8)[number.range], as: UTF8.self) == "+1 (415) 555-0100")
  }

  @Test func premiumNumbersDependOnTheReceiversCountry() {
    #expect(phones("call 09061701461", country: "GB").first?.kind.contains(.premium) == true)
    #expect(phones("call 09171234567", country: "PH").first?.kind.contains(.premium) == false)
    #expect(phones("call 09171234567").first?.kind.contains(.premium) == false)
    #expect(phones("call +44 906 170 1461").first?.kind.contains(.premium) == true)
    #expect(phones("call 0900 1234567").first?.kind.contains(.premium) == true)
  }

  @Test func ussdCodes() {
    let codes = phones("Dial *334*1# or *126# to pay")
    #expect(codes.map(\.digits) == ["*334*1#", "*126#"])
    #expect(codes.allSatisfy { $0.kind == .ussd })
  }

  @Test func otherNumbersAreNotPhoneNumbers() {
    for text in [
      "OTP 482913", "Rs 1,500,000 credited", "Rp 1.500.000", "on 21-11-2026", "order ABC12345678", "50%",
      "won 1 000 000 today",
    ] {
      #expect(phones(text).isEmpty, "\(text)")
    }
  }

  @Test func amountsWithSymbolsCodesAndWords() {
    #expect(amounts("Rs. 2,500.00 debited").map(\.value) == [2500])
    #expect(amounts("Rs. 2,500.00 debited").map(\.currency) == ["INR"])
    #expect(amounts("You won ₹5,00,000!").map(\.value) == [500_000])
    #expect(amounts("Send KSh 1,500 to").map(\.currency) == ["KES"])
    #expect(amounts("50.000 FCFA pour vous").map(\.currency) == ["XOF"])
    #expect(amounts("pinjaman Rp 10 juta").map(\.value) == [10_000_000])
    #expect(amounts("奖金3万元").map(\.value) == [30_000])
    #expect(amounts("$1,000 cash").map(\.currency) == ["USD"])
    #expect(amounts("€ 49,99 fällig").map(\.value) == [49.99])
    #expect(amounts("pay 250 dollars").map(\.currency) == ["USD"])
  }

  @Test func theSpanIncludesTheCurrency() {
    let text = "Pay INR 499 now"
    let amount = amounts(text).first!
    #expect(String(decoding: Array(text.utf8)[amount.range], as: UTF8.self) == "INR 499")
  }

  @Test func numbersWithoutCurrencyAreNotAmounts() {
    for text in ["OTP 482913", "call 0712345678", "2 hours 30 mins", "50 users", "at 5 pm"] {
      #expect(amounts(text).isEmpty, "\(text)")
    }
  }

  /// `digit` answers from cheap range tests where it can; over every scalar it must agree with
  /// the Unicode property look-up it short-cuts (and find the digits of several scripts).
  @Test func digitPreTestsAgreeWithThePropertiesOnEveryScalar() {
    var decimal = 0
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let fast = NumberScanner.digit(scalar)
      let slow = NumberScanner.digitByProperty(scalar)
      if fast != slow {
        Issue.record("U+\(String(value, radix: 16)): \(String(describing: fast)) vs \(String(describing: slow))")
      }
      if slow != nil { decimal += 1 }
    }
    #expect(decimal > 600)
    #expect(NumberScanner.digit("७") == 7)
    #expect(NumberScanner.digit("٣") == 3)
    #expect(NumberScanner.digit("௫") == 5)
    #expect(NumberScanner.digit("क") == nil)
  }
}
