import Foundation
import PackagePlugin

/// Compiles the package's `rules/` folder (with `models/default.smsmodel` and `snapshots/rules.snapshot`) into the `SMSFilter` library as Swift source, so the
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
    // The rule set's snapshot (`scripts/update-rules-snapshot`), used only while it matches the files.
    let snapshot = context.package.directoryURL.appending(path: "snapshots/rules.snapshot")
    let snapshots = FileManager.default.fileExists(atPath: snapshot.path) ? [snapshot] : []
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedRuleFiles.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(files.count) default rule files",
        executable: try context.tool(named: "EmbedRules").url,
        arguments: [output.path] + (files + models + snapshots).map(\.path),
        inputFiles: files + models + snapshots,
        outputFiles: [output])
    ]
  }
}
