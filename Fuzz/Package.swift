// swift-tools-version:6.0
//
// libFuzzer targets for smsfilter, in a nested package so their build flags
// (-sanitize=fuzzer,address) never reach the main package. Run them with scripts/fuzz.
import PackageDescription

// Each target's main.swift hands its callback to libFuzzer's driver (LLVMFuzzerRunDriver).
// scripts/fuzz builds with AddressSanitizer and coverage instrumentation everywhere and links
// libFuzzer's no-main runtime, so the package's own build tools keep their main.

let package = Package(
  name: "smsfilter-fuzz",
  dependencies: [.package(name: "smsfilter", path: "..")],
  targets: [
    // The glue between a target and libFuzzer's driver.
    .target(name: "FuzzSupport"),
    // Rule files: YAML/JSON text into the loader and, when it loads, the compiler and classifier.
    .executableTarget(
      name: "FuzzRuleLoader", dependencies: ["FuzzSupport", .product(name: "SMSFilter", package: "smsfilter")]),
    // The normaliser: any UTF-8 text, with its output invariants checked.
    .executableTarget(
      name: "FuzzNormalizer", dependencies: ["FuzzSupport", .product(name: "SMSFilter", package: "smsfilter")]),
    // classify's line reader: any bytes as a stream, one record per line, through JSON parsing
    // and classification. (A debug build, so `@testable import` reaches the package-level line reader.)
    .executableTarget(
      name: "FuzzLineReader",
      dependencies: [
        "FuzzSupport", .product(name: "SMSFilter", package: "smsfilter"),
        .product(name: "SMSFilterIO", package: "smsfilter"),
      ]),
    // Regexes and texts from a grammar of PCRE2's syntax: compiled matcher == plain evaluation
    // == PCRE2 alone. (Debug build: `@testable import` reaches the grammar.)
    .executableTarget(
      name: "FuzzRegexDifferential",
      dependencies: ["FuzzSupport", .product(name: "SMSFilter", package: "smsfilter")]),
  ],
  swiftLanguageModes: [.v6]
)
