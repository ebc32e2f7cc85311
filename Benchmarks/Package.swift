// swift-tools-version:6.0
// Benchmarks for sharelint, kept in a package of their own so normal builds and tests skip them.
// Run them with `make bench` from the repository root (release build).
import PackageDescription

let package = Package(
  name: "sharelint-benchmarks",
  dependencies: [.package(name: "sharelint", path: "..")],
  targets: [
    .target(name: "BenchmarkSupport"),
    .executableTarget(
      name: "predicate-parse-benchmark",
      dependencies: ["BenchmarkSupport", .product(name: "PredicateSyntax", package: "sharelint")]
    ),
    .executableTarget(
      name: "rule-eval-benchmark",
      dependencies: [
        "BenchmarkSupport", .product(name: "PredicateSyntax", package: "sharelint"),
        .product(name: "PredicateEvaluation", package: "sharelint"),
        .product(name: "ActivationRules", package: "sharelint"),
      ]
    ),
    .executableTarget(
      name: "plist-parse-benchmark",
      dependencies: [
        "BenchmarkSupport", .product(name: "PropertyList", package: "sharelint"),
        .product(name: "SharelintBase", package: "sharelint"),
      ]
    ),
    .executableTarget(
      name: "xcodeproj-read-benchmark",
      dependencies: ["BenchmarkSupport", .product(name: "XcodeModel", package: "sharelint")]
    ),
    .executableTarget(
      name: "url-check-benchmark",
      dependencies: ["BenchmarkSupport", .product(name: "URLSchemes", package: "sharelint")]
    ),
  ]
)
