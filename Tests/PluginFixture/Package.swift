// swift-tools-version:6.0
// A package that uses sharelint's plugins, for .ci/check-plugins.sh: it depends on this repository by path and
// holds a share extension's Info.plist whose activation rule is written with typographic quotes (AR002, with a safe
// fix). The check copies it to .build/plugin-fixture (the same depth, so "../.." is still the repository) and runs
// `swift package sharelint`, `sharelint-fix` and `swift build` (the build-tool plugin) there; no test target
// includes this folder, and the Samples-based tests lint only Samples/.
import PackageDescription

let package = Package(
  name: "PluginFixture",
  dependencies: [.package(name: "sharelint", path: "../..")],
  targets: [
    .target(
      name: "ShareExtension",
      exclude: ["Info.plist"],
      plugins: [.plugin(name: "SharelintBuildToolPlugin", package: "sharelint")])
  ]
)
