import ArgumentParser
import Foundation
import SMSFilter
import SMSFilterIO

/// How `directory export`, `diff` and `apply` write a Call Directory stream: the binary stream
/// (to `-o FILE` or a pipe), or the text lines of one of its two kinds of entries.
struct CallDirectoryOutput: ParsableArguments {
  /// The two forms.
  enum Format: String, CaseIterable, ExpressibleByArgument {
    case binary, text
  }

  @Option(help: "binary (the stream a Call Directory extension reads) or text (for inspection).")
  var format: Format = .binary

  @Flag(help: "With --format text: the blocking entries.")
  var blocking = false

  @Flag(help: "With --format text: the identification entries.")
  var identification = false

  @Option(name: [.customShort("o"), .long], help: "The file to write (default: standard output).")
  var output: String?

  func validate() throws {
    if format == .text && blocking == identification {
      throw ValidationError("--format text prints one kind of entry: give --blocking or --identification")
    }
    if format == .binary && (blocking || identification) {
      throw ValidationError("--blocking and --identification choose what --format text prints")
    }
  }

  /// Writes `stream` in the chosen form; returns the records per section.
  func write(_ stream: [UInt8]) throws -> [CallDirectoryStream.Section: Int] {
    var counts: [CallDirectoryStream.Section: Int] = [:]
    let reader = try CallDirectoryOutput.reader(bytes: stream, name: "the stream")
    var lines: [UInt8] = []
    while let record = try CallDirectoryOutput.next(reader) {
      counts[record.section, default: 0] += 1
      if format == .text && record.section.isBlocking == blocking {
        lines.append(contentsOf: record.textLine.utf8)
        lines.append(0x0A)
      }
    }
    let bytes = format == .binary ? stream : lines
    if let output {
      do {
        try Data(bytes).write(to: URL(fileURLWithPath: output), options: .atomic)
      } catch {
        throw CommandFailure(message: "\(output): cannot write: \(error.localizedDescription)", status: 2)
      }
    } else {
      if format == .binary && isatty(1) != 0 {
        throw CommandFailure(
          message: "the binary stream is not for a terminal: give -o FILE or --format text", status: 2)
      }
      let writer = OutputWriter(descriptor: 1)
      writer.write(bytes)
      writer.flush()
    }
    return counts
  }

  /// `blocking 3, identification 5` or the five counts of a diff.
  static func summary(_ counts: [CallDirectoryStream.Section: Int], kind: CallDirectoryStream.Kind) -> String {
    kind.sections.map { "\($0.name) \(counts[$0] ?? 0)" }.joined(separator: ", ")
  }

  /// A reader, its errors as command failures (status 2).
  static func reader(path: String) throws -> CallDirectoryStreamReader {
    do throws(CallDirectoryStreamError) {
      return try CallDirectoryStreamReader(path: path)
    } catch {
      throw CommandFailure(message: error.description, status: 2)
    }
  }

  static func reader(bytes: [UInt8], name: String) throws -> CallDirectoryStreamReader {
    do throws(CallDirectoryStreamError) {
      return try CallDirectoryStreamReader(bytes: bytes, name: name)
    } catch {
      throw CommandFailure(message: error.description, status: 2)
    }
  }

  static func next(_ reader: CallDirectoryStreamReader) throws -> CallDirectoryRecord? {
    do throws(CallDirectoryStreamError) {
      return try reader.next()
    } catch {
      throw CommandFailure(message: error.description, status: 2)
    }
  }
}
