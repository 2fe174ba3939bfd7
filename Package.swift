// swift-tools-version:6.0
//
// smsfilter — an SMS filter classification engine that answers as Apple's IdentityLookup SMS
// filter API does, driven by keyword and regex rules kept in files.
//
// Targets, with dependencies pointing one way (README, "How it is built"):
//
//   SMSFilterModel ─┬─► SMSFilterDirectory ─┐
//                   └───────────────────────┴─► SMSFilter ─► SMSFilterIO ─► SMSFilterEvaluation ─► smsfilter
//   CPCRE2 ─► PCRE2 ──────────────────────────────┤                    └──► SMSFilterServer ──────────┤
//   CPublicSuffix, CUnicodeSecurity ─► SMSFilterEntities ┘                       SMSFilterBenchmarks ─┘
//   CMemoryHints ─► SMSFilterDirectory
//   CEmbeddedFiles ─► SMSFilter
import PackageDescription

let package = Package(
  name: "smsfilter",
  products: [
    .library(name: "SMSFilter", targets: ["SMSFilter"]),
    .library(name: "SMSFilterDirectory", targets: ["SMSFilterDirectory"]),
    .library(name: "SMSFilterIO", targets: ["SMSFilterIO"]),
    .library(name: "SMSFilterEvaluation", targets: ["SMSFilterEvaluation"]),
    .executable(name: "smsfilter", targets: ["smsfilter"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    // `swift package generate-documentation`: the DocC catalogs of the library targets.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    // Already in the graph through Hummingbird; named for NIOPosix's event loops (`serve` runs
    // Swift concurrency's jobs on them instead of hopping to a second pool of threads).
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
  ],
  targets: [
    // PCRE2's C API, through a shim header that fixes the code-unit width at 8 bits.
    .systemLibrary(
      name: "CPCRE2",
      pkgConfig: "libpcre2-8",
      providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
    ),
    // A small safe wrapper over PCRE2: compiled patterns, per-thread match state, typed errors.
    .target(name: "PCRE2", dependencies: ["CPCRE2"]),
    // libpsl: the Public Suffix List (registrable domains of links).
    .systemLibrary(
      name: "CPublicSuffix",
      pkgConfig: "libpsl",
      providers: [.apt(["libpsl-dev"]), .brew(["libpsl"])]
    ),
    // ICU's IDNA and confusable skeletons behind plain C names (ICU versions its C symbols).
    .target(
      name: "CUnicodeSecurity",
      linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]
    ),
    // What a message points at: links (host, registrable domain, obfuscation), phone numbers
    // and money amounts, found in the body.
    .target(name: "SMSFilterEntities", dependencies: ["CPublicSuffix", "CUnicodeSecurity"]),
    // A prefetch hint (a static inline C function) for batch directory lookups and model rows.
    .target(name: "CMemoryHints"),
    // The built-in model and rule snapshot, embedded as bytes with C23 `#embed` (no decoding or
    // copying at start-up).
    .target(name: "CEmbeddedFiles"),
    // IdentityLookup's model (actions, sub-actions, capabilities, query, decision), source
    // locations, and the one sender grammar that rules and directories share.
    .target(name: "SMSFilterModel"),
    // The learned stage: hashed text features, a linear model, its training and its file.
    .target(name: "SMSFilterLearning", dependencies: ["SMSFilterModel", "CMemoryHints"]),
    // The sender directory: millions of senders to block, allow or label, in a mapped file.
    .target(name: "SMSFilterDirectory", dependencies: ["SMSFilterModel", "CMemoryHints"]),
    // The engine: rules and their loader, normalisation, regex analysis, the compiled matcher,
    // the classifier (directories first, then rules).
    .target(
      name: "SMSFilter",
      dependencies: [
        "SMSFilterModel", "SMSFilterDirectory", "SMSFilterLearning", "SMSFilterEntities", "PCRE2",
        "CEmbeddedFiles", .product(name: "Yams", package: "Yams"),
      ],
      plugins: ["EmbedRulesPlugin"]
    ),
    // The wire format: line reading, message records (JSON Lines), decision records (TSV, JSON
    // Lines, explain), JSON strings, buffered output.
    .target(name: "SMSFilterIO", dependencies: ["SMSFilter"]),
    // `smsfilter serve`: the engine over HTTP (Hummingbird), with Prometheus metrics, reload,
    // limits, a bearer token and graceful shutdown.
    .target(
      name: "SMSFilterServer",
      dependencies: [
        "SMSFilter", "SMSFilterIO",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ]
    ),
    // Labeled corpora, metrics and reports.
    .target(name: "SMSFilterEvaluation", dependencies: ["SMSFilter", "SMSFilterIO", "SMSFilterLearning"]),
    // Benchmark timing and synthetic workloads (rules, messages, directories): for `bench`,
    // not a library product.
    .target(name: "SMSFilterBenchmarks", dependencies: ["SMSFilter", "SMSFilterDirectory"]),
    // The command line: parse arguments, call the libraries, print.
    .executableTarget(
      name: "smsfilter",
      dependencies: [
        "SMSFilter", "SMSFilterDirectory", "SMSFilterIO", "SMSFilterEvaluation", "SMSFilterBenchmarks",
        "SMSFilterLearning", "SMSFilterServer", "PCRE2",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // Build tool: turns `rules/*.yaml` into Swift source so the default rules live in the binary.
    .executableTarget(name: "EmbedRules"),
    .plugin(name: "EmbedRulesPlugin", capability: .buildTool(), dependencies: ["EmbedRules"]),

    .testTarget(name: "PCRE2Tests", dependencies: ["PCRE2"]),
    .testTarget(name: "SMSFilterModelTests", dependencies: ["SMSFilterModel"]),
    .testTarget(name: "SMSFilterEntitiesTests", dependencies: ["SMSFilterEntities"]),
    .testTarget(name: "SMSFilterLearningTests", dependencies: ["SMSFilterLearning", "SMSFilterModel"]),
    .testTarget(name: "SMSFilterDirectoryTests", dependencies: ["SMSFilterDirectory", "SMSFilterBenchmarks"]),
    .testTarget(
      name: "SMSFilterTests", dependencies: ["SMSFilter", "SMSFilterEntities", "SMSFilterIO", "SMSFilterBenchmarks"]),
    .testTarget(name: "SMSFilterIOTests", dependencies: ["SMSFilterIO"]),
    .testTarget(name: "SMSFilterEvaluationTests", dependencies: ["SMSFilterEvaluation", "SMSFilterBenchmarks"]),
    .testTarget(
      name: "SMSFilterServerTests",
      dependencies: [
        "SMSFilterServer", "SMSFilterIO",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "Yams", package: "Yams"),
      ]
    ),
    .testTarget(
      name: "smsfilterCLITests", dependencies: ["smsfilter", "SMSFilterEvaluation", "SMSFilterBenchmarks"]),
  ],
  swiftLanguageModes: [.v6]
)
