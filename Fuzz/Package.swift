// swift-tools-version:6.0
// libFuzzer targets for sharelint, in a package of their own so normal builds and tests skip them.
// Build and run them with `make fuzz` from the repository root (FUZZ_SECONDS per target, default 60):
//   swift build -c release --package-path Fuzz --scratch-path .build-fuzz \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//   .build-fuzz/release/fuzz-predicate-strict fuzz-corpus/predicate -max_total_time=60
// Each target is an executable whose only entry point is `LLVMFuzzerTestOneInput`; libFuzzer supplies `main`.
import PackageDescription

let fuzzTargets: [(name: String, products: [String])] = [
  ("fuzz-predicate-strict", ["PredicateSyntax"]),
  ("fuzz-predicate-lenient", ["PredicateSyntax"]),
  ("fuzz-plist-xml", ["PropertyList", "SharelintBase"]),
  ("fuzz-plist-binary", ["PropertyList"]),
  ("fuzz-policy", ["URLSchemes"]),
  ("fuzz-url", ["URLSchemes"]),
  ("fuzz-pbxproj", ["XcodeModel"]),
  ("fuzz-infoplist-preprocessor", ["XcodeModel", "PropertyList", "SharelintBase"]),
]

let package = Package(
  name: "sharelint-fuzz",
  dependencies: [.package(name: "sharelint", path: "..")],
  targets: [.target(name: "FuzzDriver")] + fuzzTargets.map { target in
    .executableTarget(
      name: target.name,
      dependencies: ["FuzzDriver"] + target.products.map { .product(name: $0, package: "sharelint") },
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    )
  }
)
