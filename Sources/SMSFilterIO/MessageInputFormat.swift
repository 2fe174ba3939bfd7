/// How message lines are read: plain text (the body), JSON Lines records (``MessageRecordReader``),
/// or decided by the input (`auto`, see `InputFormatDetector`).
public enum MessageInputFormat: String, CaseIterable, Sendable {
  /// Decided by the first line that is not blank: `{` starts JSON Lines, anything else text.
  case auto
  /// One body per line.
  case text
  /// One JSON object per line.
  case jsonl
  /// `sender<TAB>body` per line: the sender up to the first TAB, the body after it (TABs in the
  /// body are kept). The shape of a Hadoop Streaming record or a `cut -f` pipeline; never
  /// auto-detected, since a plain-text body may hold a TAB.
  case tsv
}
