import Hummingbird

/// Requires `Authorization: Bearer TOKEN` on every endpoint but `/healthz` and `/readyz`: 401
/// (with `WWW-Authenticate: Bearer`) when it is missing, 403 when it is wrong. The token is
/// compared in constant time, so the time taken says nothing about how much of it was right.
struct BearerTokenCheck<Context: RequestContext>: RouterMiddleware {
  /// The token's bytes.
  let token: [UInt8]

  /// Whether anyone may ask `path`: a load balancer's health checks carry no token (two string
  /// comparisons, not a set built for every request).
  static func isOpen(_ path: String) -> Bool { path == "/healthz" || path == "/readyz" }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if Self.isOpen(request.uri.path) { return try await next(request, context) }
    guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else {
      var response = ServerAnswer.error(
        401, code: "missing-token", message: "this server requires Authorization: Bearer TOKEN"
      ).response()
      response.headers[.wwwAuthenticate] = "Bearer"
      return response
    }
    guard Self.constantTimeEqual(Array(header.utf8.dropFirst(7)), token) else {
      return ServerAnswer.error(403, code: "wrong-token", message: "the bearer token is not this server's").response()
    }
    return try await next(request, context)
  }

  /// Whether `given` equals `expected`, looking at every byte of `given` whatever it holds (the
  /// time depends only on the lengths).
  static func constantTimeEqual(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
    var difference = UInt(bitPattern: given.count ^ expected.count)
    for (index, byte) in given.enumerated() {
      difference |= UInt(byte ^ (expected.isEmpty ? 0 : expected[index % expected.count]))
    }
    return difference == 0 && !expected.isEmpty
  }
}
