import ArgumentParser

/// The exit statuses of every `smsfilter` command, documented once here and in the root help.
///
/// Argument-parser's own usage errors (an unknown option, a stray argument, a value it cannot
/// read, a failed `validate()`) exit 64 by default; ``SMSFilterCommand/main()`` maps them to
/// ``refused`` so that every refusal has the same status, whether the parser or a command found it.
enum ExitStatus {
  /// Success.
  static let success: Int32 = 0
  /// The command ran, but some input lines could not be read or some rule examples failed.
  static let someFailed: Int32 = 1
  /// Rules, a model, a directory, a corpus or the arguments were refused: nothing was done.
  static let refused: Int32 = 2
  /// Reading the input or writing the output failed (`EX_IOERR`).
  static let ioError: Int32 = 74

  /// The lines of the root help that say what each status means.
  static let help = """
    Exit status: 0 success; 1 some input lines could not be read or some rule examples failed; \
    2 the arguments, rules, model, directory or corpus were refused (nothing was done); \
    74 reading the input or writing the output failed.
    """
}
