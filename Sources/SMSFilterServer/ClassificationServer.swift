import Hummingbird
import Logging
import SMSFilter
import SMSFilterIO
import ServiceLifecycle
import Synchronization

/// `smsfilter serve`: the classifier over HTTP, for SMS gateways.
///
/// Endpoints (see `openapi.yaml` at the repository's root): `POST /v1/classify` (one message
/// or `{"messages":[…]}`, answered with `classify --output jsonl`'s records; `?explain=true`
/// adds the matches), `GET /v1/capabilities`, `POST /v1/reload`, `GET /healthz`, `GET /readyz`
/// and `GET /metrics` (Prometheus). The rules, model and directories are loaded again,
/// atomically, on `POST /v1/reload` and on SIGHUP; SIGTERM and SIGINT stop it gracefully, letting
/// requests in flight finish.
///
/// ```swift
/// let server = try ClassificationServer(configuration: ServerConfiguration(), load: { try Classifier.builtIn() })
/// try await server.run()
/// ```
public final class ClassificationServer: Sendable {
  /// The address, limits and token.
  public let configuration: ServerConfiguration
  private let logger: Logger
  private let metrics = ServerMetrics()
  private let reloader: RuleReloader
  private let endpoint: ClassifyEndpoint
  /// Set once graceful shutdown begins: `/readyz` then answers 503.
  private let draining = Atomic<Bool>(false)

  /// Loads the first rule set with `load` (which a reload calls again); throws a
  /// ``ServerError`` if it fails or the configuration is unusable.
  ///
  /// - Parameters:
  ///   - configuration: the address, limits and token.
  ///   - load: builds the classifier from the rules, model and directories.
  ///   - logger: where the server logs (start, reloads, failures, shutdown).
  public init(
    configuration: ServerConfiguration, load: @escaping @Sendable () throws -> Classifier,
    logger: Logger = Logger(label: "smsfilter.serve")
  ) throws {
    for (name, value) in [
      ("maximum body size", configuration.maximumBodyBytes), ("maximum batch", configuration.maximumBatchMessages),
      ("maximum concurrent requests", configuration.maximumConcurrentRequests),
    ] where value < 1 {
      throw ServerError(.configuration, "the \(name) must be at least 1, not \(value)")
    }
    if let token = configuration.token, token.isEmpty {
      throw ServerError(.configuration, "the bearer token is empty")
    }
    self.configuration = configuration
    self.logger = logger
    self.endpoint = ClassifyEndpoint(maximumBatchMessages: configuration.maximumBatchMessages)
    do {
      reloader = try RuleReloader(load: load, metrics: metrics, logger: logger)
    } catch {
      throw ServerError(.load, "\(error)")
    }
  }

  /// Runs until SIGTERM or SIGINT, then stops accepting connections and lets requests in
  /// flight finish.
  public func run() async throws {
    // Graceful shutdown goes through services in reverse order: the SIGHUP service first (it
    // marks the server as draining, so /readyz answers 503 at once), then the application,
    // which stops accepting connections and waits for the requests in flight.
    let group = ServiceGroup(
      configuration: .init(
        services: [makeApplication(), HangUpReload(server: self)], gracefulShutdownSignals: [.sigterm, .sigint],
        logger: logger))
    try await group.run()
  }

  /// The Hummingbird application: routes and middleware (``run()`` adds the SIGHUP service).
  /// `onRunning` is told the port once it listens (for `--port 0`).
  public func makeApplication(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol
  {
    let router = Router(context: BasicRequestContext.self)
    router.add(
      middleware: RequestGate(
        limit: configuration.maximumConcurrentRequests, metrics: metrics, active: .init()))
    if let token = configuration.token { router.add(middleware: BearerTokenCheck(token: Array(token.utf8))) }
    addRoutes(to: router)
    let logger = self.logger
    let host = configuration.host
    return Application(
      router: router,
      configuration: .init(address: .hostname(host, port: configuration.port), serverName: "smsfilter"),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? 0
        logger.notice("listening", metadata: ["host": "\(host)", "port": "\(port)"])
        await onRunning(port)
      },
      logger: logger)
  }

  private func addRoutes(to router: Router<BasicRequestContext>) {
    router.post("/v1/classify") { request, context in
      try await self.classify(request, context: context)
    }
    router.get("/v1/capabilities") { _, _ in
      ServerAnswer(
        status: 200, body: Array((CapabilitiesRecord.json(self.reloader.current.classifier.capabilities) + "\n").utf8)
      ).response()
    }
    router.post("/v1/reload") { _, _ in
      await self.reload().response()
    }
    router.get("/healthz") { _, _ in
      ServerAnswer(status: 200, body: Array("{\"status\":\"ok\"}\n".utf8)).response()
    }
    router.get("/readyz") { _, _ in
      let generation = self.reloader.current
      if self.draining.load(ordering: .relaxed) {
        return ServerAnswer.error(503, code: "draining", message: "shutting down").response()
      }
      return ServerAnswer(
        status: 200, body: Array("{\"status\":\"ready\",\"version\":\(generation.version)}\n".utf8)
      ).response()
    }
    router.get("/metrics") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: self.metrics.render())))
    }
  }

  /// Reads the body (within the size and time limits) and classifies it.
  private func classify(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let limit = configuration.maximumBodyBytes
    if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
      return Self.tooLarge(limit).response()
    }
    let body: ByteBuffer
    do {
      body = try await BodyReader.collect(request.body, upTo: limit, within: configuration.requestTimeout)
    } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
      return Self.tooLarge(limit).response()
    } catch is BodyReader.TimedOut {
      return ServerAnswer.error(
        408, code: "request-timeout", message: "the request body did not arrive within \(configuration.requestTimeout)"
      ).response()
    }
    let explain = request.uri.queryParameters["explain"].map { $0 == "true" || $0 == "1" } ?? false
    let generation = reloader.current
    let answer = body.withUnsafeReadableBytes { raw in
      endpoint.answer(
        raw.bindMemory(to: UInt8.self), explain: explain, generation: generation, metrics: metrics)
    }
    return answer.response()
  }

  private static func tooLarge(_ limit: Int) -> ServerAnswer {
    .error(413, code: "body-too-large", message: "the request body is larger than \(limit) bytes")
  }

  /// Reloads and describes the outcome: 200 with the new version, or 500 with the reason and
  /// the version still in force.
  func reload() async -> ServerAnswer {
    switch await reloader.reload() {
    case .reloaded(let version, let rules):
      return ServerAnswer(
        status: 200, body: Array("{\"status\":\"reloaded\",\"version\":\(version),\"rules\":\(rules)}\n".utf8))
    case .failed(let message, let version):
      var body: [UInt8] = Array("{\"error\":\"reload-failed\",\"message\":".utf8)
      JSONString.append(message, to: &body)
      body.append(contentsOf: ",\"version\":\(version)}\n".utf8)
      return ServerAnswer(status: 500, body: body)
    }
  }

  /// Marks the server as draining (graceful shutdown has begun).
  func beginDraining() {
    draining.store(true, ordering: .relaxed)
    logger.notice("shutting down: requests in flight finish, new connections are refused")
  }
}
