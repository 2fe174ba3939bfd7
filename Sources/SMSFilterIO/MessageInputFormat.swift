/// How message lines are read: plain text (the body), the sender and the body separated by a TAB,
/// JSON Lines records (``MessageRecordReader``), or decided by the input (`auto`, see
/// `InputFormatDetector`; it never chooses `tsv`, which is asked for by name).
public enum MessageInputFormat: String, CaseIterable, Sendable {
  /// Decided by the first line that is not blank: `{` starts JSON Lines, anything else text.
  case auto
  /// One body per line.
  case text
  /// One JSON object per line.
  case jsonl
  /// `sender<TAB>body`: the sender up to the first TAB, the body after it (TABs and all). A
  /// line without a TAB is an error record.
  case tsv
}
