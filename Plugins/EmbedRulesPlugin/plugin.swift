import Foundation
import PackagePlugin

/// Compiles the package's `rules/` folder (and `models/default.smsmodel`) into the `SMSFilter` library as Swift source, so the
/// default rule set works from any directory with no files beside the binary.
@main
struct EmbedRulesPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let rules = context.package.directoryURL.appending(path: "rules")
    let files = try FileManager.default.contentsOfDirectory(
      at: rules, includingPropertiesForKeys: nil
    )
    .filter { ["yaml", "yml", "json"].contains($0.pathExtension) }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let model = context.package.directoryURL.appending(path: "models/default.smsmodel")
    let models = FileManager.default.fileExists(atPath: model.path) ? [model] : []
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedRuleFiles.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(files.count) default rule files",
        executable: try context.tool(named: "EmbedRules").url,
        arguments: [output.path] + (files + models).map(\.path),
        inputFiles: files + models,
        outputFiles: [output])
    ]
  }
}
