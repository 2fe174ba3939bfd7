import FuzzSupport
import SMSFilter

@testable import SMSFilterIO

#if canImport(Glibc)
import Glibc
#endif

/// The built-in rules, compiled once.
let classifier: Classifier = {
  do { return try Classifier.builtIn() } catch { fatalError("the built-in rules do not load: \(error)") }
}()

/// libFuzzer entry point: any byte stream read as classify reads it yields exactly one record
/// per line (lines end at \n; a last line without one counts), through JSON parsing and
/// classification, without crashing.
func fuzzLineReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = UnsafeBufferPointer(start: data, count: size)
  let newlines = input.filter { $0 == 0x0A }.count
  let expected = newlines + (size > 0 && input[size - 1] != 0x0A ? 1 : 0)
  // Feed the bytes through a real file descriptor, as standard input would.
  guard let file = tmpfile() else { preconditionFailure("tmpfile failed") }
  defer { fclose(file) }
  let descriptor = fileno(file)
  var written = 0
  while written < size {
    let count = write(descriptor, data + written, size - written)
    precondition(count > 0)
    written += count
  }
  lseek(descriptor, 0, SEEK_SET)
  let reader = LineReader(descriptor: descriptor, chunkSize: 64)  // tiny chunks: many refills
  var batch = LineBatch()
  var records = 0
  let session = classifier.makeSession()
  while reader.readBatch(into: &batch, maxLines: 7) {
    for range in batch.lines {
      let line = Array(batch.bytes[range])
      if line.first == UInt8(ascii: "{") {
        let plain = MessageRecordReader.parse(line)
        if case .success(let record) = plain, let body = record.body {
          let decision = session.classify(
            MessageQuery(sender: record.sender, messageBody: body, receiverISOCountryCode: record.country))
          // classify's reading, with the body left in the line, gives the same body and decision.
          line.withUnsafeBufferPointer { buffer in
            guard case .success(let inPlace) = MessageRecordReader.parse(buffer, bodyInPlace: true) else {
              preconditionFailure("the in-place reading refused a record the plain one read")
            }
            let bytes = inPlace.bodyRange.map { Array(buffer[$0]) } ?? inPlace.body.map { Array($0.utf8) }
            precondition(bytes == Array(body.utf8), "the in-place body differs")
            if let range = inPlace.bodyRange {
              let again = session.classify(
                utf8Body: UnsafeBufferPointer(rebasing: buffer[range]), sender: inPlace.sender,
                receiverISOCountryCode: inPlace.country)
              precondition(again == decision, "the in-place body's decision differs")
            }
          }
        } else if case .failure(let error) = plain {
          let inPlace = line.withUnsafeBufferPointer { MessageRecordReader.parse($0, bodyInPlace: true) }
          guard case .failure(let other) = inPlace, other == error else {
            preconditionFailure("the in-place reading's error differs")
          }
        }
      } else {
        _ = line.withUnsafeBufferPointer { session.classify(utf8Body: $0) }
      }
      records += 1
    }
  }
  precondition(records == expected, "\(records) records for \(expected) lines")
  return 0
}

runFuzzer(fuzzLineReader)
