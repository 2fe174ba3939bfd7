import SMSFilter

extension Benchmark {
  /// The learned stage's figures on a corpus's messages, as `bench CORPUS` and
  /// `bench CORPUS --model-only` report them: all the messages, then those of 100-120 bytes (the
  /// headline's message length), each by the wall clock and, when asked, by the thread's CPU clock.
  package struct ModelRun: Sendable {
    /// All the messages, by the wall clock.
    package var all: Throughput
    /// All the messages, by the thread's CPU clock (`nil` unless asked for).
    package var allOnCPU: Throughput?
    /// How many of the messages have bodies of 100-120 bytes.
    package var near110Count: Int
    /// The messages of 100-120 bytes, by the wall clock (`nil` when there are none).
    package var near110: Throughput?
    /// The messages of 100-120 bytes, by the thread's CPU clock (`nil` unless asked for, or when
    /// there are none).
    package var near110OnCPU: Throughput?
    /// The messages' average body length, in bytes.
    package var averageBytes: Double
  }

  /// Measures `model` on `messages` and on those of them of 100-120 bytes, in that order; with
  /// `onCPU`, each set is timed again by the thread's CPU clock right after its wall-clock figure.
  package static func modelRun(
    _ model: LinearModel, _ messages: [MessageQuery], seconds: Double, onCPU: Bool = false
  ) -> ModelRun {
    let all = modelScoring(model, messages, seconds: seconds)
    let allOnCPU = onCPU ? modelScoring(model, messages, seconds: seconds, onCPU: true) : nil
    let near110 = messages.filter { (100...120).contains($0.messageBody.utf8.count) }
    let short = near110.isEmpty ? nil : modelScoring(model, near110, seconds: seconds)
    let shortOnCPU = near110.isEmpty || !onCPU ? nil : modelScoring(model, near110, seconds: seconds, onCPU: true)
    let bytes = messages.reduce(0) { $0 + $1.messageBody.utf8.count }
    return ModelRun(
      all: all, allOnCPU: allOnCPU, near110Count: near110.count, near110: short, near110OnCPU: shortOnCPU,
      averageBytes: messages.isEmpty ? 0 : Double(bytes) / Double(messages.count))
  }

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
    return measure(spans, of: messages, seconds: seconds, onCPU: onCPU) { slice in
      normalizedBytes.withUnsafeBufferPointer { normalized in
        originalBytes.withUnsafeBufferPointer { original in
          var sink: Float = 0
          for span in slice {
            sink +=
              model.probabilities(
                normalized: UnsafeBufferPointer(rebasing: normalized[span.normalized]),
                original: UnsafeBufferPointer(rebasing: original[span.original]), senderKind: span.kind)[1]
          }
          return Int(sink.bitPattern)
        }
      }
    }
  }

  /// A digest (FNV-1a, 64 bits, ``SenderKey/fnv1a(_:_:)``) of the bit patterns of every
  /// message's probabilities, each lane's four bytes little-endian first, untimed: two builds that
  /// print the same digest scored the messages identically.
  package static func modelDigest(_ model: LinearModel, _ messages: [MessageQuery]) -> UInt64 {
    var digest = SenderKey.fnvOffsetBasis
    for message in messages {
      var normalized = TextNormalizer.normalize(message.messageBody)
      var original = message.messageBody
      let probabilities = normalized.withUTF8 { normalized in
        original.withUTF8 { original in
          model.probabilities(normalized: normalized, original: original, senderKind: SenderKind(of: message.sender))
        }
      }
      for lane in 0..<probabilities.scalarCount {
        let bits = probabilities[lane].bitPattern
        for shift in stride(from: 0, to: 32, by: 8) {
          digest = SenderKey.fnv1a(digest, UInt8(truncatingIfNeeded: bits >> UInt32(shift)))
        }
      }
    }
    return digest
  }
}
