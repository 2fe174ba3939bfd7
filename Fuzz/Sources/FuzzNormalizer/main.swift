import FuzzSupport
import SMSFilter

#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer entry point: normalising any text gives valid UTF-8 with single spaces, no
/// controls, no leading or trailing space, and offsets for every byte when asked.
func fuzzNormalizer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
  var buffer = NormalizedText()
  TextNormalizer.normalize(text, into: &buffer, trackingOffsets: true)
  let bytes = buffer.bytes
  precondition(String(validating: bytes, as: UTF8.self) != nil, "normalised text is not valid UTF-8")
  precondition(buffer.sourceOffsets.count == bytes.count, "an offset for every byte")
  precondition(buffer.sourceOffsets.allSatisfy { $0 >= 0 && Int($0) < max(1, size) }, "offsets inside the text")
  precondition(bytes.first != 0x20 && bytes.last != 0x20, "trimmed")
  precondition(!bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }), "no control characters")
  for index in bytes.indices.dropFirst() where bytes[index] == 0x20 {
    precondition(bytes[index - 1] != 0x20, "single spaces")
  }
  // The fast path (no offsets) gives the same text.
  var fast = NormalizedText()
  TextNormalizer.normalize(text, into: &fast)
  precondition(fast.bytes == bytes, "fast and offset-tracking paths agree")
  return 0
}

runFuzzer(fuzzNormalizer)
