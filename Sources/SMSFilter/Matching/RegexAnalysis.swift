import Foundation
import PCRE2

/// What compiling a rule's regex works out from its text alone: the PCRE2 pattern and the
/// analyses the matcher gates and shortens it with. Each is a pure function of the regex, so a
/// rule set's regexes are analysed two at a time (the caller's thread and a second one, when
/// there is a second core) before the sequential compilation reads them: about half of the
/// built-in rule set's compile time, 16 of 30 ms on one core.
struct RegexAnalysis: Sendable {
  /// The regex as rules are matched (``RegexSource/prepare(_:)``).
  let prepared: String
  /// The compiled pattern, or why it does not compile.
  let pattern: Result<Pattern, PatternError>
  /// ``RegexLiterals/gate(in:)`` (body regexes only).
  let gate: [[Set<String>]]?
  /// ``RegexDigits/requiresDigit(_:)`` (body regexes only).
  let requiresDigit: Bool
  /// ``RegexFactors/factor(_:)``, worked out when the gate may be weak (its shortest literal at
  /// most `weakGateLength` bytes, or no gate): `nil` when it was not worked out.
  let factor: RegexFactors.Factor??
  /// ``RegexShortcut/init(prepared:)`` (body regexes only).
  let shortcut: RegexShortcut?

  /// Analyses `source`, a body regex or (`body` false) a sender regex.
  init(_ source: String, body: Bool, weakGateLength: Int) {
    prepared = RegexSource.prepare(source)
    let prepared = prepared
    pattern = Result { () throws(PatternError) in
      try Pattern(RegexWordCharacters.rewrite(prepared), options: [.caseless])
    }
    gate = body ? RegexLiterals.gate(in: prepared) : nil
    requiresDigit = body && RegexDigits.requiresDigit(prepared)
    let shortest = gate?.flatMap { $0.flatMap { $0.map(\.utf8.count) } }.min() ?? 0
    factor = body && shortest <= weakGateLength ? .some(RegexFactors.factor(prepared)) : nil
    shortcut = body ? RegexShortcut(prepared: prepared) : nil
  }

  /// The key a regex is remembered by: its kind and text.
  static func key(_ source: String, body: Bool) -> String { (body ? "b:" : "s:") + source }

  /// Analyses every regex of `conditions` (and the conditions inside them), on two threads.
  static func analyses(of conditions: [Condition], weakGateLength: Int) -> [String: RegexAnalysis] {
    var found: [(source: String, body: Bool)] = []
    var seen = Set<String>()
    func collect(_ condition: Condition) {
      switch condition {
      case .regex(let source):
        if seen.insert(key(source, body: true)).inserted { found.append((source, true)) }
      case .senderRegex(let source):
        if seen.insert(key(source, body: false)).inserted { found.append((source, false)) }
      case .all(let children), .any(let children), .none(let children), .atLeast(_, let children):
        children.forEach(collect)
      default:
        break
      }
    }
    conditions.forEach(collect)
    let sources = found
    let results = UnsafeMutableBufferPointer<RegexAnalysis?>.allocate(capacity: sources.count)
    results.initialize(repeating: nil)
    defer { results.deallocate() }
    let slots = AnalysisSlots(base: results.baseAddress)
    // Two halves, the odd regexes on a second thread when there is a second core. A plain
    // thread, not Dispatch: Dispatch opens descriptors when it starts, and one would take the
    // place of a closed standard input, which must be reported as closed, not read.
    let work = { @Sendable (first: Int) in
      for index in stride(from: first, to: sources.count, by: 2) {
        let (source, body) = sources[index]
        slots.base?[index] = RegexAnalysis(source, body: body, weakGateLength: weakGateLength)
      }
    }
    if sources.count >= 8, ProcessInfo.processInfo.activeProcessorCount >= 2, let thread = JoinableThread(work, 1) {
      work(0)
      thread.join()
    } else {
      work(0)
      work(1)
    }
    var byKey: [String: RegexAnalysis] = [:]
    for (index, entry) in sources.enumerated() {
      byKey[key(entry.source, body: entry.body)] = results[index]
    }
    return byKey
  }
}

/// The results buffer of ``RegexAnalysis/analyses(of:weakGateLength:)``, shared by its two
/// threads, each of which writes slots of its own.
private struct AnalysisSlots: @unchecked Sendable {
  // SAFETY: the threads write disjoint slots (even and odd), and the buffer is read only after
  // the second thread was joined, which orders its writes before the reads.
  let base: UnsafeMutablePointer<RegexAnalysis?>?
}

/// A POSIX thread that runs `body(argument)` and is waited for with ``join()``.
private final class JoinableThread {
  private var thread = pthread_t()

  /// Starts the thread, or returns `nil` when the system refuses one (the caller then does the
  /// work itself).
  init?(_ body: @escaping @Sendable (Int) -> Void, _ argument: Int) {
    let context = Unmanaged.passRetained(Box(body: body, argument: argument)).toOpaque()
    let started = pthread_create(
      &thread, nil,
      { context in
        let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
        box.body(box.argument)
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<Box>.fromOpaque(context).release()
      return nil
    }
  }

  /// Waits for the thread to finish.
  func join() { pthread_join(thread, nil) }

  private final class Box {
    let body: @Sendable (Int) -> Void
    let argument: Int
    init(body: @escaping @Sendable (Int) -> Void, argument: Int) {
      self.body = body
      self.argument = argument
    }
  }
}
