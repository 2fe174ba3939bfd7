import Foundation
import SMSFilterModel

/// The model file, version 3: a header, then the int8 weights, little-endian throughout.
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 8 | magic `SMSFMODL` |
/// | 8 | 4 | version (3) |
/// | 12 | 4 | header length: where the weights start (a multiple of 64) |
/// | 16 | 8 | XXH64 (seed 0) of every byte from offset 24 to the end |
/// | 24 | 5 | hash bits, shortest and longest character gram, classes (14), lanes (16) |
/// | 29 | 1 | feature flags: bit 0, character bigrams in scripts without spaces; bit 1, sender-kind crosses |
/// | 30 | 1 | heads (``ModelHeads``): 0 flat, 1 two-level (from version 2; version 1 had a zero here) |
/// | 31 | 1 | zero |
/// | 32 | 4 | scale (float32): a weight is its int8 times the scale |
/// | 36 | 64 | a float32 bias per lane |
/// | 100 | 4 | metadata length `m` |
/// | 104 | m | metadata: JSON (``ModelMetadata``: corpora, seed, epochs, class names) |
/// | header length | rows × 16 | weights: a row per hashed feature, a signed byte per lane |
///
/// A file whose magic, version, lengths, settings, classes or checksum are not as above is refused
/// with a ``ModelFileError`` saying which; so is a file of an older version, with a message saying
/// what changed and to retrain it: version 1 had no heads byte, and version 2 hashed character
/// 3-grams as FNV-1a over the three codes, where version 3 hashes them by multiply-shift
/// (``FeatureExtractor/trigram(_:_:_:)``, 3-4% less of the model's time), so their rows differ.
public enum ModelFileFormat {
  /// The first eight bytes.
  public static let magic: [UInt8] = Array("SMSFMODL".utf8)
  /// The version this build writes and reads.
  public static let version: UInt32 = 3

  /// What changed since an older version, for the error that refuses its file; nil for a version
  /// no build wrote.
  static func olderVersionChange(_ version: UInt32) -> String? {
    switch version {
    case 1: "version 1 had no heads byte"
    case 2: "version 2 hashed character 3-grams differently"
    default: nil
    }
  }

  /// The error for a file of a version this build does not read.
  static func unsupported(_ version: UInt32, source: String) -> ModelFileError {
    let advice = olderVersionChange(version).map { " (\($0)): retrain the model with this build's smsfilter train" }
    return ModelFileError(
      .unsupportedVersion(version), path: source,
      message: "format version \(version); this build reads version \(Self.version)" + (advice ?? ""))
  }

  /// What the header says.
  struct Header {
    var settings: FeatureSettings
    var metadata: ModelMetadata
    var scale: Float
    var bias: SIMD16<Float>
    var checksum: UInt64
    var weightsOffset: Int
  }

