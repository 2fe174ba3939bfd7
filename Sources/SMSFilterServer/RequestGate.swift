import Hummingbird
import Synchronization

/// The outermost middleware: refuses a request over the concurrency limit with 429, counts the
/// requests in flight, and records every request's route, status and latency in the metrics.
struct RequestGate<Context: RequestContext>: RouterMiddleware {
  /// The most requests handled at once.
  let limit: Int
  /// Where requests are counted.
  let metrics: ServerMetrics
  /// Requests being handled now.
  let active: Active

  /// A counter shared by every copy of the middleware.
  final class Active: Sendable {
    /// The count.
    let count = Atomic<Int>(0)
    /// Starts at zero.
    init() {}
  }

  /// The routes metrics are labelled with; anything else is `other`, so that unknown paths
  /// cannot grow the metrics without bound.
  let routes: Set<String> = [
    "/v1/classify", "/v1/capabilities", "/v1/reload", "/healthz", "/readyz", "/metrics",
  ]

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let start = ContinuousClock.now
    let route = routes.contains(request.uri.path) ? request.uri.path : "other"
    let now = active.count.wrappingAdd(1, ordering: .relaxed).newValue
    defer { active.count.wrappingSubtract(1, ordering: .relaxed) }
    guard now <= limit else {
      let answer = ServerAnswer.error(
        429, code: "too-many-requests", message: "more than \(limit) requests at once; retry shortly")
      metrics.request(route: route, status: 429, duration: ContinuousClock.now - start)
      var response = answer.response()
      response.headers[.retryAfter] = "1"
      return response
    }
    metrics.inFlight(1)
    defer { metrics.inFlight(-1) }
    do {
      let response = try await next(request, context)
      metrics.request(route: route, status: Int(response.status.code), duration: ContinuousClock.now - start)
      return response
    } catch let error as any HTTPResponseError {
      metrics.request(route: route, status: Int(error.status.code), duration: ContinuousClock.now - start)
      throw error
    } catch {
      metrics.request(route: route, status: 500, duration: ContinuousClock.now - start)
      throw error
    }
  }
}
