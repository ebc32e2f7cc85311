// swift-tools-version:6.0
// A package that uses sharelint's libraries (docs/library.md): parses and prints an
// activation rule, checks a URL against an Intune policy, and lints a folder. CI builds and runs it.
import PackageDescription

let package = Package(
  name: "LibraryUsage",
  dependencies: [
    // From elsewhere: .package(url: "https://github.com/sharelint/sharelint", from: "0.1.0")
    .package(name: "sharelint", path: "../.."),
  ],
  targets: [
    .executableTarget(
      name: "LibraryUsage",
      dependencies: [
        .product(name: "PredicateSyntax", package: "sharelint"),
        .product(name: "URLSchemes", package: "sharelint"),
        .product(name: "Lint", package: "sharelint"),
      ]
    ),
  ]
)
