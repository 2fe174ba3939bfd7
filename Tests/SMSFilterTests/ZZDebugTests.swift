import Testing
import Dispatch
@testable import SMSFilter
@Test func zzProfile() throws {
  let c = try Classifier(contentsOf: [PackagePaths.rules])
  let compiled = c.compiled
  let state = c.makeState()
  let msgs = try PackagePaths.corpusMessages()
  var texts: [[UInt8]] = []
  for m in msgs { state.begin(MessageQuery(sender: m.sender, body: m.body), trackingOffsets: false); texts.append(state.text.bytes) }
  let bytes = texts.reduce(0) { $0 + $1.count }
  var hits = 0
  let t0 = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<10 { for t in texts { t.withUnsafeBufferPointer { compiled.automaton.scan($0) { _, _ in hits += 1 } } } }
  let t1 = DispatchTime.now().uptimeNanoseconds
  print("PROF scan ns/byte", Double(t1 - t0) / Double(10 * bytes), "ns/msg", Double(t1 - t0) / Double(10 * msgs.count), "outputs/msg", hits / (10 * msgs.count), "states", compiled.automaton.stateCount, "bytes", compiled.automaton.memoryBytes)
  var t2 = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<10 { for m in msgs { state.begin(MessageQuery(sender: m.sender, body: m.body), trackingOffsets: false); _ = compiled.firstMatchingRule(state) } }
  var t3 = DispatchTime.now().uptimeNanoseconds
  print("PROF begin+first ns/msg", Double(t3 - t2) / Double(10 * msgs.count))
  t2 = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<10 { for m in msgs { state.begin(MessageQuery(sender: m.sender, body: m.body), trackingOffsets: false) } }
  t3 = DispatchTime.now().uptimeNanoseconds
  print("PROF begin ns/msg", Double(t3 - t2) / Double(10 * msgs.count))
}
