import Hummingbird

extension ServerAnswer {
  /// The HTTP response: the status, `Content-Type: application/json`, and the body.
  func response() -> Response {
    Response(
      status: HTTPResponse.Status(code: status),
      headers: [.contentType: "application/json"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
  }
}
