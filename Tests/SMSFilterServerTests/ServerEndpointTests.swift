import Foundation
import Hummingbird
import SMSFilter
import Testing

@testable import SMSFilterServer

/// The endpoints over a live loopback connection: answers, limits, token, reload and metrics.
@Suite struct ServerEndpointTests {
  @Test func singleAndBatchAnswersAreClassifyRecords() async throws {
    let messages = [
      #"{"sender":"VM-HDFCBK","body":"Rs 2,500.00 debited from A/c XX1234 on 12-03","id":7}"#,
      #"{"body":"see you at 6?","id":"a"}"#,
      #"{"sender":"AD-SHOPCO","body":"50% off everything today only, shop now http://sh.op/x"}"#,
    ]
    let expected = messages.map { classifyRecord($0, classifier: TestServer.builtIn) }
    try await TestServer.withServer { client in
      for (message, record) in zip(messages, expected) {
        let answer = try await client.send(.post, "/v1/classify", body: message)
        #expect(answer.status == 200)
        #expect(answer.body == record)
      }
      let batch = try await client.send(
        .post, "/v1/classify", body: "{\"messages\":[\(messages.joined(separator: ","))]}")
      #expect(batch.status == 200)
      let joined = expected.map { $0.dropLast() }.joined(separator: ",")
      #expect(batch.body == "{\"results\":[\(joined)]}\n")
      let explained = try await client.send(.post, "/v1/classify?explain=true", body: messages[0])
      #expect(explained.body.contains("\"matches\":[{\"rule\":\"FIN_ACCOUNT_MOVEMENT\""))
    }
  }

  @Test func limitsAndBadRequestsGetTheirStatus() async throws {
    try await TestServer.withServer { client in
      let big = "{\"body\":\"" + String(repeating: "x", count: 5_000) + "\"}"
      let tooLarge = try await client.send(.post, "/v1/classify", body: big)
      #expect(tooLarge.status == 413 && tooLarge.body.contains("\"body-too-large\""))
      let eleven = "{\"messages\":[" + Array(repeating: #"{"body":"x"}"#, count: 11).joined(separator: ",") + "]}"
      let batch = try await client.send(.post, "/v1/classify", body: eleven)
      #expect(batch.status == 413 && batch.body.contains("at most 10 messages; this one holds more"))
      // Refused at the eleventh message: what follows it is never read.
      let tenAndGarbage =
        "{\"messages\":[" + Array(repeating: #"{"body":"x"}"#, count: 10).joined(separator: ",") + ",garbage"
      let early = try await client.send(.post, "/v1/classify", body: tenAndGarbage)
      #expect(early.status == 413 && early.body.contains("\"batch-too-large\""))
      let malformed = try await client.send(.post, "/v1/classify", body: #"{"messages":[{"body":"a"},{"sender":"b"}]}"#)
      #expect(malformed.status == 400)
      #expect(malformed.body.contains(#"messages[1]: no \"body\" field"#))
      let notJSON = try await client.send(.post, "/v1/classify", body: "body=hello")
      #expect(notJSON.status == 400 && notJSON.body.contains("expected a JSON object"))
      let unknown = try await client.send(.get, "/v2/nothing")
      #expect(unknown.status == 404)
    }
  }

  @Test func theTokenGuardsAllButHealth() async throws {
    try await TestServer.withServer(token: "s3cret-token") { client in
      let missing = try await client.send(.post, "/v1/classify", body: #"{"body":"hi"}"#)
      #expect(missing.status == 401 && missing.headers[.wwwAuthenticate] == "Bearer")
      let wrong = try await client.send(.post, "/v1/classify", body: #"{"body":"hi"}"#, token: "s3cret-tokem")
      #expect(wrong.status == 403)
      let longer = try await client.send(.get, "/metrics", token: "s3cret-token" + "s3cret-token")
      #expect(longer.status == 403)
      let right = try await client.send(.post, "/v1/classify", body: #"{"body":"hi"}"#, token: "s3cret-token")
      #expect(right.status == 200)
      #expect(try await client.send(.get, "/healthz").status == 200)
      #expect(try await client.send(.get, "/readyz").status == 200)
      #expect(try await client.send(.get, "/metrics").status == 401)
    }
  }

  @Test func aFailedReloadKeepsTheRulesInForce() async throws {
    let loads = Locked(0)
    let onlyTheFirstLoads: @Sendable () throws -> Classifier = {
      let count = loads.withLock { count -> Int in
        count += 1
        return count
      }
      if count == 2 { throw ServerError(.load, "rules/broken.yaml:3:5: rule X: regex: missing )") }
      return TestServer.builtIn
    }
    try await TestServer.withServer(load: onlyTheFirstLoads) { client in
      let failed = try await client.send(.post, "/v1/reload")
      #expect(failed.status == 500)
      #expect(failed.body.contains("rules/broken.yaml:3:5") && failed.body.contains("\"version\":1"))
      let still = try await client.send(.post, "/v1/classify", body: #"{"body":"see you at 6?"}"#)
      #expect(still.status == 200)
      let reloaded = try await client.send(.post, "/v1/reload")
      #expect(reloaded.status == 200 && reloaded.body.hasPrefix(#"{"status":"reloaded","version":2,"rules":"#))
      #expect(try await client.send(.get, "/readyz").body.contains("\"version\":2"))
      let metrics = try await client.send(.get, "/metrics").body
      #expect(metrics.contains(#"smsfilter_reloads_total{result="failed"} 1"#))
      #expect(metrics.contains(#"smsfilter_reloads_total{result="ok"} 1"#))
      #expect(metrics.contains("smsfilter_ruleset_version 2"))
    }
  }

  @Test func metricsCountRequestsDecisionsAndRules() async throws {
    try await TestServer.withServer { client in
      _ = try await client.send(
        .post, "/v1/classify",
        body:
          #"{"messages":[{"sender":"VM-HDFCBK","body":"Rs 2,500.00 debited from A/c XX1234 on 12-03"},{"body":"x"}]}"#)
      _ = try await client.send(.post, "/v1/classify", body: "nope")
      let metrics = try await client.send(.get, "/metrics").body
      #expect(metrics.contains(#"smsfilter_http_requests_total{route="/v1/classify",status="200"} 1"#))
      #expect(metrics.contains(#"smsfilter_http_requests_total{route="/v1/classify",status="400"} 1"#))
      #expect(metrics.contains("smsfilter_messages_total 2"))
      #expect(metrics.contains(#"smsfilter_decisions_total{action="transaction",subAction="transactionalFinance"} 1"#))
      #expect(metrics.contains(#"smsfilter_rule_hits_total{rule="FIN_ACCOUNT_MOVEMENT"} 1"#))
      #expect(metrics.contains("smsfilter_http_request_duration_seconds_bucket{route=\"/v1/classify\""))
      #expect(metrics.contains("smsfilter_budget_cutoffs_total"))
    }
  }

  @Test func tokensCompareInFullWhateverTheirLength() {
    let check = BearerTokenCheck<BasicRequestContext>.constantTimeEqual
    let token = Array("abc".utf8)
    #expect(check(Array("abc".utf8), token))
    #expect(!check(Array("abd".utf8), token))
    #expect(!check(Array("ab".utf8), token))
    #expect(!check(Array(String(repeating: "abc", count: 86).utf8) + Array("a".utf8), token))  // 259 bytes
    #expect(!check([], token))
  }
}
