import Foundation
import Hummingbird
import SMSFilter
import Testing
import Yams

@testable import SMSFilterServer

/// `openapi.yaml` against the running server: every route is documented and every documented
/// path is served; each request below gets a status the document lists for it, with a body that
/// has the documented schema's required fields, types and enumerated values.
@Suite struct OpenAPIConformanceTests {
  /// The document, parsed.
  static func document() throws -> [String: Any] {
    let text = try String(contentsOf: TestServer.root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
    return try #require(try Yams.load(yaml: text) as? [String: Any])
  }

  /// A schema with its `$ref` followed.
  static func resolve(_ schema: Any?, in document: [String: Any]) -> [String: Any] {
    var node = schema as? [String: Any] ?? [:]
    while let reference = node["$ref"] as? String {
      var target: Any? = document
      for part in reference.dropFirst(2).split(separator: "/") { target = (target as? [String: Any])?[String(part)] }
      node = target as? [String: Any] ?? [:]
    }
    return node
  }

  /// Why `value` does not fit `schema`, or nil when it does.
  static func mismatch(_ value: Any, _ schema: Any?, in document: [String: Any], at path: String) -> String? {
    let schema = resolve(schema, in: document)
    if let options = schema["oneOf"] as? [Any] {
      let failures = options.compactMap { mismatch(value, $0, in: document, at: path) }
      return failures.count == options.count - 1
        ? nil : "\(path): fits \(options.count - failures.count) of oneOf (\(failures.joined(separator: "; ")))"
    }
    if value is NSNull { return schema["nullable"] as? Bool == true ? nil : "\(path): null" }
    switch schema["type"] as? String {
    case "object":
      guard let object = value as? [String: Any] else { return "\(path): not an object" }
      for key in schema["required"] as? [String] ?? [] where object[key] == nil { return "\(path).\(key): missing" }
      let properties = schema["properties"] as? [String: Any]
      for (key, child) in object {
        // Keys the schema does not name are refused, unless it gives a schema for any key.
        guard let property = properties?[key] ?? schema["additionalProperties"] else {
          return "\(path).\(key): not documented"
        }
        if let problem = mismatch(child, property, in: document, at: "\(path).\(key)") { return problem }
      }
    case "array":
      guard let array = value as? [Any] else { return "\(path): not an array" }
      for (index, item) in array.enumerated() {
        if let problem = mismatch(item, schema["items"], in: document, at: "\(path)[\(index)]") { return problem }
      }
    case "string":
      guard let string = value as? String else { return "\(path): not a string" }
      if let values = schema["enum"] as? [Any], !values.contains(where: { "\($0)" == string }) {
        return "\(path): \(string) is not one of \(values)"
      }
    case "integer":
      guard let number = value as? NSNumber, number.doubleValue == number.doubleValue.rounded() else {
        return "\(path): not an integer"
      }
    case "number":
      guard value is NSNumber || value is Double else { return "\(path): not a number" }
    case "boolean":
      guard value is Bool else { return "\(path): not a boolean" }
    default: break
    }
    return nil
  }

  /// Checks one answer against the operation's documented responses.
  static func check(
    _ method: String, _ path: String, status: Int, body: String, contentType: String?, document: [String: Any]
  ) {
    let paths = document["paths"] as? [String: Any]
    let operation = (paths?[path] as? [String: Any])?[method] as? [String: Any]
    guard let responses = operation?["responses"] as? [String: Any] else {
      Issue.record("\(method) \(path) is not documented")
      return
    }
    guard let documented = responses["\(status)"] else {
      Issue.record("\(method) \(path) answered \(status), which is not documented")
      return
    }
    let response = resolve(documented, in: document)
    let content = response["content"] as? [String: Any] ?? [:]
    if let json = content["application/json"] as? [String: Any] {
      #expect(contentType == "application/json", "\(method) \(path) \(status)")
      guard let value = try? JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed]) else {
        Issue.record("\(method) \(path) \(status): not JSON: \(body)")
        return
      }
      if let problem = mismatch(value, json["schema"], in: document, at: "\(method) \(path) \(status)") {
        Issue.record("\(problem): \(body)")
      }
    } else if content["text/plain"] != nil {
      #expect(contentType?.hasPrefix("text/plain") == true, "\(method) \(path) \(status)")
    }
  }

  @Test func theDocumentAndTheServerAgree() async throws {
    let document = try Self.document()
    let paths = try #require(document["paths"] as? [String: Any])
    let served = RequestGate<BasicRequestContext>(limit: 1, metrics: ServerMetrics(), active: .init()).routes
    #expect(Set(paths.keys) == served)
    let operation = try #require((paths["/v1/classify"] as? [String: Any])?["post"] as? [String: Any])
    let examples = try #require(
      ((((operation["requestBody"] as? [String: Any])?["content"] as? [String: Any])?["application/json"]
        as? [String: Any])?["examples"] as? [String: Any]))
    var requests: [(method: String, path: String, body: String?, token: String?, status: Int)] = []
    for (_, example) in examples.sorted(by: { $0.key < $1.key }) {
      let value = try #require((example as? [String: Any])?["value"])
      let body = String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self)
      requests.append(("post", "/v1/classify", body, "t0ken", 200))
      requests.append(("post", "/v1/classify?explain=true", body, "t0ken", 200))
    }
    requests += [
      ("post", "/v1/classify", #"{"messages":[{"sender":"x"}]}"#, "t0ken", 400),
      ("post", "/v1/classify", #"{"body":""# + String(repeating: "y", count: 5_000) + #""}"#, "t0ken", 413),
      ("post", "/v1/classify", #"{"body":"x"}"#, nil, 401),
      ("post", "/v1/classify", #"{"body":"x"}"#, "wrong", 403),
      ("get", "/v1/capabilities", nil, "t0ken", 200),
      ("post", "/v1/reload", nil, "t0ken", 200),
      ("get", "/healthz", nil, nil, 200),
      ("get", "/readyz", nil, nil, 200),
      ("get", "/metrics", nil, "t0ken", 200),
      ("get", "/metrics", nil, nil, 401),
    ]
    let all = requests
    let answers = Locked<[(status: Int, body: String, contentType: String?)]>([])
    try await TestServer.withServer(token: "t0ken") { client in
      for request in all {
        let method: HTTPRequest.Method = request.method == "get" ? .get : .post
        let answer = try await client.send(method, request.path, body: request.body, token: request.token)
        answers.withLock { $0.append((answer.status, answer.body, answer.headers[.contentType])) }
      }
    }
    for (request, answer) in zip(all, answers.withLock { $0 }) {
      #expect(answer.status == request.status, "\(request.method) \(request.path): \(answer.body)")
      let path = String(request.path.prefix { $0 != "?" })
      Self.check(
        request.method, path, status: answer.status, body: answer.body, contentType: answer.contentType,
        document: document)
    }
    #expect(answers.withLock { $0.count } == all.count)
  }
}
