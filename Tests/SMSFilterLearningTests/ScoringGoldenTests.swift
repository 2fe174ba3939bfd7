import SMSFilterModel
import Testing

@testable import SMSFilterLearning

/// Pins the features and probabilities bit for bit: a digest of the rows, the names and the
/// probabilities' bit patterns of 1,000 generated messages under a model of random weights. Speed
/// work on the extractor and the scoring path must leave every figure as it was (a model file
/// trained before keeps its meaning); a changed digest means a changed feature or probability.
/// (The 3-grams' hash changed on purpose in the model file's version 3, which refuses the files
/// of version 2: the digests were pinned again then, 2026-11-25.)
@Suite struct ScoringGoldenTests {
  /// A small deterministic generator (SplitMix64).
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
  }

  /// Pieces of text the messages are made of: Latin words, digits and amounts, links and hosts,
  /// currency symbols, other scripts, emoji, punctuation.
  static let pieces = [
    "your", "code", "is", "482913", "rs", "2,500.00", "debited", "a/c", "xx1234", "win", "prize", "claim", "now",
    "https://secure-bank.example.xyz/login", "bit.ly/ab12", "192.168.10.4", "www.shop.co.uk", "e.g.", "p.m.",
    "₹500", "$25", "€", "£10", "usd", "naira", "shillings", "1000", "09061701461", "12345678901234567",
    "आपका", "खाता", "रुपये", "สวัสดี", "您的验证码是", "привет", "ÇA", "Ünïcödé", "🙂", "!!", "-", ".", "..",
    "a", "ab", "abcdefghijkl", "URGENT", "Call", "T&C", "x", "0", "tiny.cc", "t.co/x",
  ]

  static func messages() -> [String] {
    var generator = Generator(state: 42)
    var out: [String] = ["", " ", "a", String(repeating: "prize ₹ ", count: 900)]
    for _ in 0..<1000 {
      let words = 1 + generator.below(30)
      var message = ""
      for index in 0..<words {
        if index > 0 { message += [" ", " ", " ", ", ", "\n", ":"][generator.below(6)] }
        message += pieces[generator.below(pieces.count)]
      }
      out.append(message)
    }
    return out
  }

  /// A model of random int8 weights and biases, so every row and lane counts.
  static func model(_ settings: FeatureSettings) throws -> LinearModel {
    var generator = Generator(state: 7)
    let weights = (0..<(settings.rows * ModelClass.lanes)).map { _ in Float(generator.below(255)) - 127 }
    var bias = SIMD16<Float>()
    for lane in 0..<ModelClass.allCases.count { bias[lane] = Float(generator.below(2001)) / 1000 - 1 }
    let metadata = ModelMetadata(
      corpora: [.init(name: "random", messages: 0)], seed: 7, epochs: 0, learningRate: 0, classWeighting: false)
    let bytes = ModelFileFormat.write(weights: weights, bias: bias, settings: settings, metadata: metadata)
    return try LinearModel(bytes: bytes, source: "<random>")
  }

  /// FNV-1a (64 bits) over the messages' rows, names and probabilities.
  static func digest(_ settings: FeatureSettings) throws -> UInt64 {
    let model = try model(settings)
    var digest: UInt64 = 0xCBF2_9CE4_8422_2325
    func add(_ value: UInt64) {
      for shift in stride(from: 0, to: 64, by: 8) {
        digest = (digest ^ (value >> UInt64(shift) & 0xFF)) &* 0x100_0000_01B3
      }
    }
    var buffer = FeatureBuffer(naming: true)
    let kinds: [SenderKind] = [.phone, .shortCode, .dlt, .alphanumeric, .email, .unknown]
    for (index, message) in messages().enumerated() {
      var original = message
      var normalized = message.lowercased()
      let kind = kinds[index % kinds.count]
      let probabilities = normalized.withUTF8 { normalized in
        original.withUTF8 { original in
          model.extractor.extract(normalized: normalized, original: original, senderKind: kind, into: &buffer)
          return model.probabilities(normalized: normalized, original: original, senderKind: kind)
        }
      }
      #expect(probabilities == model.probabilities(of: buffer))
      add(UInt64(buffer.rows.count))
      for row in buffer.rows { add(UInt64(row)) }
      for name in buffer.names { for byte in name.utf8 { add(UInt64(byte)) } }
      for lane in 0..<ModelClass.lanes { add(UInt64(probabilities[lane].bitPattern)) }
    }
    return digest
  }

  /// 3-grams only (the unrolled path), without the bigrams the built-in model now also has, in a
  /// smaller table.
  @Test func trigramsGiveTheSameFeaturesAndProbabilities() throws {
    let digest = try Self.digest(FeatureSettings(hashBits: 12, characterGrams: 3...3))
    #expect(digest == 0xbf93_d35c_4b6a_c324, "digest \(String(digest, radix: 16))")
  }

  /// The built-in settings with character bigrams in scripts without spaces (the unrolled path
  /// scores, the general path names: the same features and probabilities).
  @Test func unspacedBigramsGiveTheSameFeaturesAndProbabilities() throws {
    let digest = try Self.digest(FeatureSettings(hashBits: 12, characterGrams: 3...3, unspacedBigrams: true))
    #expect(digest == 0xf517_15f6_a08a_e12d, "digest \(String(digest, radix: 16))")
  }

  /// Every gram length (the general path).
  @Test func gramsOfOneToEightGiveTheSameFeaturesAndProbabilities() throws {
    let digest = try Self.digest(FeatureSettings(hashBits: 12, characterGrams: 1...8))
    #expect(digest == 0x9619_7d3a_2bb3_7666, "digest \(String(digest, radix: 16))")
  }

  /// The built-in settings with two heads (an action head and a sub-action head): the same
  /// features, the probabilities of ``ModelHeads/twoLevel``.
  @Test func twoLevelHeadsGiveTheSameFeaturesAndProbabilities() throws {
    let digest = try Self.digest(
      FeatureSettings(hashBits: 12, characterGrams: 3...3, unspacedBigrams: true, heads: .twoLevel))
    #expect(digest == 0xcc65_cad6_5bbc_d841, "digest \(String(digest, radix: 16))")
  }
}
