import SMSFilterModel

@testable import SMSFilterLearning

/// Features and probabilities of a test body taken as already normalised (it is its own
/// original text), as the trainer and the model tests feed them.
extension FeatureExtractor {
  /// The feature rows of `body` from a sender of `senderKind`.
  func rows(ofPlain body: String, senderKind: SenderKind = .phone) -> [UInt32] {
    var buffer = FeatureBuffer()
    var text = body
    text.withUTF8 { extract(normalized: $0, original: $0, senderKind: senderKind, into: &buffer) }
    return buffer.rows
  }
}

extension LinearModel {
  /// The class probabilities of `body` from a phone number, through a feature buffer.
  func probabilities(ofPlain body: String) -> SIMD16<Float> {
    var buffer = FeatureBuffer()
    var text = body
    text.withUTF8 { extractor.extract(normalized: $0, original: $0, senderKind: .phone, into: &buffer) }
    return probabilities(of: buffer)
  }
}
