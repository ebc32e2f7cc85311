import Foundation
import SharelintBase
import TestSupport
import Testing

@testable import XcodeModel

/// Podspecs and the plug-ins a Podfile brings in: `:path` pods, Flutter's `.flutter-plugins-dependencies`, React
/// Native's `package.json`, read within the repository's boundary.
@Suite("Plug-in pods")
struct PluginPodsTests {
  /// Writes `files` (path → text) under a fresh folder; returns the folder's path.
  static func repository(_ files: [String: String]) throws -> String {
    let folder = try TemporaryFolders.make("plugin-pods")
    for (path, text) in files {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return folder.path
  }

  static let intunePodspec = """
    Pod::Spec.new do |s|
      s.name = 'intune_bridge'
      s.version = '1.0.0'
      s.source_files = 'Classes/**/*'
      s.dependency 'Flutter'
      s.ios.vendored_frameworks = 'Frameworks/IntuneMAMSwift.xcframework', 'Frameworks/IntuneMAMSwiftStub.xcframework'
      s.dependency 'MSAL', '~> 1.6'
      s.frameworks = ['LocalAuthentication']
    end
    """

  @Test func literalAttributesAreRead() {
    let podspec = Podspec(path: "x.podspec", text: Self.intunePodspec)
    #expect(podspec.name == "intune_bridge")
    #expect(
      podspec.libraries.map(\.name) == [
        "Flutter", "Frameworks/IntuneMAMSwift.xcframework", "Frameworks/IntuneMAMSwiftStub.xcframework", "MSAL",
      ])
    #expect(podspec.libraries.map(\.isDependency) == [true, false, false, true])
    #expect(podspec.libraries[1].line == 6)
    #expect(podspec.frameworks == ["LocalAuthentication"])
    #expect(podspec.sourceFiles == ["Classes/**/*"])
    #expect(podspec.notes.isEmpty)
  }

  @Test func computedLibrariesGiveANoteAndNoEvidence() {
    let text = """
      Pod::Spec.new do |s|
        s.version = package['version']
        s.vendored_frameworks = Dir.glob('Frameworks/*.xcframework')
        s.dependency "Intune#{suffix}"
      end
      """
    let podspec = Podspec(path: "x.podspec", text: text)
    #expect(podspec.libraries.isEmpty)
    #expect(podspec.notes.map(\.line) == [3, 4])
    #expect(podspec.notes.first?.description.contains("'vendored_frameworks' is computed") == true)
  }

