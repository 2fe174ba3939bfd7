import SMSFilter

/// Corpora named on a command line, each read on its own (a folder is one corpus): what `train`
/// records in a model file and what out-of-fold evaluation reads back.
public struct CorpusSelection: Sendable {
  /// The paths as given.
  public var paths: [String]
  /// The label map for TSV files, as given.
  public var labelMap: String?

  /// A selection.
  public init(paths: [String], labelMap: String?) {
    self.paths = paths
    self.labelMap = labelMap
  }

  /// Reads every corpus.
  ///
  /// - Throws: ``CorpusError`` naming the file and line.
  public func read() throws(CorpusError) -> [(name: String, labelMap: String?, messages: [LabeledMessage])] {
    let map = try labelMap.map { (text) throws(CorpusError) in try CorpusReader.parseLabelMap(text) } ?? [:]
    let reader = CorpusReader(labelMap: map)
    var corpora: [(name: String, labelMap: String?, messages: [LabeledMessage])] = []
    for path in paths {
      let messages = try reader.read(paths: [path])
      let usesMap = try CorpusReader.files(at: path).contains { $0.hasSuffix(".tsv") }
      corpora.append((path, usesMap ? labelMap : nil, messages))
    }
    return corpora
  }
}
