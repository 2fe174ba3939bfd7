import SMSFilterModel

/// The sender-kind crosses (``FeatureSettings/senderCrosses``).
extension FeatureExtractor {
  /// What the word pass saw that the sender crosses need.
  struct WordShape {
    /// The first word's hash, or nil for a message without words.
    var firstWord: UInt32?
    /// Whether a phone number (9–15 digits) or a money amount was seen.
    var phone = false
    var money = false
    /// The first full stop with a host's byte on each side (where ``FeatureExtractor/links(_:from:_:)``
    /// starts looking), or nil when there is none and so no link.
    var firstHostDot: Int?
  }

  /// The sender-kind crosses: the sender's kind paired with a link, a phone number, a money
  /// amount, the length step and the first word, so the model can learn that a link from a
  /// phone number means something else than one from an alphanumeric sender.
  @inline(__always)
  func crosses<Sink: FeatureSink>(
    _ senderKind: SenderKind, _ kind: UInt8, link: Bool, shape: WordShape, length: UInt8, _ sink: inout Sink
  ) {
    // No sender known (a corpus of bodies alone): a cross would learn which corpus a message
    // came from, not what its sender says.
    guard senderKind != .unknown else { return }
    var base = FeatureHash(kind: Kind.cross.rawValue)
    base.add(kind)
    let naming = sink.naming
    let prefix = naming ? "sender:\(senderKind.rawValue)&" : ""
    if link { add(base, extra: 1, prefix + "link", &sink) }
    if shape.phone { add(base, extra: 2, prefix + "phone", &sink) }
    if shape.money { add(base, extra: 3, prefix + "money", &sink) }
    add(base, extra: 4 &+ length, prefix + "length:\(length)", &sink)
    if let first = shape.firstWord {
      var word = base
      word.add(16)
      word.mix(first)
      add(word, prefix + "first-word", &sink)
    }
  }
}
