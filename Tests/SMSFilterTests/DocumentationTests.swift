import Foundation
import Testing

@testable import SMSFilter

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

/// The README's examples do what the README says they do.
@Suite struct READMEExampleTests {
  /// The text block of the README that follows `marker`.
  func block(after marker: String) throws -> String {
    let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
    let rest = try #require(readme.components(separatedBy: marker).dropFirst().first)
    let opened = try #require(rest.components(separatedBy: "```text\n").dropFirst().first)
    return try #require(opened.components(separatedBy: "```").first)
  }

  @Test func theDirectoryExampleBuildsWithTheLabelsItShows() throws {
    let source = try block(after: "Sender directories are compact binary files")
    var builder = try DirectoryBuilder()
    builder.add(text: source, source: "README.md")
    #expect(builder.errors.isEmpty, "\(builder.errors)")
    let image = try builder.build()
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID()).smsdir").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try image.write(to: path)
    let directory = try SenderDirectory(path: path)
    #expect(directory.count == 4)
    #expect(directory.lookup("56161", receiverCountry: "US")?.label == "Acme Rewards")
    #expect(directory.lookup("VM-HDFCBK")?.label == "HDFC Bank")
    for index in 0..<directory.count {
      #expect(directory.entry(at: index).label?.contains("#") != true, "a comment became part of a label")
    }
  }
}
