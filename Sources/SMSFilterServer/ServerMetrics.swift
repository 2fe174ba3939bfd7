import Prometheus
import SMSFilter

/// The server's Prometheus metrics: requests by route and status, decisions by action and
/// sub-action, the rule that decided, budget cut-offs, request latency, and the rule set in
/// force. ``render()`` gives the text format `/metrics` serves.
final class ServerMetrics: Sendable {
  /// The registry every metric is in.
  let registry = PrometheusCollectorRegistry()
  /// Decision counters, keyed by ``decisionKey(_:_:)``, made for every pair up front so that
  /// counting a decision takes no lock.
  private let decisionCounters: [Int: Counter]
  private let messages: Counter
  private let limitExceeded: Counter
  private let budgetExhausted: Counter
  private let reloadsSucceeded: Counter
  private let reloadsFailed: Counter
  private let ruleSetVersion: Gauge
  private let ruleSetRules: Gauge
  private let ruleSetLoaded: Gauge
  private let inFlight: Gauge
  /// Counters of the rules that decided, by rule id, for the rule sets loaded so far.
  private let ruleHits = Locked<[String: Counter]>([:])
  /// The request counters (by "STATUS ROUTE") and latency histograms (by route) made so far:
  /// a dictionary look-up per request instead of the registry's label matching.
  private let requestMetrics = Locked<(counters: [String: Counter], histograms: [String: DurationHistogram])>(
    ([:], [:]))
  /// Latency buckets: 50 µs to 2.5 s.
  static let latencyBuckets: [Duration] = [
    .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
    .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
    .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5),
  ]

  /// A registry with every fixed metric in it.
  init() {
    var decisions: [Int: Counter] = [:]
    for action in Action.allCases {
      for subAction in SubAction.allCases {
        decisions[Self.decisionKey(action, subAction)] = registry.makeCounter(
          descriptor: .init(metricName: "smsfilter_decisions_total", helpText: "Decisions by action and sub-action."),
          labels: [("action", action.name), ("subAction", subAction.name)])
      }
    }
    self.decisionCounters = decisions
    messages = registry.makeCounter(
      descriptor: .init(metricName: "smsfilter_messages_total", helpText: "Messages classified."))
    let cutOffs = MetricNameDescriptor(
      metricName: "smsfilter_budget_cutoffs_total", helpText: "Messages whose matching a work budget cut short.")
    limitExceeded = registry.makeCounter(descriptor: cutOffs, labels: [("kind", "limitExceeded")])
    budgetExhausted = registry.makeCounter(descriptor: cutOffs, labels: [("kind", "budgetExhausted")])
    let reloads = MetricNameDescriptor(metricName: "smsfilter_reloads_total", helpText: "Reloads by result.")
    reloadsSucceeded = registry.makeCounter(descriptor: reloads, labels: [("result", "ok")])
    reloadsFailed = registry.makeCounter(descriptor: reloads, labels: [("result", "failed")])
    ruleSetVersion = registry.makeGauge(
      descriptor: .init(
        metricName: "smsfilter_ruleset_version", helpText: "The rule set in force: 1 at start, +1 per reload."))
    ruleSetRules = registry.makeGauge(
      descriptor: .init(metricName: "smsfilter_ruleset_rules", helpText: "Rules in the rule set in force."))
    ruleSetLoaded = registry.makeGauge(
      descriptor: .init(
        metricName: "smsfilter_ruleset_loaded_timestamp_seconds", helpText: "When the rule set in force was loaded."))
    inFlight = registry.makeGauge(
      descriptor: .init(metricName: "smsfilter_http_requests_in_flight", helpText: "Requests being handled."))
  }

  /// The key of an action and sub-action pair in ``decisionCounters`` and ``DecisionTally``.
  static func decisionKey(_ action: Action, _ subAction: SubAction) -> Int {
    action.rawValue * 100_000 + subAction.rawValue
  }

  /// Publishes a request's decisions, counted in `tally`: their actions and sub-actions, the
  /// rules that decided, and any budget cut-offs (one lock for the whole request, one counter
  /// update per distinct decision and rule).
  func publish(_ tally: DecisionTally) {
    guard tally.messages > 0 else { return }
    for (key, count) in tally.byDecision { decisionCounters[key]?.increment(by: Int64(count)) }
    if tally.limitExceeded > 0 { limitExceeded.increment(by: Int64(tally.limitExceeded)) }
    if tally.budgetExhausted > 0 { budgetExhausted.increment(by: Int64(tally.budgetExhausted)) }
    messages.increment(by: Int64(tally.messages))
    let counters = ruleHits.withLock { hits in
      tally.byRule.map { rule, count in
        let counter =
          hits[rule]
          ?? registry.makeCounter(
            descriptor: .init(
              metricName: "smsfilter_rule_hits_total", helpText: "Decisions by the rule that decided (- for none)."),
            labels: [("rule", rule)])
        hits[rule] = counter
        return (counter, count)
      }
    }
    for (counter, count) in counters { counter.increment(by: Int64(count)) }
  }

  /// Records a finished request: its route, status and time taken.
  func request(route: String, status: Int, duration: Duration) {
    let (counter, histogram) = requestMetrics.withLock { known in
      if let found = known.counters["\(status) \(route)"], let histogram = known.histograms[route] {
        return (found, histogram)
      }
      let counter = registry.makeCounter(
        descriptor: .init(metricName: "smsfilter_http_requests_total", helpText: "HTTP requests by route and status."),
        labels: [("route", route), ("status", "\(status)")])
      let histogram = registry.makeDurationHistogram(
        descriptor: .init(
          metricName: "smsfilter_http_request_duration_seconds", helpText: "Time to answer a request, by route."),
        labels: [("route", route)], buckets: Self.latencyBuckets)
      known.counters["\(status) \(route)"] = counter
      known.histograms[route] = histogram
      return (counter, histogram)
    }
    counter.increment()
    histogram.record(duration)
  }

  /// Adds `delta` (+1 or -1) to the requests in flight.
  func inFlight(_ delta: Int) {
    if delta > 0 { inFlight.increment(by: Double(delta)) } else { inFlight.decrement(by: Double(-delta)) }
  }

  /// Records the generation now in force.
  func ruleSetLoaded(_ generation: RuleGeneration) {
    ruleSetVersion.set(Double(generation.version))
    ruleSetRules.set(Double(generation.ruleCount))
    ruleSetLoaded.set(generation.loadedAt.timeIntervalSince1970)
  }

  /// Counts a reload.
  func reloads(succeeded: Bool) {
    (succeeded ? reloadsSucceeded : reloadsFailed).increment()
  }

  /// The metrics in Prometheus text format.
  func render() -> [UInt8] { registry.emitToBuffer() }
}
