#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's driver, from its no-main runtime (linked by scripts/fuzz).
@_silgen_name("LLVMFuzzerRunDriver")
func llvmFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The target being fuzzed (a C callback cannot capture it, so it is kept here). Set once by
/// ``runFuzzer(_:)`` before libFuzzer starts; libFuzzer calls it from one thread.
nonisolated(unsafe) private var fuzzTarget: ((UnsafePointer<UInt8>, Int) -> CInt)?

/// Hands `target` to libFuzzer's driver with the process's arguments, and exits with its status.
public func runFuzzer(_ target: @escaping (UnsafePointer<UInt8>, Int) -> CInt) -> Never {
  fuzzTarget = target
  var argumentCount = CommandLine.argc
  var arguments = CommandLine.unsafeArgv
  exit(
    llvmFuzzerRunDriver(&argumentCount, &arguments) { data, size in
      guard let data, let target = fuzzTarget else { return 0 }
      return target(data, size)
    })
}
