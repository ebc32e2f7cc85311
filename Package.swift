// swift-tools-version:6.0
// sharelint: analyses and rewrites the parts of an iOS app the Microsoft Intune App SDK depends on.
// The layout follows DESIGN.md: arrows point one way, sharelint → Lint → … → PredicateSyntax.
import PackageDescription

let package = Package(
  name: "sharelint",
  products: [
    .executable(name: "sharelint", targets: ["sharelint"]),
    .library(name: "PredicateSyntax", targets: ["PredicateSyntax"]),
    .library(name: "PropertyList", targets: ["PropertyList"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    // System libraries. The libxml2 shim undefines LIBXML_ICU_ENABLED (see DESIGN.md, "Pitfalls").
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]
    ),
    .systemLibrary(
      name: "CPCRE2",
      pkgConfig: "libpcre2-8",
      providers: [.apt(["libpcre2-dev"])]
    ),

    // Libraries.
    .target(name: "PredicateSyntax"),
    .target(name: "PropertyList", dependencies: ["CLibXML2", "PredicateSyntax"]),

    // The executable: argument parsing only.
    .executableTarget(
      name: "sharelint",
      dependencies: [
        "PredicateSyntax",
        "PropertyList",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // Tests: one target per library, plus the system-library smoke test and the CLI tests.
    .testTarget(name: "PredicateSyntaxTests", dependencies: ["PredicateSyntax"]),
    .testTarget(name: "PropertyListTests", dependencies: ["PropertyList"]),
    .testTarget(name: "SystemLibrariesTests", dependencies: ["CLibXML2", "CPCRE2"]),
    .testTarget(name: "CLITests", dependencies: ["sharelint"]),
  ]
)
