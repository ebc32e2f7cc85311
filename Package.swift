// swift-tools-version:6.0
// sharelint: analyses and rewrites the parts of an iOS app the Microsoft Intune App SDK depends on.
// The layout follows DESIGN.md: arrows point one way,
// sharelint → Lint → {ActivationRules, URLSchemes, PropertyList} → {PredicateEvaluation, UniformTypes}
// → PredicateSyntax.
import PackageDescription

let package = Package(
  name: "sharelint",
  products: [
    .executable(name: "sharelint", targets: ["sharelint"]),
    .library(name: "PredicateSyntax", targets: ["PredicateSyntax"]),
    .library(name: "UniformTypes", targets: ["UniformTypes"]),
    .library(name: "PredicateEvaluation", targets: ["PredicateEvaluation"]),
    .library(name: "PropertyList", targets: ["PropertyList"]),
    .library(name: "ActivationRules", targets: ["ActivationRules"]),
    .library(name: "URLSchemes", targets: ["URLSchemes"]),
    .library(name: "Lint", targets: ["Lint"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
  ],
  targets: [
    // System libraries. The libxml2 shim undefines LIBXML_ICU_ENABLED (see DESIGN.md, "Pitfalls").
    .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    .systemLibrary(name: "CPCRE2", pkgConfig: "libpcre2-8", providers: [.apt(["libpcre2-dev"])]),

    // Libraries, bottom up.
    .target(name: "PredicateSyntax"),
    .target(name: "UniformTypes", dependencies: ["PredicateSyntax"]),
    .target(name: "PredicateEvaluation", dependencies: ["PredicateSyntax", "UniformTypes", "CPCRE2"]),
    .target(name: "PropertyList", dependencies: ["CLibXML2", "PredicateSyntax", "ZIPFoundation"]),
    .target(
      name: "ActivationRules",
      dependencies: ["PredicateSyntax", "PredicateEvaluation", "UniformTypes", "PropertyList"]),
    .target(name: "URLSchemes", dependencies: ["PredicateSyntax", "CPCRE2", "Yams"]),
    .target(
      name: "Lint",
      dependencies: ["PredicateSyntax", "PropertyList", "ActivationRules", "URLSchemes", "UniformTypes", "Yams"]),

    // The executable: argument parsing only.
    .executableTarget(
      name: "sharelint",
      dependencies: [
        "PredicateSyntax", "PredicateEvaluation", "PropertyList", "ActivationRules", "URLSchemes", "Lint",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // Tests: one target per library, plus the system-library smoke test and the CLI tests.
    .testTarget(name: "PredicateSyntaxTests", dependencies: ["PredicateSyntax"]),
    .testTarget(name: "UniformTypesTests", dependencies: ["UniformTypes"]),
    .testTarget(name: "PredicateEvaluationTests", dependencies: ["PredicateEvaluation", "PredicateSyntax", "UniformTypes"]),
    .testTarget(name: "PropertyListTests", dependencies: ["PropertyList"], exclude: ["Fixtures"]),
    .testTarget(
      name: "ActivationRulesTests",
      dependencies: ["ActivationRules", "PredicateSyntax", "PredicateEvaluation", "PropertyList", "UniformTypes"]),
    .testTarget(name: "URLSchemesTests", dependencies: ["URLSchemes"]),
    .testTarget(name: "LintTests", dependencies: ["Lint"]),
    .testTarget(name: "SystemLibrariesTests", dependencies: ["CLibXML2", "CPCRE2"]),
    .testTarget(name: "CLITests", dependencies: ["sharelint"]),
  ]
)
