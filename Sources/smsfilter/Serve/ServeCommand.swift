import ArgumentParser
import Dispatch
import Foundation
import Logging
import SMSFilter
import SMSFilterIO
import SMSFilterServer

/// `smsfilter serve`: the classifier over HTTP (``ClassificationServer``), with the rule options
/// of the other commands.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the classifier over HTTP for SMS gateways.",
    discussion: """
      POST /v1/classify takes one message {"sender","body","receiverISOCountryCode","id"} or a \
      batch {"messages":[...]} and answers with the records `classify --output jsonl` writes \
      (?explain=true adds the matches). Also GET /v1/capabilities, POST /v1/reload, GET /healthz, \
      GET /readyz and GET /metrics (Prometheus). SIGHUP reloads the rules, model and directories; \
      a reload that fails keeps the rules in force. SIGTERM or SIGINT stops accepting \
      connections and lets requests in flight finish. The API: openapi.yaml.

      Examples:
        smsfilter serve
        smsfilter serve --host 0.0.0.0 --port 8080 --token-file /etc/smsfilter/token
        curl -s localhost:8080/v1/classify -d '{"body":"Your OTP is 482913"}'
      """)

  @OptionGroup var rules: RuleOptions

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(help: "The TCP port (0: any free port, logged once listening).")
  var port = 8080

  @Option(help: ArgumentHelp("A file holding the bearer token every endpoint but health requires.", valueName: "file"))
  var tokenFile: String?

  @Option(help: "The largest request body, in bytes (larger: 413).")
  var maxBodyBytes = 1 << 20

  @Option(help: "The most messages in one batch (more: 413).")
  var maxBatch = 1_000

  @Option(help: "Seconds a request body may take to arrive (slower: 408).")
  var requestTimeout = 10.0

  @Option(help: "The most requests handled at once (more: 429).")
  var maxConcurrentRequests = 1_024

  @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
  var logLevel = "info"

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    guard requestTimeout > 0 else { throw ValidationError("--request-timeout must be more than 0 seconds") }
    guard Logger.Level(rawValue: logLevel) != nil else {
      throw ValidationError("--log-level: unknown level \(logLevel)")
    }
  }

  func run() throws {
    // First, while no task has started: requests are then classified on the event loop that
    // read them (see ClassificationServer.runConcurrencyOnEventLoops).
    ClassificationServer.runConcurrencyOnEventLoops()
    try reportingFailures {
      var configuration = ServerConfiguration()
      configuration.host = host
      configuration.port = port
      configuration.maximumBodyBytes = maxBodyBytes
      configuration.maximumBatchMessages = maxBatch
      configuration.maximumConcurrentRequests = maxConcurrentRequests
      configuration.requestTimeout = .milliseconds(Int64((requestTimeout * 1000).rounded()))
      configuration.token = try tokenFile.map(Self.readToken)
      let level = Logger.Level(rawValue: logLevel) ?? .info
      LoggingSystem.bootstrap { label in
        var handler = JSONLogHandler(label: label)
        handler.logLevel = level
        return handler
      }
      let rules = self.rules
      let server: ClassificationServer
      do {
        server = try ClassificationServer(
          configuration: configuration,
          load: {
            do {
              return try rules.makeClassifier()
            } catch let failure as CommandFailure {
              throw ServerError(.load, failure.message)
            }
          })
      } catch let error as ServerError {
        throw CommandFailure(message: error.message, status: 2)
      }
      // The command line is synchronous; the server runs on Swift concurrency's threads while
      // this thread waits for it to stop.
      let stopped = DispatchSemaphore(value: 0)
      let failure = Locked<String?>(nil)
      Task.detached {
        do {
          try await server.run()
        } catch {
          failure.withLock { $0 = "\(error)" }
        }
        stopped.signal()
      }
      stopped.wait()
      if let message = failure.withLock({ $0 }) {
        throw CommandFailure(message: "serve: \(message)", status: 1)
      }
    }
  }

  /// The token in `path`, without surrounding whitespace; an empty or unreadable file is refused.
  static func readToken(_ path: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
      throw CommandFailure(message: "--token-file: cannot read \(path)", status: 2)
    }
    let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !token.isEmpty else { throw CommandFailure(message: "--token-file: \(path) is empty", status: 2) }
    return token
  }
}
