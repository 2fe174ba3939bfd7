import CPublicSuffix
import CUnicodeSecurity

/// Host-name facts from well-kept libraries: the Public Suffix List through libpsl (registrable
/// domains, public suffixes), and ICU for IDNA (UTS #46) and confusable skeletons (UTS #39).
///
/// Why libraries and not tables: the suffix list changes every week and has wildcard and
/// exception rules, and the confusables table has thousands of entries; both are maintained
/// upstream, and Debian ships them (`libpsl-dev`, `libicu-dev`). Every function is thread-safe.
public enum HostNames {
  /// The suffix list compiled into libpsl, loaded once (libpsl's context is read-only).
  nonisolated(unsafe) private static let list = psl_builtin()

  /// The registrable domain (public suffix plus one label) of an ASCII, lower-case host:
  /// `login.bank.example.co.uk` → `example.co.uk`. `nil` when the host is itself a public
  /// suffix or has no known suffix.
  public static func registrableDomain(ofASCII host: String) -> String? {
    guard let list else { return nil }
    return host.withCString { pointer -> String? in
      guard let result = psl_registrable_domain(list, pointer) else { return nil }
      return String(cString: result)
    }
  }

  /// Whether an ASCII, lower-case name is a public suffix (`com`, `co.uk`, `github.io`), ICANN
  /// or private section.
  public static func isPublicSuffix(ascii name: String) -> Bool {
    guard let list else { return false }
    return name.withCString { psl_is_public_suffix2(list, $0, Int32(PSL_TYPE_ANY | PSL_TYPE_NO_STAR_RULE)) != 0 }
  }

  /// The public suffix of an ASCII, lower-case host (`co.uk` for `bank.example.co.uk`).
  public static func publicSuffix(ofASCII host: String) -> String? {
    guard let list else { return nil }
    return host.withCString { pointer -> String? in
      guard let result = psl_unregistrable_domain(list, pointer) else { return nil }
      return String(cString: result)
    }
  }

  /// The ASCII (punycode) form of a host written in any script, or `nil` if IDNA refuses it.
  public static func asciiForm(of host: String) -> String? {
    convert(host, smsf_host_to_ascii)
  }

  /// The Unicode form of a host (`xn--` labels decoded), or `nil` if IDNA refuses it.
  public static func unicodeForm(of host: String) -> String? {
    convert(host, smsf_host_to_unicode)
  }

  /// The UTS #39 skeleton of `text`: look-alike strings (`paypa1`, `pаypal` with a Cyrillic
  /// `а`) share one skeleton.
  public static func skeleton(of text: String) -> String {
    convert(text, smsf_skeleton) ?? text
  }

  /// Whether `text` mixes scripts beyond UTS #39's "highly restrictive" level (Latin with
  /// Cyrillic, say), as spoofed host names do.
  public static func isMixedScript(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in
      utf8.withMemoryRebound(to: CChar.self) { smsf_is_mixed_script($0.baseAddress, Int32($0.count)) == 1 }
    }
  }

  private static func convert(
    _ text: String, _ function: (UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<CChar>?, Int32) -> Int32
  ) -> String? {
    var text = text
    return text.withUTF8 { utf8 -> String? in
      let capacity = max(64, utf8.count * 4 + 16)
      return utf8.withMemoryRebound(to: CChar.self) { source -> String? in
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { destination -> String? in
          let written = function(source.baseAddress, Int32(source.count), destination.baseAddress, Int32(capacity))
          guard written >= 0 else { return nil }
          return destination.withMemoryRebound(to: UInt8.self) {
            String(decoding: UnsafeBufferPointer(rebasing: $0[0..<Int(written)]), as: UTF8.self)
          }
        }
      }
    }
  }
}