  @Test func statementsOverSeveralLinesAreRead() {
    let text = """
      Pod::Spec.new do |s|
        s.name = 'intune_plugin'
        s.description = <<-DESC
          Wraps the SDK (and MSAL, s.dependency 'NotADependency'
        DESC
        s.ios.vendored_frameworks = [
          'ios/Frameworks/IntuneMAMSwift.xcframework', # the SDK
          'ios/Frameworks/IntuneMAMSwiftStub.xcframework'
        ]
        s.dependency 'MSAL',
          '~> 1.6'
        s.dependency(
          'Capacitor'
        )
        s.source_files = %w[
          ios/Plugin/**/*.swift
          ios/Plugin/**/*.m
        ]
        s.frameworks =
          'LocalAuthentication'
      end
      """
    let podspec = Podspec(path: "x.podspec", text: text)
    #expect(podspec.name == "intune_plugin")
    #expect(
      podspec.libraries.map(\.name) == [
        "ios/Frameworks/IntuneMAMSwift.xcframework", "ios/Frameworks/IntuneMAMSwiftStub.xcframework", "MSAL",
        "Capacitor",
      ])
    #expect(podspec.libraries.map(\.line) == [6, 6, 10, 12])
    #expect(podspec.sourceFiles == ["ios/Plugin/**/*.swift", "ios/Plugin/**/*.m"])
    #expect(podspec.frameworks == ["LocalAuthentication"])
    #expect(podspec.notes.isEmpty)
  }

  @Test func anArrayNeverClosedStopsAfterTheBoundedNumberOfLines() {
    let text = "s.vendored_frameworks = [\n" + String(repeating: "  'A.xcframework',\n", count: 200)
      + "s.dependency 'MSAL'\n"
    let podspec = Podspec(path: "x.podspec", text: text)
    #expect(podspec.libraries.count == Podspec.maximumStatementLines - 1 + 1)
    #expect(podspec.libraries.last?.name == "MSAL")
  }

  @Test func flutterPluginsAreFoundThroughTheDependenciesFile() throws {
    let root = try Self.repository([
      "app/ios/Podfile": "target 'Runner' do\n  flutter_install_all_ios_pods File.dirname(File.realpath(__FILE__))\nend\n",
      "app/.flutter-plugins-dependencies":
        #"{"plugins":{"ios":[{"name":"intune_bridge","path":"plugins/intune_bridge/"}]}}"#,
      "app/plugins/intune_bridge/ios/intune_bridge.podspec": Self.intunePodspec,
      "app/pubspec.yaml": "name: app\ndependencies:\n  flutter:\n    sdk: flutter\n  msal_flutter: ^2.0.1\n",
    ])
    let boundary = RepositoryBoundary(roots: [root])
    let podfile = try #require(Podfile(path: root + "/app/ios/Podfile", boundary: boundary))
    #expect(podfile.pluginInstallers(ofTarget: "Runner").map(\.name) == ["flutter_install_all_ios_pods"])
    let plugins = PluginPods(podfile: podfile, boundary: boundary)
    #expect(plugins.pods.map(\.name) == ["intune_bridge"])
    #expect(plugins.pods.first?.isFlutter == true)
    #expect(plugins.pods.first?.podspec?.libraries.contains { $0.name.hasSuffix("IntuneMAMSwift.xcframework") } == true)
    #expect(plugins.packageDependencies.map(\.name) == ["flutter", "msal_flutter"])
    #expect(plugins.packageDependencies.allSatisfy { $0.isPub })
  }

  @Test func symlinkedFlutterPluginsAreFoundWithoutTheDependenciesFile() throws {
    let root = try Self.repository([
      "ios/Podfile": "target 'Runner' do\n  flutter_install_all_ios_pods File.dirname(File.realpath(__FILE__))\nend\n",
      "ios/.symlinks/plugins/intune_bridge/ios/intune_bridge.podspec": Self.intunePodspec,
    ])
    let boundary = RepositoryBoundary(roots: [root])
    let podfile = try #require(Podfile(path: root + "/ios/Podfile", boundary: boundary))
    let plugins = PluginPods(podfile: podfile, boundary: boundary)
    #expect(plugins.pods.map(\.name) == ["intune_bridge"])
    #expect(plugins.pods.first?.podspec?.libraries.count == 4)
  }

  /// A plug-in's own example app, checked out without `flutter pub get`'s files: its `pubspec.yaml` dependency on
  /// the plug-in's folder (`path: ../`) is read as `.symlinks/plugins` would link it.
  @Test func aFlutterPluginsOwnExampleFindsThePluginThroughItsPathDependency() throws {
    let root = try Self.repository([
      "ios/intune_bridge.podspec": Self.intunePodspec,
      "example/ios/Podfile":
        "target 'Runner' do\n  flutter_install_all_ios_pods File.dirname(File.realpath(__FILE__))\nend\n",
      "example/pubspec.yaml": """
        name: intune_bridge_example
        dependencies:
          flutter:
            sdk: flutter
          intune_bridge:
            # the plug-in itself
            path: "../"
          other: ^1.0.0
        dev_dependencies:
          helper:
            path: ../helper
        """,
    ])
    let boundary = RepositoryBoundary(roots: [root])
    let podfile = try #require(Podfile(path: root + "/example/ios/Podfile", boundary: boundary))
    let plugins = PluginPods(podfile: podfile, boundary: boundary)
    #expect(plugins.pods.map(\.name) == ["intune_bridge"])
    #expect(plugins.pods.first?.podspec?.libraries.contains { $0.name.hasSuffix("IntuneMAMSwift.xcframework") } == true)
    #expect(PluginPods.pubPathDependencies("dependencies:\n  a:\n    path: x # here\n  b: ^1.0\n").map(\.path) == ["x"])
  }

  @Test func aPathPodIsReadAndOneOutsideTheRepositoryIsANote() throws {
    let root = try Self.repository([
      "Podfile": """
        target 'App' do
          pod 'ContosoIntune', :path => 'Plugins/ContosoIntune'
          pod 'Elsewhere', :path => '../elsewhere'
          pod 'Remote', :git => 'https://example.com/remote.git'
        end
        """,
      "Plugins/ContosoIntune/ContosoIntune.podspec": "Pod::Spec.new do |s|\n  s.dependency 'IntuneMAMSwift'\nend\n",
    ])
    let boundary = RepositoryBoundary(roots: [root])
    let podfile = try #require(Podfile(path: root + "/Podfile", boundary: boundary))
    let plugins = PluginPods(podfile: podfile, boundary: boundary)
    #expect(plugins.pods.map(\.name) == ["ContosoIntune", "Elsewhere"])
    #expect(plugins.pods.first?.podLine == 2)
    #expect(plugins.pods.first?.podspec?.libraries.map(\.name) == ["IntuneMAMSwift"])
    #expect(plugins.pods.last?.podspec == nil)
    #expect(plugins.notes.count == 1)
    #expect(plugins.notes.first?.description.contains("'Elsewhere' is not read") == true)
  }

  /// A plug-in's example app names the plug-in in `node_modules`, which a checkout lacks: the repository's own
  /// package (its `package.json` has that name) is the plug-in, podspec and all; another package is not guessed.
  @Test func thePluginsOwnPackageStandsForItsMissingNodeModulesFolder() throws {
    let root = try Self.repository([
      "package.json": #"{"name": "react-native-contoso-intune", "version": "1.0.0"}"#,
      "RNContosoIntune.podspec":
        "Pod::Spec.new do |s|\n  s.vendored_frameworks = 'IntuneSDK/IntuneMAM.framework'\nend\n",
      "example/package.json": #"{"name": "example", "dependencies": {"react-native-contoso-intune": "file:.."}}"#,
      "example/ios/Podfile": """
        target 'example' do
          pod 'RNContosoIntune', :path => '../node_modules/react-native-contoso-intune'
          pod 'React', :path => '../node_modules/react-native'
        end
        """,
    ])
    try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
    let boundary = RepositoryBoundary(roots: [root])
    let podfile = try #require(Podfile(path: root + "/example/ios/Podfile", boundary: boundary))
    let plugins = PluginPods(podfile: podfile, boundary: boundary)
    #expect(plugins.pods.map(\.name) == ["RNContosoIntune", "React"])
    #expect(plugins.pods.first?.podspec?.libraries.map(\.name) == ["IntuneSDK/IntuneMAM.framework"])
    #expect(plugins.pods.last?.podspec == nil)
    // A file reference of the example's Xcode project is resolved the same way.
    let framework = root + "/example/ios/../node_modules/react-native-contoso-intune/IntuneSDK/IntuneMAM.framework"
    let resolved = OwnNodePackage.resolved(framework, boundary: boundary)
    #expect(resolved.hasSuffix("/IntuneSDK/IntuneMAM.framework") && !resolved.contains("node_modules"))
    let other = root + "/example/node_modules/react-native/React/React.xcodeproj"
    #expect(OwnNodePackage.resolved(other, boundary: boundary) == other)
  }

  @Test func reactNativeDependenciesCountWithoutNodeModules() throws {
    let root = try Self.repository([
      "ios/Podfile": "target 'App' do\n  config = use_native_modules!\nend\n",
      "package.json": #"{"dependencies": {"react-native": "0.74.0", "react-native-msal": "^4.0.0"}}"#,
    ])
    let boundary = RepositoryBoundary(roots: [root])
    let podfile = try #require(Podfile(path: root + "/ios/Podfile", boundary: boundary))
    #expect(podfile.pluginInstallers(ofTarget: "App").map(\.name) == ["use_native_modules!"])
    let plugins = PluginPods(podfile: podfile, boundary: boundary)
    #expect(plugins.pods.isEmpty)
    #expect(plugins.packageDependencies.map(\.name) == ["react-native", "react-native-msal"])
    #expect(plugins.packageDependencies.allSatisfy { !$0.isPub })
  }

  @Test func reactNativePluginPodspecsAreReadFromCommittedNodeModules() throws {
    let root = try Self.repository([
      "ios/Podfile": "target 'App' do\n  use_native_modules!\nend\n",
      "package.json": #"{"dependencies": {"react-native-intune-bridge": "1.0.0"}}"#,
      "node_modules/react-native-intune-bridge/bridge.podspec": "Pod::Spec.new do |s|\n  s.dependency 'IntuneMAMSwift'\nend\n",
    ])
    let boundary = RepositoryBoundary(roots: [root])
    let podfile = try #require(Podfile(path: root + "/ios/Podfile", boundary: boundary))
    let plugins = PluginPods(podfile: podfile, boundary: boundary)
    #expect(plugins.pods.map(\.name) == ["react-native-intune-bridge"])
    #expect(plugins.pods.first?.podspec?.libraries.map(\.name) == ["IntuneMAMSwift"])
  }

  @Test func pubDependenciesAreTheKeysUnderDependencies() {
    let text = "name: x\ndependencies:\n  a: ^1.0\n  b:\n    path: ../b\ndev_dependencies:\n  c: any\n"
    #expect(PluginPods.pubDependencies(text) == ["a", "b"])
  }
}
