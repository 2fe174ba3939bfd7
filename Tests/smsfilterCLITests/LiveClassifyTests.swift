import Foundation
import Testing

/// `classify` as a coprocess: one line in, its answer out, while the input stays open.
@Suite struct LiveClassifyTests {
  @Test(arguments: ["1", "2", "4"])
  func eachLineIsAnsweredWhileTheInputStaysOpen(threads: String) throws {
    let live = try Coprocess(["classify", "--threads", threads, "--input", "jsonl", "--output", "jsonl"])
    defer { live.finish() }
    // The first answer may wait for the rules to load; time the ones after it.
    #expect(live.answer(to: #"{"body":"hello"}"#, within: 10_000).text?.hasPrefix("{\"action\":") == true)
    let lines = [
      #"{"sender":"VM-HDFCBK","body":"Rs 2,500.00 debited from A/c XX1234","id":1}"#,
      #"{"body":"see you at 6?","id":2}"#,
    ]
    for (index, line) in lines.enumerated() {
      // Waits up to 2 s, so the 100 ms bound below is what decides.
      let (answer, elapsed) = live.answer(to: line, within: 2_000)
      #expect(answer?.hasSuffix("\"id\":\(index + 1)}\n") == true, "threads \(threads): \(answer ?? "no answer")")
      #expect(elapsed < .milliseconds(100), "threads \(threads): answered after \(elapsed)")
    }
  }

  @Test func tsvInputCarriesTheSender() throws {
    let tsv = "VM-HDFCBK\tRs 2,500.00 debited from A/c XX1234 on 12-03\n\tsee you at 6?\nno tab here\n"
    let result = try CLI.run(["classify", "--input", "tsv"], input: Data(tsv.utf8))
    #expect(result.status == 1)
    #expect(result.lines.count == 3)
    let jsonl =
      #"{"sender":"VM-HDFCBK","body":"Rs 2,500.00 debited from A/c XX1234 on 12-03"}"# + "\n"
      + #"{"body":"see you at 6?"}"# + "\n"
    let expected = try CLI.run(["classify"], input: Data(jsonl.utf8))
    #expect(Array(result.lines.prefix(2)) == expected.lines)
    #expect(result.lines[2] == "error\tnone\tmissing-tab")
    #expect(result.stderr.contains("line 3: no TAB between sender and body"))
  }
}
