import Foundation
import PCRE2
import SMSFilter

/// What `smsfilter --version` prints: the package version, and the versions of the rule set and
/// the model built into this binary.
enum VersionText {
  /// `smsfilter 0.1.0` and, on the lines below, the built-in rule set and model, each with a
  /// digest of its bytes so two binaries can be told apart even when the names agree, and the
  /// PCRE2 library with whether its JIT is in use.
  static func make() -> String {
    var lines = ["smsfilter \(PackageVersion.current)"]
    let sources = DefaultRules.sources
    var digest = FNV1a()
    for source in sources {
      digest.add(source.name)
      digest.add(source.text)
    }
    let header = sources.lazy.flatMap { $0.text.split(separator: "\n") }.first { $0.hasPrefix("ruleset:") }
    let name = header.map { $0.dropFirst("ruleset:".count).trimmingCharacters(in: .whitespaces) } ?? "unnamed"
    lines.append("rules: \(name) (\(sources.count) files, digest \(digest.hex))")
    if let model = try? DefaultModel.builtIn() {
      lines.append("model: built-in (checksum \(String(model.checksum, radix: 16)))")
    } else {
      lines.append("model: none")
    }
    lines.append(
      "pcre2: \(Pattern.libraryVersion) (\(Pattern.jitEnabled ? "JIT" : "interpreter: SMSFILTER_PCRE2_JIT=0"))")
    return lines.joined(separator: "\n")
  }

  /// 64-bit FNV-1a over UTF-8 text: a stable digest, not a security measure.
  private struct FNV1a {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func add(_ text: String) {
      for byte in text.utf8 {
        value ^= UInt64(byte)
        value &*= 0x100_0000_01b3
      }
    }
    var hex: String {
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }
  }
}
