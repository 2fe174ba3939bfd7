import SMSFilter

extension Benchmark {
  /// The learned stage alone, on one core: features extracted from each message's normalised
  /// text and scored into probabilities (the normalisation, which the engine does once for every
  /// stage, is done before timing).
  package static func modelScoring(_ model: LinearModel, _ messages: [MessageQuery], seconds: Double) -> Throughput {
    let prepared = messages.map { message -> (normalized: [UInt8], original: [UInt8], kind: SenderKind) in
      (
        Array(TextNormalizer.normalize(message.messageBody).utf8), Array(message.messageBody.utf8),
        SenderKind(of: message.sender)
      )
    }
    func scoreAll(_ slice: ArraySlice<(normalized: [UInt8], original: [UInt8], kind: SenderKind)>) -> Float {
      var sink: Float = 0
      for message in slice {
        sink += message.normalized.withUnsafeBufferPointer { normalized in
          message.original.withUnsafeBufferPointer { original in
            model.probabilities(normalized: normalized, original: original, senderKind: message.kind)[1]
          }
        }
      }
      return sink
    }
    var sink = scoreAll(prepared.prefix(warmUpMessages))
    let passes = timedPasses(seconds: seconds) { sink += scoreAll(prepared[...]) }
    blackHole(Int(sink))
    return Throughput(passes, messages)
  }
}
