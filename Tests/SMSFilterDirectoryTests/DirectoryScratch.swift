import Foundation

@testable import SMSFilterDirectory

/// Scratch files for directory tests, removed when the value goes away.
final class DirectoryScratch {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("smsfilter-directory-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// Writes a text file and returns its path.
  func write(_ name: String, _ text: String) throws -> String {
    let path = path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Builds `sources` (name, text) into a directory file and opens it.
  func directory(
    _ sources: [(String, String)], country: String? = nil, name: String = "test.smsdir"
  ) throws -> SenderDirectory {
    var builder = try DirectoryBuilder(country: country)
    for (source, text) in sources { builder.add(text: text, source: source) }
    let image = try builder.build()
    try image.write(to: path(name))
    return try SenderDirectory(path: path(name))
  }
}
