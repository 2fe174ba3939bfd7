import ArgumentParser
import Foundation
import SMSFilter
import SMSFilterEvaluation
import SMSFilterIO

/// `smsfilter train CORPUS… -o FILE`: trains the learned stage on labeled corpora.
struct TrainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "train",
    abstract: "Train a model (the learned stage) on labeled corpora and write its file.",
    discussion: """
      Reads the corpora as `eval` does (JSON Lines; TSV with --label-map) and trains a multinomial \
      logistic regression over hashed word, character n-gram and structural features. With \
      --folds K, also prints out-of-fold figures for each corpus: each message judged by a model \
      trained without it. The same corpora, options and seed give the same file, byte for byte.

      Examples:
        smsfilter train corpus/ -o my.smsmodel
        smsfilter train corpus/ spam.tsv --label-map 'ham=allow|none,spam=junk|promotion' \\
          -o my.smsmodel --folds 5
      """)

  @Argument(help: "Corpus files or folders (.jsonl, .tsv).", completion: .file(extensions: ["jsonl", "tsv"]))
  var corpus: [String]

  @Option(name: [.customShort("o"), .long], help: "The model file to write.")
  var output: String

  @Option(help: "Map TSV labels to actions, e.g. 'ham=allow|none,spam=junk|promotion' (applies to every TSV corpus).")
  var labelMap: String?

  @Option(help: "The seed of the example order.")
  var seed: UInt64 = TrainingOptions.standard.seed

  @Option(help: "Passes over the data.")
  var epochs = TrainingOptions.standard.epochs

  @Option(help: "AdaGrad's base learning rate.")
  var learningRate = TrainingOptions.standard.learningRate

  @Option(help: "Rows of the feature table, as a power of two (10–24).")
  var hashBits = FeatureSettings.standard.hashBits

  @Option(help: "The shortest and longest character n-grams inside words, as MIN-MAX (1–8).")
  var grams =
    "\(FeatureSettings.standard.characterGrams.lowerBound)-\(FeatureSettings.standard.characterGrams.upperBound)"

  @Flag(
    inversion: .prefixedNo,
    help:
      "Also take character bigrams in scripts written without spaces (Thai, Lao, Myanmar, Khmer, Japanese, Chinese).")
  var unspacedBigrams = FeatureSettings.standard.unspacedBigrams

  @Flag(
    inversion: .prefixedNo,
    help: "Also cross the sender's kind with a link, a phone number, an amount, the length and the first word.")
  var senderCrosses = FeatureSettings.standard.senderCrosses

  @Option(help: "The model's heads: flat (one softmax over the classes) or two-level (action, then sub-action).")
  var heads = FeatureSettings.standard.heads.name

  @Flag(help: "Count every message once, instead of weighing labels to count alike.")
  var noClassWeights = false

  @Option(help: "Also print out-of-fold figures from K-fold cross-validation (K ≥ 2).")
  var folds: Int?

  func validate() throws {
    if epochs < 1 { throw ValidationError("--epochs must be at least 1") }
    if !(learningRate > 0 && learningRate <= 10) {
      throw ValidationError("--learning-rate must be above 0 and at most 10")
    }
    if !(10...24).contains(hashBits) { throw ValidationError("--hash-bits must be between 10 and 24") }
    if let folds, folds < 2 { throw ValidationError("--folds must be at least 2") }
    if headsValue == nil { throw ValidationError("--heads must be flat or two-level") }
    if gramRange == nil { throw ValidationError("--grams must be MIN-MAX with 1 ≤ MIN ≤ MAX ≤ 8") }
  }

  /// `--heads` as a value.
  var headsValue: ModelHeads? { ModelHeads(name: heads) }

  /// `--grams` as a range.
  var gramRange: ClosedRange<Int>? {
    let parts = grams.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 2, parts[0] >= 1, parts[0] <= parts[1], parts[1] <= 8 else { return nil }
    return parts[0]...parts[1]
  }

  func run() throws {
    try reportingFailures {
      let corpora = try CorpusSelection(paths: corpus, labelMap: labelMap).read()
      var training = ModelTraining()
      training.settings.hashBits = hashBits
      training.settings.characterGrams = gramRange ?? FeatureSettings.standard.characterGrams
      training.settings.unspacedBigrams = unspacedBigrams
      training.settings.senderCrosses = senderCrosses
      training.settings.heads = headsValue ?? FeatureSettings.standard.heads
      training.options = TrainingOptions(
        epochs: epochs, learningRate: learningRate, seed: seed,
        classWeighting: !noClassWeights)
      let terminal = isatty(2) != 0
      let total = corpora.reduce(0) { $0 + $1.messages.count }
      printError("training on \(total) messages from \(corpora.count) corpora, \(epochs) epochs, seed \(seed)")
      let bytes = training.train(corpora) { epoch, loss in
        if terminal {
          FileHandle.standardError.write(
            Data("\repoch \(epoch)/\(epochs), loss \(String(format: "%.4f", loss))\(epoch == epochs ? "\n" : "")".utf8))
        }
      }
      do {
        try Data(bytes).write(to: URL(fileURLWithPath: output), options: .atomic)
      } catch {
        throw CommandFailure(message: "\(output): \(error.localizedDescription)", status: ExitStatus.ioError)
      }
      printError("wrote \(output) (\(bytes.count) bytes)")
      guard let folds else { return }
      let models: [LinearModel]
      do {
        models = try training.foldModels(corpora, folds: folds) { done in
          if terminal {
            FileHandle.standardError.write(Data("\rfold \(done)/\(folds)\(done == folds ? "\n" : "")".utf8))
          }
        }
      } catch {
        throw CommandFailure(message: "\(error)", status: 1)
      }
      print("out-of-fold (\(folds) folds), the model alone:")
      for corpus in corpora {
        let figures = OutOfFold.modelAlone(corpus.messages, models: models)
        print("  \(corpus.name): \(figures)")
      }
    }
  }
}
