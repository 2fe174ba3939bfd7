/// What the analysis of one regex finds from its text alone, short of compiling it: the text as
/// rules match it, the text PCRE2 compiles, the literals that gate it, whether it needs a digit,
/// its byte-run factor and its shortcut. A pure function of the regex (and the weak-gate length),
/// so the built-in rule set's snapshot stores them (``RuleSetSnapshot``) and starting it need not
/// work them out again; the test suite checks that the stored ones are what this code gives.
struct RegexFindings: Hashable, Sendable {
  /// The regex as rules are matched (``RegexSource/prepare(_:)``).
  let prepared: String
  /// The text PCRE2 compiles: `prepared` with `\w` and `\b` rewritten
  /// (``RegexWordCharacters/rewrite(_:)``).
  let compiledSource: String
  /// ``RegexLiterals/gate(in:)`` (body regexes only).
  let gate: [[Set<String>]]?
  /// ``RegexDigits/requiresDigit(_:)`` (body regexes only).
  let requiresDigit: Bool
  /// ``RegexFactors/factor(_:)``, worked out when the gate may be weak (its shortest literal at
  /// most the weak-gate length, or no gate): `nil` when it was not worked out.
  let factor: RegexFactors.Factor??
  /// ``RegexShortcut/init(prepared:)`` (body regexes only).
  let shortcut: RegexShortcut?

  /// Analyses `source`, a body regex or (`body` false) a sender regex.
  init(_ source: String, body: Bool, weakGateLength: Int) {
    let prepared = RegexSource.prepare(source)
    let gate = body ? RegexLiterals.gate(in: prepared) : nil
    let shortest = gate?.flatMap { $0.flatMap { $0.map(\.utf8.count) } }.min() ?? 0
    self.init(
      prepared: prepared, compiledSource: RegexWordCharacters.rewrite(prepared), gate: gate,
      requiresDigit: body && RegexDigits.requiresDigit(prepared),
      factor: body && shortest <= weakGateLength ? .some(RegexFactors.factor(prepared)) : nil,
      shortcut: body ? RegexShortcut(prepared: prepared) : nil)
  }

  /// Findings as they were stored.
  init(
    prepared: String, compiledSource: String, gate: [[Set<String>]]?, requiresDigit: Bool,
    factor: RegexFactors.Factor??, shortcut: RegexShortcut?
  ) {
    self.prepared = prepared
    self.compiledSource = compiledSource
    self.gate = gate
    self.requiresDigit = requiresDigit
    self.factor = factor
    self.shortcut = shortcut
  }
}
