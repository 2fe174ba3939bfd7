import Foundation
import SMSFilterModel
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

  /// A file tampered with and its checksum made right again: what only the header checks catch.
  func tampered(_ change: (inout [UInt8]) -> Void) -> [UInt8] {
    var file = bytes()
    change(&file)
    let checksum = file.withUnsafeBytes { Checksums.xxh64(UnsafeRawBufferPointer(rebasing: $0[24...])) }
    withUnsafeBytes(of: checksum.littleEndian) { for (index, byte) in $0.enumerated() { file[16 + index] = byte } }
    return file
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
    #expect(error(version).map { "\($0)" }?.contains("retrain") == false)  // no build wrote version 9
    // Older versions are refused with what changed and what to do.
    let versionOne = error(tampered { $0[8] = 1 })
    #expect(versionOne?.kind == .unsupportedVersion(1))
    #expect(versionOne.map { "\($0)" }?.contains("no heads byte): retrain the model") == true)
    let versionTwo = error(tampered { $0[8] = 2 })
    #expect(versionTwo?.kind == .unsupportedVersion(2))
    #expect(versionTwo.map { "\($0)" }?.contains("3-grams differently): retrain the model") == true)
    var settings = bytes()
    settings[24] = 40
    #expect(error(settings)?.kind == .mismatch)
    #expect(error(bytes() + [0])?.kind == .mismatch)
    // With a valid checksum: the header's own values are checked too.
    #expect(error(tampered { $0[26] = 1 })?.kind == .mismatch)  // longest gram below the shortest
    #expect(error(tampered { $0[31] = 1 })?.kind == .mismatch)  // a reserved byte
    #expect(error(tampered { $0[30] = 2 })?.kind == .mismatch)  // unknown heads
    #expect(error(tampered { $0[29] = 4 })?.kind == .mismatch)  // an unknown feature flag
    #expect((try? LinearModel(bytes: tampered { $0[29] = 1 }, source: "m"))?.settings.unspacedBigrams == true)
    let crossed = try? LinearModel(bytes: tampered { $0[29] = 2 }, source: "m")
    #expect(crossed?.settings.senderCrosses == true && crossed?.settings.unspacedBigrams == false)
    #expect((try? LinearModel(bytes: bytes(), source: "m"))?.settings.senderCrosses == false)
    #expect((try? LinearModel(bytes: bytes(), source: "m"))?.settings.unspacedBigrams == false)
    #expect(error(tampered { $0[32...35] = [0, 0, 0xC0, 0x7F] })?.kind == .mismatch)  // scale NaN
    // padding bias 1
    #expect(error(tampered { $0[36 + 4 * 15..<36 + 4 * 16] = [0, 0, 0x80, 0x3F] })?.kind == .mismatch)
    #expect(error(tampered { $0[100] = 0xFF })?.kind == .truncated)  // metadata longer than the header
    #expect(
      error(
        tampered { file in
          let json = Array(#""inbox""#.utf8)
          let replacement = Array(#""INBOX""#.utf8)
          if let start = (0..<(file.count - json.count)).first(where: { Array(file[$0..<($0 + json.count)]) == json }) {
            file.replaceSubrange(start..<(start + json.count), with: replacement)
          }
        })?.kind == .mismatch)  // another build's classes
    var foreign = bytes()
    foreign[0] = 0x58
    #expect(error(foreign)?.kind == .notAModel)
    #expect(error(bytes())?.description == nil)
    #expect(error(corrupt)?.description.hasPrefix("m.smsmodel: model file: checksum mismatch") == true)
  }
}
