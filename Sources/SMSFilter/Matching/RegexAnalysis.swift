import Foundation
import PCRE2

/// What compiling a rule's regex works out from its text alone: the PCRE2 pattern and the
/// analyses the matcher gates and shortens it with (``RegexFindings``). Each is a pure function
/// of the regex, so a rule set's regexes are analysed two at a time (the caller's thread and a
/// second one, when there is a second core) before the sequential compilation reads them: about
/// half of the built-in rule set's compile time, 16 of 30 ms on one core. The built-in rules'
/// findings are worked out when their snapshot is made (``RuleSetSnapshot``), so starting them
/// compiles only the patterns.
struct RegexAnalysis: Sendable {
  /// What the analysis found.
  let findings: RegexFindings
  /// The compiled pattern, or why it does not compile.
  let pattern: Result<Pattern, PatternError>

  /// Analyses `source`, a body regex or (`body` false) a sender regex.
  init(_ source: String, body: Bool, weakGateLength: Int) {
    self.init(findings: RegexFindings(source, body: body, weakGateLength: weakGateLength))
  }

  /// Compiles the pattern of findings worked out before (a snapshot's).
  init(findings: RegexFindings) {
    self.findings = findings
    let compiled = findings.compiledSource
    pattern = Result { () throws(PatternError) in try Pattern(compiled, options: [.caseless]) }
  }

  /// The regex as rules are matched (``RegexSource/prepare(_:)``).
  var prepared: String { findings.prepared }
  /// ``RegexLiterals/gate(in:)`` (body regexes only).
  var gate: [[Set<String>]]? { findings.gate }
  /// ``RegexDigits/requiresDigit(_:)`` (body regexes only).
  var requiresDigit: Bool { findings.requiresDigit }
  /// ``RegexFactors/factor(_:)``, when it was worked out (``RegexFindings/factor``).
  var factor: RegexFactors.Factor?? { findings.factor }
  /// ``RegexShortcut/init(prepared:)`` (body regexes only).
  var shortcut: RegexShortcut? { findings.shortcut }

  /// The key a regex is remembered by: its kind and text.
  static func key(_ source: String, body: Bool) -> String { (body ? "b:" : "s:") + source }

  /// The regexes of `conditions` and the conditions inside them, each once, in the order first
  /// met: the source and whether it is a body regex (not a sender regex).
  static func sources(of conditions: [Condition]) -> [(source: String, body: Bool)] {
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
    return found
  }

  /// Analyses every regex of `conditions` (and the conditions inside them), on two threads;
  /// a regex whose findings are in `known` (by ``key(_:body:)``) only has its pattern compiled.
  static func analyses(
    of conditions: [Condition], weakGateLength: Int, known: [String: RegexFindings] = [:]
  ) -> [String: RegexAnalysis] {
    var byKey: [String: RegexAnalysis] = [:]
    var unknown: [(source: String, body: Bool)] = []
    for entry in sources(of: conditions) {
      let key = key(entry.source, body: entry.body)
      if let findings = known[key] {
        byKey[key] = RegexAnalysis(findings: findings)
      } else {
        unknown.append(entry)
      }
    }
    let sources = unknown
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
    for (index, entry) in sources.enumerated() {
      byKey[key(entry.source, body: entry.body)] = results[index]
    }
    return byKey
  }
}

/// The results buffer of ``RegexAnalysis/analyses(of:weakGateLength:known:)``, shared by its two
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
