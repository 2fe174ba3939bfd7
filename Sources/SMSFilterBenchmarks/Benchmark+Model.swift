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

extension Benchmark {
  /// A digest (FNV-1a, 64 bits) of the bit patterns of every message's probabilities, untimed:
  /// two builds that print the same digest scored the messages identically.
  package static func modelDigest(_ model: LinearModel, _ messages: [MessageQuery]) -> UInt64 {
    var digest: UInt64 = 0xCBF2_9CE4_8422_2325
    for message in messages {
      var normalized = TextNormalizer.normalize(message.messageBody)
      var original = message.messageBody
      let probabilities = normalized.withUTF8 { normalized in
        original.withUTF8 { original in
          model.probabilities(normalized: normalized, original: original, senderKind: SenderKind(of: message.sender))
        }
      }
      for lane in 0..<probabilities.scalarCount {
        digest = (digest ^ UInt64(probabilities[lane].bitPattern)) &* 0x100_0000_01B3
      }
    }
    return digest
  }
}
