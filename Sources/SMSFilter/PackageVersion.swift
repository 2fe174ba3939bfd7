/// The version of the smsfilter package, as `smsfilter --version` prints it.
///
/// It follows semantic versioning: the first number changes when a rule file, a command's output
/// or the library's public API changes incompatibly.
public enum PackageVersion {
  /// The version string, `MAJOR.MINOR.PATCH`.
  public static let current = "0.1.0"
}
