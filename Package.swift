// swift-tools-version:6.0
//
// smsfilter — an SMS filter classification engine that answers as Apple's IdentityLookup
// SMS filter API does, driven by keyword and regex rules kept in files.
//
// Modules, with dependencies pointing one way:
//   CPCRE2 (C shim) → PCRE2 (safe wrapper) → SMSFilter (engine) → SMSFilterEvaluation → smsfilter (CLI)
//   CMemoryHints (a prefetch hint) → SMSFilter
import PackageDescription

let package = Package(
  name: "smsfilter",
  products: [
    .library(name: "SMSFilter", targets: ["SMSFilter"]),
    .library(name: "SMSFilterEvaluation", targets: ["SMSFilterEvaluation"]),
    .executable(name: "smsfilter", targets: ["smsfilter"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
  ],
  targets: [
    // PCRE2's C API, through a shim header that fixes the code-unit width at 8 bits.
    .systemLibrary(
      name: "CPCRE2",
      pkgConfig: "libpcre2-8",
      providers: [.apt(["libpcre2-dev"])]
    ),
    // A small safe wrapper over PCRE2: compiled patterns, per-thread match state, typed errors.
    .target(name: "PCRE2", dependencies: ["CPCRE2"]),
    // A prefetch hint (a static inline C function) for batch directory lookups.
    .target(name: "CMemoryHints"),
    // The engine: model, rules and their loader, normalisation, compiled matcher, classifier.
    .target(
      name: "SMSFilter",
      dependencies: ["PCRE2", "CMemoryHints", .product(name: "Yams", package: "Yams")],
      plugins: ["EmbedRulesPlugin"]
    ),
    // Labeled corpora, metrics and reports.
    .target(name: "SMSFilterEvaluation", dependencies: ["SMSFilter"]),
    // The command line: parse arguments, call the libraries, print.
    .executableTarget(
      name: "smsfilter",
      dependencies: [
        "SMSFilter", "SMSFilterEvaluation",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Build tool: turns `rules/*.yaml` into Swift source so the default rules live in the binary.
    .executableTarget(name: "EmbedRules"),
    .plugin(name: "EmbedRulesPlugin", capability: .buildTool(), dependencies: ["EmbedRules"]),

    .testTarget(name: "PCRE2Tests", dependencies: ["PCRE2"]),
    .testTarget(name: "SMSFilterTests", dependencies: ["SMSFilter"]),
    .testTarget(name: "SMSFilterEvaluationTests", dependencies: ["SMSFilterEvaluation"]),
    .testTarget(name: "smsfilterCLITests", dependencies: ["smsfilter", "SMSFilterEvaluation"]),
  ],
  swiftLanguageModes: [.v6]
)
