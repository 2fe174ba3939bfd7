import Foundation
import Hummingbird
import HummingbirdTesting
import SMSFilter
import SMSFilterIO

@testable import SMSFilterServer

/// A server on an ephemeral loopback port, with small limits so the tests can reach them.
enum TestServer {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func configuration(token: String? = nil) -> ServerConfiguration {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configuration.maximumBodyBytes = 4_096
    configuration.maximumBatchMessages = 10
    configuration.requestTimeout = .milliseconds(500)
    configuration.token = token
    return configuration
  }

  /// The built-in classifier, loaded once for every test.
  static let builtIn: Classifier = {
    do { return try Classifier.builtIn() } catch { fatalError("the built-in rules do not load: \(error)") }
  }()

  /// Runs `body` against a live server built with `load`.
  static func withServer(
    token: String? = nil, load: @escaping @Sendable () throws -> Classifier = { builtIn },
    _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
  ) async throws {
    let server = try ClassificationServer(configuration: configuration(token: token), load: load)
    try await server.makeApplication().test(.live) { client in try await body(client) }
  }
}

extension TestClientProtocol {
  /// Sends `body` and returns the status code and the body as text.
  func send(
    _ method: HTTPRequest.Method, _ uri: String, body: String? = nil, token: String? = nil
  ) async throws -> (status: Int, body: String, headers: HTTPFields) {
    var headers: HTTPFields = [.contentType: "application/json"]
    if let token { headers[.authorization] = "Bearer \(token)" }
    let response = try await execute(
      uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    return (Int(response.status.code), String(buffer: response.body), response.headers)
  }
}

/// What `classify --output jsonl` writes for a JSON Lines record (LineClassifier's path).
func classifyRecord(_ line: String, classifier: Classifier) -> String {
  guard case .success(let record) = MessageRecordReader.parse(Array(line.utf8)), let body = record.body else {
    return "unreadable"
  }
  var output: [UInt8] = []
  let query = MessageQuery(sender: record.sender, messageBody: body, receiverISOCountryCode: record.country)
  DecisionRecordEncoder(format: .jsonl).append(classifier.classify(query), rawID: record.rawID, into: &output)
  return String(decoding: output, as: UTF8.self)
}
