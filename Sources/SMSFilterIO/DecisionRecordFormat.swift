/// How decision records are written: the one home of `classify`'s (and `serve`'s) output format.
///
/// - `tsv`: `action<TAB>subAction<TAB>ruleId` (`-` when no rule matched). When a limit cut the
///   decision short, a fourth column says which: `limitExceeded` (a regex reached a PCRE2 limit
///   or the regex window), `budgetExhausted` (the message budget ran out), or
///   `limitExceeded,budgetExhausted`; a decision not cut short has no such column. With explain,
///   one more column (after the marker when there is one) lists each matching rule as
///   `RULE[start-end:text,…]` (`sender` for a sender match; tabs, newlines and spaces in the text
///   shown as `_`), rules separated by spaces (a `model:` span shows the probability as its text), then, with a
///   model, ` model[CLASS=P,…]` with the three most probable classes. An unreadable line is `error<TAB>none<TAB>CODE`.
/// - `jsonl`: `{"action":…,"subAction":…,"rule":…}` plus `droppedSubAction`, `limitExceeded`,
///   `budgetExhausted`, `label` when they apply, the input's `id` echoed, and with explain
///   `matches: [{rule, action, subAction, priority, spans: [{kind, start, end, text, pattern}]}]` and,
///   with a model, `model: {probabilities: {CLASS: P}, class, features: [{feature, weight}]}`.
///   An unreadable line is `{"error":CODE,"message":…}` (with the `id` when one was read).
public enum DecisionRecordFormat: String, CaseIterable, Sendable {
  /// Tab-separated values.
  case tsv
  /// JSON Lines.
  case jsonl
}
