import Foundation
import Testing

/// The README's architecture section names every target of `Package.swift`, and no other.
@Suite struct DocumentationTests {
  @Test func theArchitectureSectionMatchesThePackage() throws {
    let manifest = try String(contentsOf: PackagePaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "## How it is built").last)
    let targets = try Regex(#"\.(?:target|executableTarget|systemLibrary)\(\s*name: "(\w+)""#)
    let names = manifest.matches(of: targets).map { String($0.output[1].substring ?? "") }
    #expect(names.count >= 10)
    for name in names {
      #expect(section.contains("`\(name)`"), "README's How it is built does not describe \(name)")
    }
    let described = section.matches(of: try Regex(#"^- `(\w+)`"#).anchorsMatchLineEndings())
      .map { String($0.output[1].substring ?? "") }
    for name in described { #expect(names.contains(name), "README describes \(name), which Package.swift lacks") }
  }
}
