import Testing

@testable import SMSFilterDirectory

/// Front-coded labels (format version 2): every label reads back exactly, in every position of
/// a block, and distinct labels cost a few bytes each.
@Suite struct LabelCodingTests {
  @Test func everyLabelReadsBackInEveryBlockPosition() throws {
    let scratch = try DirectoryScratch()
    // 1,000 distinct labels (62 blocks and a partial one), some sharing nothing with their
    // block's first label, some longer than the inline 32 bytes, some empty of shared bytes.
    var lines: [String] = []
    var expected: [String: String] = [:]
    for index in 0..<1_000 {
      let number = "+4477009\(String(format: "%05d", index))"
      let label =
        switch index % 4 {
        case 0: "Entry \(index)"
        case 1: "Zed \(index) " + String(repeating: "long ", count: 8)
        case 2: "émigré \(index)"
        default: "\(index)"
        }
      lines.append("\(number)\tnone\t\(label)")
      expected[number] = label.trimmingTrailingSpaces
    }
    let directory = try scratch.directory([("a.tsv", lines.joined(separator: "\n"))])
    #expect(directory.labelCount == 1_000)
    for (number, label) in expected {
      #expect(directory.lookup(number)?.label == label)
    }
    let batch = directory.lookup(Array(expected.keys))
    #expect(batch.map { $0?.label } == expected.keys.map { expected[$0] })
  }

  @Test func distinctLabelsAreFrontCoded() {
    let labels = (0..<10_000).map { Array("Entry \($0)".utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    let coding = LabelCoding(sorted: labels)
    let plain = labels.reduce(0) { $0 + $1.count }
    #expect(coding.blockStarts.count == 10_000 / 16 + 1)
    #expect(coding.bytes.count * 2 < plain)  // 10 bytes a label whole, under 5 coded
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
