import CEmbeddedFiles
import Foundation
import Testing

@testable import SMSFilter

/// `snapshots/scalar-folding.table`, the normaliser's table built into the binary, is written
/// here from the one implementation of the folding (``ScalarFoldingTable/computeMapping(_:)``):
/// the test fails when the committed file, or the one this build embedded, is not what it gives
/// (after a toolchain with a newer Unicode version, say), and `scripts/update-folding-table` runs
/// it with `SMSFILTER_WRITE_FOLDING_TABLE=1` to write the file instead.
@Suite struct ScalarFoldingTableFileTests {
  /// The committed file.
  static let file = PackagePaths.root.appendingPathComponent("snapshots/scalar-folding.table")

  @Test func theCommittedTableIsWhatComputeMappingGives() throws {
    let encoded = ScalarFoldingTable.encoded()
    if ProcessInfo.processInfo.environment["SMSFILTER_WRITE_FOLDING_TABLE"] == "1" {
      try Data(encoded).write(to: Self.file)
    }
    let committed = try [UInt8](Data(contentsOf: Self.file))
    #expect(
      committed == encoded,
      "\(Self.file.lastPathComponent) differs from computeMapping: run scripts/update-folding-table")
  }

  /// The build read the table it embedded: every entry is the computed one.
  @Test func theEmbeddedTableIsUsedAndEqualsTheComputedOne() throws {
    var count = 0
    let base = try #require(smsfilter_embedded_scalar_folding(&count))
    let decoded = try #require(ScalarFoldingTable.decode(UnsafeRawBufferPointer(start: base, count: count)))
    let computed = ScalarFoldingTable.computeAll()
    #expect(decoded.offsets == computed.offsets && decoded.kinds == computed.kinds && decoded.pool == computed.pool)
    #expect(ScalarFoldingTable.shared.isEmbedded, "the shared table was computed, not read from the binary")
    for value in UInt32(0x80)..<0x3100 {
      let entry = try #require(ScalarFoldingTable.shared.entry(for: value))
      let expected = ScalarFoldingTable.computeMapping(value)
      #expect(entry.bytes == expected.0 && entry.kind == expected.1, "U+\(String(value, radix: 16))")
    }
  }

  /// A file that is cut short, has another magic or whose offsets run backwards is not used.
  @Test func aDamagedTableIsRefused() {
    let good = ScalarFoldingTable.encoded()
    func decodes(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { ScalarFoldingTable.decode($0) != nil } }
    #expect(decodes(good))
    #expect(!decodes(Array(good.dropLast())))
    #expect(!decodes([0x58] + good.dropFirst()))
    var backwards = good
    backwards[ScalarFoldingTable.fileMagic.count + 8 + 4] = 0xFF  // the second offset, far past the third
    #expect(!decodes(backwards))
    #expect(!decodes([]))
  }
}
