// swift-tools-version:6.1
// sharelint: analyses and rewrites the parts of an iOS app the Microsoft Intune App SDK depends on.
// The layout follows DESIGN.md: arrows point one way, from the executable down to the base. `layerArrows` below
// is the one list of them; Tests/ArchitectureTests fails when an `import` in Sources/ follows no arrow, or an arrow
// is drawn by no import. Read bottom up:
//
//   SharelintBase      positions, byte ranges, edits, fix-its, severities, JSON values, carets, path text
//                      the repository boundary and the one file reader through it, escaped output
//   PredicateSyntax    the predicate language: lexer, parser, AST, printer        → SharelintBase
//   UniformTypes       UTI conformance                                             → SharelintBase
//   PredicateEvaluation                                                            → PredicateSyntax, UniformTypes
//   PropertyList       plist documents with positions, edits, atomic writes        → SharelintBase
//   SourceCode         Swift and Objective-C sources as tokens (comments and literals skipped), bounded reads
//                                                                                  → SharelintBase
//   IntuneKnowledge    what sharelint knows of the Intune App SDK's and MSAL's releases, settings and schemes, each
//                      fact with its source and date; data, no logic beyond lookups  → SharelintBase
//   BoundedYAML        the one YAML reader (XcodeGen specs, .sharelint.yml, Intune policies), bounded in size,
//                      nesting and expansion, with located errors                  → Yams
//   XcodeModel         build settings, xcconfig, projects, workspaces, XcodeGen specs, Info.plist preprocessing
//                                                                                  → PropertyList, BoundedYAML
//   ProjectDiscovery   from paths to targets: folders, bundles, archives           → XcodeModel
//   ActivationRules    dictionary form, augmentation, share-sheet simulation       → PredicateEvaluation, PropertyList
//   URLSchemes         Intune policy, URL allowance                                → IntuneKnowledge, BoundedYAML
//   Lint               rules, configuration, fixes, reporters                      → all of the above
//   sharelint          the executable: argument parsing only                       → Lint and below
//
// BoundedYAML is a target of its own rather than part of SharelintBase: the base stays free of external packages
// (PredicateSyntax, UniformTypes and the other libraries built on it link no YAML parser), and only the three
// readers of YAML see Yams, through the bounded reader; no other target imports Yams.
import PackageDescription

/// Which library targets each target may import (besides system modules and external packages). The test in
/// Tests/ArchitectureTests reads this literal; keep it one entry per line.
let layerArrows: [String: [String]] = [
  "SharelintBase": [],
  "PredicateSyntax": ["SharelintBase"],
  "UniformTypes": ["SharelintBase"],
  "PredicateEvaluation": ["SharelintBase", "PredicateSyntax", "UniformTypes", "CPCRE2"],
  "PropertyList": ["SharelintBase", "CLibXML2"],
  "SourceCode": ["SharelintBase"],
  "IntuneKnowledge": ["SharelintBase"],
  "BoundedYAML": ["Yams"],
  "XcodeModel": ["SharelintBase", "PropertyList", "BoundedYAML"],
  "ProjectDiscovery": ["SharelintBase", "PropertyList", "XcodeModel", "ZIPFoundation"],
  "ActivationRules": ["SharelintBase", "PredicateSyntax", "PredicateEvaluation", "UniformTypes", "PropertyList"],
  "URLSchemes": ["SharelintBase", "IntuneKnowledge", "CPCRE2", "BoundedYAML"],
  "Lint": [
    "SharelintBase", "PredicateSyntax", "UniformTypes", "PropertyList", "XcodeModel", "ProjectDiscovery",
    "ActivationRules", "URLSchemes", "BoundedYAML", "SourceCode", "IntuneKnowledge",
  ],
  "sharelint": [
    "SharelintBase", "PredicateSyntax", "PredicateEvaluation", "PropertyList", "ActivationRules",
    "URLSchemes", "IntuneKnowledge", "Lint", "ArgumentParser",
  ],
]

/// A target's dependencies as the arrows above name them (external products spelled out).
func dependencies(of target: String) -> [Target.Dependency] {
  (layerArrows[target] ?? []).map { name -> Target.Dependency in
    switch name {
    case "ArgumentParser": return .product(name: "ArgumentParser", package: "swift-argument-parser")
    case "Yams": return .product(name: "Yams", package: "Yams")
    case "ZIPFoundation": return .product(name: "ZIPFoundation", package: "ZIPFoundation")
    default: return .target(name: name)
    }
  }
}

