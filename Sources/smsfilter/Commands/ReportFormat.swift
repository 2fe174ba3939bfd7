import ArgumentParser

/// How a command that reports figures prints them: for a person, or as JSON for a script.
enum ReportFormat: String, CaseIterable, ExpressibleByArgument {
  /// Lines for a person.
  case text
  /// One pretty-printed JSON document with sorted keys.
  case json
}
