import Testing

@testable import SMSFilterModel

@Suite struct ModelTests {
  @Test func actionRawValuesMirrorIdentityLookup() {
    #expect(Action.none.rawValue == 0)
    #expect(Action.allow.rawValue == 1)
    #expect(Action.junk.rawValue == 2)
    #expect(Action.promotion.rawValue == 3)
    #expect(Action.transaction.rawValue == 4)
    #expect(Action.filter == .junk)
    #expect(Action(name: "filter") == .junk)
    for action in Action.allCases { #expect(Action(name: action.name) == action) }
  }

  @Test func subActionRawValuesMirrorIdentityLookup() {
    let expected: [(SubAction, Int)] = [
      (.none, 0), (.transactionalOthers, 10000), (.transactionalFinance, 10001),
      (.transactionalOrders, 10002), (.transactionalReminders, 10003), (.transactionalHealth, 10004),
      (.transactionalWeather, 10005), (.transactionalCarrier, 10006), (.transactionalRewards, 10007),
      (.transactionalPublicServices, 10008), (.promotionalOthers, 20000), (.promotionalOffers, 20001),
      (.promotionalCoupons, 20002),
    ]
    #expect(SubAction.allCases.count == expected.count)
    for (subAction, raw) in expected {
      #expect(subAction.rawValue == raw)
      #expect(SubAction(rawValue: raw) == subAction)
      #expect(SubAction(name: subAction.name) == subAction)
    }
    #expect(SubAction.transactional.count == 9)
    #expect(SubAction.promotional.count == 3)
  }

  @Test func parentActionFollowsTheRawRange() {
    for subAction in SubAction.allCases {
      switch subAction.rawValue {
      case 0: #expect(subAction.parentAction == nil)
      case 10000..<20000: #expect(subAction.parentAction == .transaction)
      default: #expect(subAction.parentAction == .promotion)
      }
    }
  }

  /// The fallback over every action × sub-action pair: the action always stays; the sub-action
  /// survives only when it belongs to the action.
  @Test(arguments: Action.allCases)
  func fallbackKeepsTheActionAndDropsAnInvalidSubAction(action: Action) {
    for subAction in SubAction.allCases {
      let decision = Decision(action: action, subAction: subAction, ruleID: "R", capabilities: .unrestricted)
      #expect(decision.action == action)
      let valid =
        subAction == .none
        || (action == .transaction && subAction.isTransactional)
        || (action == .promotion && subAction.isPromotional)
      #expect(decision.subAction == (valid ? subAction : .none), "\(action) + \(subAction)")
      #expect(decision.subActionWasDropped == !valid)
      #expect(decision.dropReason == (valid ? nil : .invalidCombination))
    }
  }

  @Test func subActionOutsideCapabilitiesIsDropped() throws {
    let caps = try Capabilities([.transactionalOrders, .promotionalCoupons])
    let finance = Decision(action: .transaction, subAction: .transactionalFinance, ruleID: "F", capabilities: caps)
    #expect(finance.action == .transaction && finance.subAction == .none)
    #expect(finance.dropReason == .notInCapabilities && finance.droppedSubAction == .transactionalFinance)
    let orders = Decision(action: .transaction, subAction: .transactionalOrders, ruleID: "O", capabilities: caps)
    #expect(orders.subAction == .transactionalOrders && !orders.subActionWasDropped)
    let coupons = Decision(action: .transaction, subAction: .promotionalCoupons, ruleID: "X", capabilities: caps)
    #expect(coupons.subAction == .none && coupons.dropReason == .invalidCombination)
  }

  @Test func senderKinds() {
    #expect(SenderKind(of: "VM-HDFCBK") == .dlt)
    #expect(SenderKind(of: "AD-AMZNIN-S") == .dlt)
    #expect(SenderKind(of: "+447700900123") == .phone)
    #expect(SenderKind(of: "9876543210") == .phone)
    #expect(SenderKind(of: "56161") == .shortCode)
    #expect(SenderKind(of: "Revolut") == .alphanumeric)
    #expect(SenderKind(of: "no-reply@bank.example") == .email)
    #expect(SenderKind(of: nil) == .unknown)
    #expect(SenderKind(of: "") == .unknown)
  }

  /// One sender grammar: what a `senderKind` condition calls a sender is what a directory
  /// parses it as (`SenderKind` is read off the parser's lexical form).
  @Test func senderKindsAgreeWithTheDirectorysParser() throws {
    let senders = [
      "+447700900123", "+91 98765 43210", "0044 20 7946 0958", "9876543210", "56161", "IN:56161", "1234567",
      "VM-HDFCBK", "AD-HDFCBK-S", "Revolut", "DHL Express", "alerts@bank.example", "12", " ", "+1 555",
    ]
    for sender in senders {
      let kind = SenderKind(of: sender)
      switch Result(catching: { try SenderID(sender, receiverCountry: "IN") }) {
      case .success(let id):
        switch id.kind {
        case .phone: #expect(kind == .phone, "\(sender)")
        case .shortCode: #expect(kind == .shortCode, "\(sender)")
        case .email: #expect(kind == .email, "\(sender)")
        case .alphanumeric: #expect(kind == .alphanumeric || kind == .dlt, "\(sender)")
        }
      case .failure:
        // What the directory refuses is no phone number or short code to a rule either, unless
        // it has their shape (a `+` and too few digits is still dialled as a phone number).
        #expect(kind != .shortCode || sender == "12", "\(sender)")
      }
    }
    #expect(SenderKind(of: "12") == .unknown)
    #expect(SenderKind(of: "IN:56161") == .shortCode)
  }
}