let package = Package(
  name: "sharelint",
  products: [
    .executable(name: "sharelint", targets: ["sharelint"]),
    .library(name: "SharelintBase", targets: ["SharelintBase"]),
    .library(name: "PredicateSyntax", targets: ["PredicateSyntax"]),
    .library(name: "UniformTypes", targets: ["UniformTypes"]),
    .library(name: "PredicateEvaluation", targets: ["PredicateEvaluation"]),
    .library(name: "PropertyList", targets: ["PropertyList"]),
    .library(name: "SourceCode", targets: ["SourceCode"]),
    .library(name: "IntuneKnowledge", targets: ["IntuneKnowledge"]),
    .library(name: "XcodeModel", targets: ["XcodeModel"]),
    .library(name: "ProjectDiscovery", targets: ["ProjectDiscovery"]),
    .library(name: "ActivationRules", targets: ["ActivationRules"]),
    .library(name: "URLSchemes", targets: ["URLSchemes"]),
    .library(name: "Lint", targets: ["Lint"]),
    // SwiftPM and Xcode plugins (docs/ci.md): `swift package sharelint` lints, `sharelint-fix` fixes (the one
    // that asks to write), and the build-tool plugin lints a target's plists as it builds.
    .plugin(name: "SharelintLintPlugin", targets: ["SharelintLintPlugin"]),
    .plugin(name: "SharelintFixPlugin", targets: ["SharelintFixPlugin"]),
    .plugin(name: "SharelintBuildToolPlugin", targets: ["SharelintBuildToolPlugin"]),
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
    .target(name: "SharelintBase", dependencies: dependencies(of: "SharelintBase")),
    .target(name: "PredicateSyntax", dependencies: dependencies(of: "PredicateSyntax")),
    .target(name: "UniformTypes", dependencies: dependencies(of: "UniformTypes")),
    .target(name: "PredicateEvaluation", dependencies: dependencies(of: "PredicateEvaluation")),
    .target(name: "PropertyList", dependencies: dependencies(of: "PropertyList")),
    .target(name: "SourceCode", dependencies: dependencies(of: "SourceCode")),
    .target(name: "IntuneKnowledge", dependencies: dependencies(of: "IntuneKnowledge")),
    .target(name: "BoundedYAML", dependencies: dependencies(of: "BoundedYAML")),
    .target(name: "XcodeModel", dependencies: dependencies(of: "XcodeModel")),
    .target(name: "ProjectDiscovery", dependencies: dependencies(of: "ProjectDiscovery")),
    .target(name: "ActivationRules", dependencies: dependencies(of: "ActivationRules")),
    .target(name: "URLSchemes", dependencies: dependencies(of: "URLSchemes")),
    .target(name: "Lint", dependencies: dependencies(of: "Lint")),

    // The executable: argument parsing only.
    .executableTarget(name: "sharelint", dependencies: dependencies(of: "sharelint")),

    // Plugins: each runs the sharelint executable (Plugins/, docs/ci.md). Write permission only where fix runs.
    .plugin(
      name: "SharelintLintPlugin",
      capability: .command(intent: .custom(
        verb: "sharelint", description: "Lint the package's Info.plists and entitlements (sharelint lint)")),
      dependencies: ["sharelint"]),
    .plugin(
      name: "SharelintFixPlugin",
      capability: .command(
        intent: .custom(verb: "sharelint-fix", description: "Apply sharelint's safe fixes (sharelint fix)"),
        permissions: [.writeToPackageDirectory(reason: "sharelint fix rewrites Info.plists and entitlements")]),
      dependencies: ["sharelint"]),
    .plugin(name: "SharelintBuildToolPlugin", capability: .buildTool(), dependencies: ["sharelint"]),

    // Tests: one target per library, plus the system-library smoke test, the CLI tests and the import arrows;
    // TestSupport holds what several test targets share (never linked into a product).
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "SharelintBaseTests", dependencies: ["SharelintBase", "TestSupport"]),
    .testTarget(name: "PredicateSyntaxTests", dependencies: ["PredicateSyntax", "SharelintBase"]),
    .testTarget(name: "UniformTypesTests", dependencies: ["UniformTypes"]),
    .testTarget(
      name: "PredicateEvaluationTests", dependencies: ["PredicateEvaluation", "PredicateSyntax", "UniformTypes"]),
    .testTarget(name: "PropertyListTests", dependencies: ["PropertyList", "SharelintBase", "TestSupport"]),
    .testTarget(name: "SourceCodeTests", dependencies: ["SourceCode", "SharelintBase", "TestSupport"]),
    .testTarget(name: "BoundedYAMLTests", dependencies: ["BoundedYAML", "TestSupport"]),
    .testTarget(
      name: "XcodeModelTests",
      dependencies: ["XcodeModel", "BoundedYAML", "PropertyList", "SharelintBase", "TestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(name: "ProjectDiscoveryTests", dependencies: ["ProjectDiscovery", "XcodeModel", "PropertyList", "SharelintBase", "TestSupport"]),
    .testTarget(
      name: "ActivationRulesTests",
      dependencies: ["ActivationRules", "PredicateSyntax", "PredicateEvaluation", "PropertyList", "UniformTypes"]),
    .testTarget(name: "URLSchemesTests", dependencies: ["URLSchemes", "IntuneKnowledge", "TestSupport"]),
    .testTarget(name: "IntuneKnowledgeTests", dependencies: ["IntuneKnowledge"]),
    .testTarget(name: "LintTests", dependencies: ["Lint", "IntuneKnowledge", "SharelintBase", "TestSupport"]),
    .testTarget(name: "SystemLibrariesTests", dependencies: ["CLibXML2", "CPCRE2"]),
    .testTarget(name: "CLITests", dependencies: ["sharelint", "TestSupport"], exclude: ["Golden"]),
    .testTarget(name: "ArchitectureTests"),
  ]
)
