import Foundation
import Testing
import TestSupport

/// `lint` reads `.sharelint.yml` from the pull request it checks and `url check` a policy file: crafted YAML stops
/// either with exit 2 and one located line, quickly (unbounded, an aliased key hangs and aliases of aliases
/// exhaust memory).
@Suite struct CraftedYAMLCommandTests {
  /// The bomb, an aliased key and deep nesting, each with the start of the message it gives.
  static let craftedFiles: [(name: String, text: String, message: String)] = [
    ("BOMB.yml", CraftedYAML.aliasBomb, "expands to more than 400000 values"),
    ("KEY.yml", CraftedYAML.aliasedKeys[0], "an explicit key ('?') in a file with YAML anchors"),
    ("DEEP.yml", CraftedYAML.deepNesting, "values nest more than 64 deep"),
  ]

  /// `sharelint: FILE:LINE:COLUMN: …message…`, one line.
  static func isLocatedLine(_ standardError: String, file: String, message: String) -> Bool {
    let prefix = "sharelint: \(file):"
    guard standardError.hasPrefix(prefix), standardError.filter({ $0 == "\n" }).count == 1 else { return false }
    let position = standardError.dropFirst(prefix.count).prefix { $0 != " " }
    return position.split(separator: ":").count == 2 && position.hasSuffix(":") && standardError.contains(message)
  }

  @Test(.timeLimit(.minutes(1))) func lintConfigBombExitsTwoWithALocatedLine() throws {
    let folder = try TemporaryFolder()
    for crafted in Self.craftedFiles {
      let config = try folder.write(crafted.name, crafted.text)
      let result = try Sharelint.run(["lint", "--config", config, "Samples/ContosoClean"])
      #expect(result.status == 2, "\(crafted.name)")
      #expect(
        Self.isLocatedLine(result.standardError, file: config, message: crafted.message),
        "\(crafted.name): \(result.standardError)")
    }
  }

  /// The CI case: the crafted file is the `.sharelint.yml` beside what is linted.
  @Test(.timeLimit(.minutes(1))) func lintedFolderWithABombConfigurationExitsTwo() throws {
    let folder = try TemporaryFolder()
    let app = try folder.copy(Sharelint.packageRoot.appendingPathComponent("Samples/ContosoClean"), as: "App")
    let config = try folder.write("App/.sharelint.yml", CraftedYAML.aliasBomb)
    let result = try Sharelint.run(["lint", app])
    #expect(result.status == 2)
    #expect(Self.isLocatedLine(result.standardError, file: config, message: "the configuration expands"))
  }

  @Test(.timeLimit(.minutes(1))) func urlCheckPolicyBombExitsTwoWithALocatedLine() throws {
    let folder = try TemporaryFolder()
    for crafted in Self.craftedFiles {
      let policy = try folder.write(crafted.name, crafted.text)
      let result = try Sharelint.run(["url", "check", "--policy", policy, "tel:112"])
      #expect(result.status == 2, "\(crafted.name)")
      #expect(result.standardOutput.isEmpty)
      #expect(
        Self.isLocatedLine(result.standardError, file: policy, message: crafted.message),
        "\(crafted.name): \(result.standardError)")
    }
    let zero = try Sharelint.run(["url", "check", "--policy", "/dev/zero", "tel:112"])
    #expect(zero.status == 2)
    #expect(zero.standardError == "sharelint: '/dev/zero' holds more than 4 MiB; it is not read\n")
  }
}
