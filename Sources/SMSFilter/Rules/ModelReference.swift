/// The learned model a rule set asks for in its header (`model: built-in` or `model: PATH`).
public enum ModelReference: Sendable, Hashable {
  /// The model built into the library (``DefaultModel``).
  case builtIn
  /// A model file (a path relative to the rule file's folder, resolved at load time).
  case file(String)
}