  /// Reads and checks a file's header and its checksum.
  static func read(_ bytes: UnsafeRawBufferPointer, source: String) throws(ModelFileError) -> Header {
    func fail(_ kind: ModelFileError.Kind, _ message: String) -> ModelFileError {
      ModelFileError(kind, path: source, message: message)
    }
    guard bytes.count >= 104 else {
      throw fail(
        bytes.count >= 8 && bytes.starts(with: magic) ? .truncated : .notAModel,
        "too short for a model file (\(bytes.count) bytes)")
    }
    guard bytes.starts(with: magic) else { throw fail(.notAModel, "not a smsfilter model file (wrong magic bytes)") }
    let version = bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self).littleEndian
    guard version == Self.version else { throw unsupported(version, source: source) }
    let headerLength = Int(bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self).littleEndian)
    let checksum = bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self).littleEndian
    let hashBits = Int(bytes[24])
    guard (8...24).contains(hashBits), (1...8).contains(bytes[25]), (bytes[25]...8).contains(bytes[26]) else {
      throw fail(.mismatch, "feature settings out of range (hash bits \(hashBits), grams \(bytes[25])–\(bytes[26]))")
    }
    let grams = Int(bytes[25])...Int(bytes[26])
    guard bytes[29] & ~3 == 0 else {
      throw fail(
        .mismatch, "unknown feature flags \(bytes[29]) (this build knows character bigrams, 1, and sender crosses, 2)")
    }
    guard let heads = ModelHeads(rawValue: bytes[30]) else {
      throw fail(.mismatch, "unknown heads \(bytes[30]) (this build knows flat, 0, and two-level, 1)")
    }
    guard bytes[31] == 0 else {
      throw fail(.mismatch, "reserved header bytes are not zero")
    }
    guard Int(bytes[27]) == ModelClass.allCases.count, Int(bytes[28]) == ModelClass.lanes else {
      throw fail(
        .mismatch,
        "\(bytes[27]) classes in \(bytes[28]) lanes; this build has \(ModelClass.allCases.count) in \(ModelClass.lanes)"
      )
    }
    let settings = FeatureSettings(
      hashBits: hashBits, characterGrams: grams, unspacedBigrams: bytes[29] & 1 != 0,
      senderCrosses: bytes[29] & 2 != 0, heads: heads)
    let expected = headerLength + settings.rows * ModelClass.lanes
    guard headerLength % 64 == 0, headerLength >= 104, bytes.count >= expected else {
      throw fail(.truncated, "\(bytes.count) bytes, but the header promises \(expected)")
    }
    guard bytes.count == expected else { throw fail(.mismatch, "\(bytes.count - expected) bytes after the weights") }
    guard Checksums.xxh64(UnsafeRawBufferPointer(rebasing: bytes[24...])) == checksum else {
      throw fail(.checksumMismatch, "checksum mismatch: the file is corrupt")
    }
    let scale = Float(bitPattern: bytes.loadUnaligned(fromByteOffset: 32, as: UInt32.self).littleEndian)
    var bias = SIMD16<Float>()
    for lane in 0..<ModelClass.lanes {
      bias[lane] = Float(bitPattern: bytes.loadUnaligned(fromByteOffset: 36 + 4 * lane, as: UInt32.self).littleEndian)
    }
    let metadataLength = Int(bytes.loadUnaligned(fromByteOffset: 100, as: UInt32.self).littleEndian)
    guard 104 + metadataLength <= headerLength else { throw fail(.truncated, "metadata longer than the header") }
    let metadata: ModelMetadata
    do {
      metadata = try JSONDecoder().decode(ModelMetadata.self, from: Data(bytes[104..<(104 + metadataLength)]))
    } catch {
      throw fail(.mismatch, "unreadable metadata: \(error)")
    }
    guard metadata.classes == ModelClass.allCases.map({ "\($0)" }) else {
      throw fail(.mismatch, "classes \(metadata.classes.joined(separator: ",")) are not this build's")
    }
    guard scale.isFinite, scale > 0, scale < 1000 else { throw fail(.mismatch, "scale \(scale) is out of range") }
    for lane in 0..<ModelClass.lanes {
      let padding = lane >= ModelClass.allCases.count && heads == .flat
      guard bias[lane].isFinite, abs(bias[lane]) < 1e6, !padding || bias[lane] == 0 else {
        throw fail(.mismatch, "bias \(bias[lane]) of lane \(lane) is out of range")
      }
    }
    return Header(
      settings: settings, metadata: metadata, scale: scale, bias: bias, checksum: checksum, weightsOffset: headerLength)
  }

  /// Writes a model: float weights quantised to int8 with one scale (the largest magnitude maps
  /// to 127), biases as they are.
  ///
  /// - Parameters:
  ///   - weights: `rows × lanes` floats, row after row.
  ///   - bias: a bias per lane.
  ///   - settings: the feature settings.
  ///   - metadata: how the model was made.
  /// - Returns: the file's bytes.
  static func write(weights: [Float], bias: SIMD16<Float>, settings: FeatureSettings, metadata: ModelMetadata)
    -> [UInt8]
  {
    precondition(weights.count == settings.rows * ModelClass.lanes, "one row of lanes per hashed feature")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = (try? encoder.encode(metadata)).map { [UInt8]($0) } ?? Array("{}".utf8)
    let headerLength = (104 + json.count + 63) / 64 * 64
    var bytes = [UInt8](repeating: 0, count: headerLength + weights.count)
    func put<T: FixedWidthInteger>(_ value: T, at offset: Int) {
      withUnsafeBytes(of: value.littleEndian) { raw in
        for (index, byte) in raw.enumerated() { bytes[offset + index] = byte }
      }
    }
    bytes.replaceSubrange(0..<8, with: magic)
    put(Self.version, at: 8)
    put(UInt32(headerLength), at: 12)
    bytes[24] = UInt8(settings.hashBits)
    bytes[25] = UInt8(settings.characterGrams.lowerBound)
    bytes[26] = UInt8(settings.characterGrams.upperBound)
    bytes[27] = UInt8(ModelClass.allCases.count)
    bytes[28] = UInt8(ModelClass.lanes)
    bytes[29] = (settings.unspacedBigrams ? 1 : 0) | (settings.senderCrosses ? 2 : 0)
    bytes[30] = settings.heads.rawValue
    let largest = weights.reduce(Float(0)) { max($0, abs($1)) }
    let scale = largest > 0 ? largest / 127 : 1
    put(scale.bitPattern, at: 32)
    // A flat model's padding lanes' biases are zero (a reader refuses anything else); a
    // two-level model's hold the promotion and transaction action biases.
    let biasLanes = settings.heads == .flat ? ModelClass.allCases.count : ModelClass.lanes
    for lane in 0..<biasLanes { put(bias[lane].bitPattern, at: 36 + 4 * lane) }
    put(UInt32(json.count), at: 100)
    bytes.replaceSubrange(104..<(104 + json.count), with: json)
    for (index, weight) in weights.enumerated() {
      let quantised = (weight / scale).rounded()
      bytes[headerLength + index] = UInt8(bitPattern: Int8(max(-127, min(127, quantised))))
    }
    let checksum = bytes.withUnsafeBytes { Checksums.xxh64(UnsafeRawBufferPointer(rebasing: $0[24...])) }
    put(checksum, at: 16)
    return bytes
  }
}
