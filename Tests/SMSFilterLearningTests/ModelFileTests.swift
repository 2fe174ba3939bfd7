import Foundation
import Testing

@testable import SMSFilterLearning

@Suite struct ModelFileTests {
  func bytes() -> [UInt8] {
    let metadata = ModelMetadata(
      corpora: [.init(name: "corpus/", messages: 3, labelMap: nil)], seed: 1, epochs: 1, learningRate: 0.4,
      classWeighting: true)
    var weights = [Float](repeating: 0, count: (1 << 10) * ModelClass.lanes)
    weights[17] = 2.5
    weights[40] = -1
    return ModelFileFormat.write(
      weights: weights, bias: SIMD16<Float>(repeating: 0.25),
      settings: FeatureSettings(hashBits: 10, characterGrams: 2...5),
      metadata: metadata)
  }

  func error(_ bytes: [UInt8]) -> ModelFileError? {
    do {
      _ = try LinearModel(bytes: bytes, source: "m.smsmodel")
      return nil
    } catch {
      return error
    }
  }

  @Test func aWrittenModelReadsBackWithItsSettingsMetadataAndWeights() throws {
    let model = try LinearModel(bytes: bytes(), source: "m")
    #expect(model.settings == FeatureSettings(hashBits: 10, characterGrams: 2...5))
    #expect(model.metadata.corpora.first?.name == "corpus/" && model.metadata.classes.count == 14)
    #expect(abs(model.weight(row: 1, class: .junk) - 2.5) < 0.02)
    #expect(abs(model.weight(row: 2, class: ModelClass(rawValue: 8)!) + 1) < 0.03)
    #expect(model.bias[0] == 0.25)
  }

  @Test func aFileIsMappedFromDisk() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("smsfilter-\(UUID()).smsmodel").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(bytes()).write(to: URL(fileURLWithPath: path))
    let model = try LinearModel(contentsOf: path)
    #expect(Array(model.fileBytes) == bytes())
    #expect(throws: ModelFileError.self) { try LinearModel(contentsOf: path + ".missing") }
  }

  @Test func corruptTruncatedForeignAndMismatchedFilesAreRefused() {
    var corrupt = bytes()
    corrupt[corrupt.count - 5] ^= 0x40
    #expect(error(corrupt)?.kind == .checksumMismatch)
    #expect(error(Array(bytes().dropLast(100)))?.kind == .truncated)
    #expect(error(Array("not a model at all, just some text that is long enough to be read".utf8))?.kind == .notAModel)
    var version = bytes()
    version[8] = 9
    #expect(error(version)?.kind == .unsupportedVersion(9))
    var settings = bytes()
    settings[24] = 40
    #expect(error(settings)?.kind == .mismatch)
    #expect(error(bytes() + [0])?.kind == .mismatch)
    #expect(error(bytes())?.description == nil)
    #expect(error(corrupt)?.description.hasPrefix("m.smsmodel: model file: checksum mismatch") == true)
  }
}
