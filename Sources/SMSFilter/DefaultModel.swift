import CEmbeddedFiles
import Foundation
import SMSFilterLearning

/// The learned model built into the library (the project's `models/default.smsmodel`, embedded
/// at build time as bytes by `CEmbeddedFiles` and read in place), and the loading of the model a
/// rule set's header names.
public enum DefaultModel {
  /// The built-in model, read once.
  ///
  /// - Throws: `ModelFileError` when this build carries no model (or a broken one).
  public static func builtIn() throws(ModelFileError) -> LinearModel {
    try cached.get()
  }

  private static let cached: Result<LinearModel, ModelFileError> = {
    var count = 0
    let base = smsfilter_embedded_model(&count)
    guard let base, count > 0 else {
      return .failure(ModelFileError(.unreadable, path: "<built-in>", message: "this build carries no built-in model"))
    }
    // The binary's read-only data: valid and unchanged for the life of the program.
    let bytes = UnsafeRawBufferPointer(start: base, count: count)
    return Result { () throws(ModelFileError) in try LinearModel(staticBytes: bytes, source: "<built-in>") }
  }()

  /// Loads the model a rule set's header names.
  ///
  /// - Throws: ``RuleLoadError`` (`model`) naming the file and why it cannot be used.
  static func load(_ reference: ModelReference) throws(RuleLoadError) -> LinearModel {
    do {
      switch reference {
      case .builtIn: return try builtIn()
      case .file(let path): return try LinearModel(contentsOf: path)
      }
    } catch {
      throw RuleLoadError(
        .model, at: SourceLocation(file: error.path, line: 0, column: 0), message: error.description)
    }
  }
}
