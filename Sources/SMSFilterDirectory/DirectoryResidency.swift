/// How a ``SenderDirectory`` holds its file in memory.
///
/// | mode | resident memory | if another program truncates or rewrites the file in use |
/// |---|---|---|
/// | ``copied`` | the whole file, in private (anonymous) memory, from the open | nothing happens to this reader |
/// | ``mapped`` | only the pages lookups touch, shared with every process mapping the file (page cache) | the reader can be killed by `SIGBUS`: replace the file by renaming a new one into place, as `directory build` and `update` do |
///
/// ``automatic`` copies files up to ``SenderDirectory/copyLimit`` and maps larger ones.
public enum DirectoryResidency: Sendable, Hashable, CaseIterable {
  /// Copy files up to ``SenderDirectory/copyLimit`` bytes, map larger ones (the default).
  case automatic
  /// Always read the file into private memory.
  case copied
  /// Always map the file read-only: nothing resident beyond the mapped file's pages, for a
  /// process that must stay small (an iOS extension) and a file only ever replaced by renaming.
  case mapped

  /// Whether a file of `size` bytes is copied.
  func copies(size: Int) -> Bool {
    switch self {
    case .automatic: size <= SenderDirectory.copyLimit
    case .copied: true
    case .mapped: false
    }
  }
}
