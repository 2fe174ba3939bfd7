import SMSFilter

extension Benchmark {
  /// The learned stage alone, on one core: features extracted from each message's normalised
  /// text and scored into probabilities (the normalisation, which the engine does once for every
  /// stage, is done before timing).
  ///
  /// With `onCPU`, passes are timed by the thread's CPU clock (on a machine shared with other
  /// work, the time the scoring ran rather than the time it waited for a core).
  package static func modelScoring(
    _ model: LinearModel, _ messages: [MessageQuery], seconds: Double, onCPU: Bool = false
  ) -> Throughput {
    // Every message's normalised and original bytes in one array each, with where each starts:
    // an array per message would cost the timed loop a retain and a release per message.
    var normalizedBytes: [UInt8] = []
    var originalBytes: [UInt8] = []
    var spans: [(normalized: Range<Int>, original: Range<Int>, kind: SenderKind)] = []
    for message in messages {
      let normalized = TextNormalizer.normalize(message.messageBody).utf8
      let original = message.messageBody.utf8
      spans.append(
        (
          normalizedBytes.count..<(normalizedBytes.count + normalized.count),
          originalBytes.count..<(originalBytes.count + original.count), SenderKind(of: message.sender)
        ))
      normalizedBytes.append(contentsOf: normalized)
      originalBytes.append(contentsOf: original)
    }
    func scoreAll(_ slice: ArraySlice<(normalized: Range<Int>, original: Range<Int>, kind: SenderKind)>) -> Float {
      normalizedBytes.withUnsafeBufferPointer { normalized in
        originalBytes.withUnsafeBufferPointer { original in
          var sink: Float = 0
          for span in slice {
            sink +=
              model.probabilities(
                normalized: UnsafeBufferPointer(rebasing: normalized[span.normalized]),
                original: UnsafeBufferPointer(rebasing: original[span.original]), senderKind: span.kind)[1]
          }
          return sink
        }
      }
    }
    var sink = scoreAll(spans.prefix(warmUpMessages))
    let passes = PassTimes(
      nanoseconds: passNanoseconds(seconds: seconds, minimumPasses: 3, onCPU: onCPU) { sink += scoreAll(spans[...]) }
    )
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
