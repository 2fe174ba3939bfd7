import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `smsfilter serve` as a gateway runs it: the binary on an ephemeral loopback port.
@Suite(.serialized) struct ServeCLITests {
  /// A running `smsfilter serve --port 0`, stopped with SIGTERM when done.
  final class Server {
    let process = Process()
    let port: Int
    let errorFile: URL

    init(_ arguments: [String] = []) throws {
      errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("smsfilter-serve-\(UUID()).log")
      _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
      process.executableURL = CLI.binary
      process.arguments = ["serve", "--port", "0"] + arguments
      process.standardError = try FileHandle(forWritingTo: errorFile)
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      // The JSON log says the port once it listens.
      var found: Int?
      for _ in 0..<300 where found == nil {
        let log = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        if let line = log.split(separator: "\n").first(where: { $0.contains("\"message\":\"listening\"") }),
          let range = line.range(of: #""port":""#)
        {
          found = Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        if found == nil { usleep(20_000) }
      }
      port = try #require(found, "the server did not say it was listening")
    }

    var log: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    func post(_ path: String, _ body: String) async throws -> (Int, String) {
      var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
      request.httpMethod = "POST"
      request.httpBody = Data(body.utf8)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      let (data, response) = try await URLSession.shared.data(for: request)
      return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    func stop() -> Int32 {
      if process.isRunning { kill(process.processIdentifier, SIGTERM) }
      process.waitUntilExit()
      try? FileManager.default.removeItem(at: errorFile)
      return process.terminationStatus
    }
  }

  /// A raw HTTP/1.1 connection, for requests sent in pieces.
  final class Connection {
    let socket: Int32

    init(port: Int) throws {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = in_port_t(UInt16(port).bigEndian)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      try #require(connected == 0)
    }

    deinit { close(socket) }

    func send(_ text: String) {
      let bytes = Array(text.utf8)
      _ = bytes.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
    }

    /// What arrives until `suffix` ends it, the connection closes, or 5 s pass without a byte.
    func receive(until suffix: String) -> String {
      var response: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while !String(decoding: response, as: UTF8.self).hasSuffix(suffix) {
        var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 5_000) == 1 else { break }
        let count = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        response += buffer[..<count]
      }
      return String(decoding: response, as: UTF8.self)
    }
  }

  @Test func aStalledBodyTimesOutAndHoldsTheOnlySlotMeanwhile() async throws {
    let server = try Server(["--max-concurrent-requests", "1", "--request-timeout", "0.5"])
    defer { #expect(server.stop() == 0) }
    let connection = try Connection(port: server.port)
    connection.send("POST /v1/classify HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\n\r\n{\"body\":")
    usleep(100_000)
    let (status, body) = try await server.post("/v1/classify", #"{"body":"hi"}"#)
    #expect(status == 429 && body.contains("\"too-many-requests\""))
    let stalled = connection.receive(until: "}\n")
    #expect(stalled.hasPrefix("HTTP/1.1 408"), "\(stalled)")
    #expect(stalled.contains("\"request-timeout\""))
    let (after, _) = try await server.post("/v1/classify", #"{"body":"hi"}"#)
    #expect(after == 200)
  }

  /// Every message of the project's own corpus (never an external one), as JSON Lines.
  static func corpusLines() throws -> [String] {
    let corpus = CLI.root.appendingPathComponent("corpus")
    let files = try #require(FileManager.default.enumerator(atPath: corpus.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".jsonl") }.sorted()
    return try files.flatMap { file in
      try String(contentsOf: corpus.appendingPathComponent(file), encoding: .utf8).split(separator: "\n").map(
        String.init)
    }
  }

  /// Both places requests can be classified (`--executor`) give `classify`'s decisions.
  @Test(arguments: ["thread-pool", "event-loops"])
  func servedDecisionsAreClassifysOverTheCorpus(executor: String) async throws {
    let lines = try Self.corpusLines()
    #expect(lines.count > 1_000)
    let classified = try CLI.run(
      ["classify", "--input", "jsonl", "--output", "jsonl"], input: Data(lines.joined(separator: "\n").utf8))
    #expect(classified.status == 0)
    let expected = classified.lines.map(String.init)
    #expect(expected.count == lines.count)
    let server = try Server(["--executor", executor])
    defer { #expect(server.stop() == 0) }
    var batched: [String] = []
    for start in stride(from: 0, to: lines.count, by: 100) {
      let chunk = lines[start..<min(start + 100, lines.count)]
      let (status, body) = try await server.post("/v1/classify", "{\"messages\":[\(chunk.joined(separator: ","))]}")
      #expect(status == 200)
      batched.append(String(body.dropFirst(#"{"results":["#.count).dropLast(3)))
    }
    #expect(batched.joined(separator: ",") == expected.joined(separator: ","))
    // One message per request: every 7th, to keep the test quick.
    for index in stride(from: 0, to: lines.count, by: 7) {
      let (status, body) = try await server.post("/v1/classify", lines[index])
      #expect(status == 200)
      #expect(body == expected[index] + "\n", "line \(index + 1)")
    }
  }

  @Test(arguments: ["thread-pool", "event-loops"])
  func sigtermLetsARequestInFlightFinish(executor: String) throws {
    let server = try Server(["--executor", executor])
    let connection = try Connection(port: server.port)
    func send(_ text: String) { connection.send(text) }
    let body = #"{"sender":"VM-HDFCBK","body":"Rs 2,500.00 debited from A/c XX1234 on 12-03","id":1}"#
    let half = body.utf8.count / 2
    // The request has begun (headers and half its body) when SIGTERM arrives.
    send(
      "POST /v1/classify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
    )
    send(String(body.prefix(half)))
    usleep(200_000)
    kill(server.process.processIdentifier, SIGTERM)
    usleep(300_000)
    #expect(server.process.isRunning, "the server stopped with a request in flight")
    send(String(body.dropFirst(half)))
    let text = connection.receive(until: "\"id\":1}\n")
    #expect(text.hasPrefix("HTTP/1.1 200"), "\(text)")
    #expect(
      text.hasSuffix(
        #"{"action":"transaction","subAction":"transactionalFinance","rule":"FIN_ACCOUNT_MOVEMENT","id":1}"# + "\n"))
    #expect(server.log.contains("shutting down"))
    #expect(server.stop() == 0)
  }
}
