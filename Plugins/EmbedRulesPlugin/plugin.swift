import Foundation
import PackagePlugin

/// Compiles the package's `rules/` folder into the `SMSFilter` library as Swift source, so the
/// default rule set works from any directory with no files beside the binary. (The built-in model
/// and the rule set's snapshot are embedded as bytes by the `CEmbeddedFiles` target.)
@main
struct EmbedRulesPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let rules = context.package.directoryURL.appending(path: "rules")
    let files = try FileManager.default.contentsOfDirectory(
      at: rules, includingPropertiesForKeys: nil
    )
    .filter { ["yaml", "yml", "json"].contains($0.pathExtension) }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedRuleFiles.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(files.count) default rule files",
        executable: try context.tool(named: "EmbedRules").url,
        arguments: [output.path] + files.map(\.path),
        inputFiles: files,
        outputFiles: [output])
    ]
  }
}
