import Foundation
import Testing
import XcodeModel

@Suite("Dependency files")
struct DependencyFilesTests {
  // MARK: Package.resolved

  @Test func packageResolvedFormatOne() {
    let text = """
      {
        "object": {
          "pins": [
            {
              "package": "MSAL",
              "repositoryURL": "https://github.com/AzureAD/microsoft-authentication-library-for-objc",
              "state": { "branch": null, "revision": "abcdef0123456789", "version": "1.1.0" }
            }
          ]
        },
        "version": 1
      }
      """
    let resolved = PackageResolved(path: "Package.resolved", bytes: Array(text.utf8))
    #expect(resolved.format == 1)
    #expect(resolved.pins.map(\.identity) == ["microsoft-authentication-library-for-objc"])
    #expect(resolved.pins.first?.version == "1.1.0")
    #expect(resolved.pins.first?.line == 6)
    #expect(resolved.notes.isEmpty)
  }

  @Test func packageResolvedFormatsTwoAndThree() {
    for format in [2, 3] {
      let text = """
        {
          "originHash" : "x",
          "pins" : [
            { "identity" : "ms-intune-app-sdk-ios", "kind" : "remoteSourceControl",
              "location" : "https://github.com/microsoftconnect/ms-intune-app-sdk-ios.git",
              "state" : { "revision" : "0123456789abcdef", "version" : "20.1.1" } },
            { "identity" : "tools", "kind" : "remoteSourceControl", "location" : "https://example.com/tools",
              "state" : { "branch" : "main", "revision" : "fedcba9876543210" } }
          ],
          "version" : \(format)
        }
        """
      let resolved = PackageResolved(path: "Package.resolved", bytes: Array(text.utf8))
      #expect(resolved.format == format)
      #expect(
        resolved.pin(forLocation: "https://github.com/microsoftconnect/ms-intune-app-sdk-ios")?.version == "20.1.1")
      #expect(resolved.pins.last?.resolvedDescription == "main@fedcba9")
    }
  }

  @Test func aDamagedPackageResolvedIsANote() {
    let resolved = PackageResolved(path: "Package.resolved", bytes: Array("{ \"pins\": [".utf8))
    #expect(resolved.pins.isEmpty)
    #expect(resolved.notes.map(\.message) == ["not valid JSON; the resolved package versions are unknown"])
    let noPins = PackageResolved(path: "Package.resolved", bytes: Array("[1, 2]".utf8))
    #expect(noPins.notes.count == 1)
  }

  // MARK: Podfile

  @Test func podOptionsAreRead() {
    let podfile = Podfile(
      path: "Podfile",
      text: """
        target "App" do
          pod 'A', '>= 1.0', '< 2.0'
          pod 'B', configurations: ['Debug', 'Beta']
          pod 'C', :configuration => 'Release'
          pod 'D', :path => '../D'
          pod('E', :git => 'https://example.com/e.git', :tag => '1.0') # comment 'F'
        end
        """)
    let pods = podfile.pods(ofTarget: "App")
    #expect(pods.map(\.name) == ["A", "B", "C", "D", "E"])
    #expect(pods[0].requirements == [">= 1.0", "< 2.0"])
    #expect(pods[1].configurations == ["Debug", "Beta"])
    #expect(pods[1].isLinked(in: "beta") && !pods[1].isLinked(in: "Release"))
    #expect(pods[2].configurations == ["Release"])
    #expect(pods[3].source == "../D")
    #expect(pods[4].source == "https://example.com/e.git")
    #expect(podfile.notes.isEmpty)
  }

  @Test func topLevelPodsAreEveryTargetsAndInheritNoneStopsThem() {
    let podfile = Podfile(
      path: "Podfile",
      text: """
        pod 'Everywhere'
        project 'ios/App.xcodeproj'
        target 'App' do
          pod 'IntuneMAMSwift'
          target 'AppTests' do
            inherit! :none
          end
          target 'Widget' do
          end
        end
        """)
    #expect(podfile.pods(ofTarget: "App").map(\.name) == ["IntuneMAMSwift", "Everywhere"])
    #expect(podfile.pods(ofTarget: "AppTests").isEmpty)
    #expect(podfile.pods(ofTarget: "Widget").map(\.name) == ["IntuneMAMSwift", "Everywhere"])
    #expect(podfile.pods(ofTarget: "Unknown").isEmpty)
    #expect(podfile.project(ofTarget: "Widget") == "ios/App.xcodeproj")
  }

  @Test func blocksNeverClosedOrClosedTwiceAreLocatedNotes() {
    let unclosed = Podfile(path: "Podfile", text: "target 'App' do\n  pod 'A'\n  if true\n")
    #expect(unclosed.notes.map(\.description) == ["Podfile:4: 2 block(s) not closed by 'end'"])
    #expect(unclosed.pods(ofTarget: "App").map(\.name) == ["A"])
    let stray = Podfile(path: "Podfile", text: "end\ntarget 'App' do\nend\n")
    #expect(stray.notes.map(\.description) == ["Podfile:1: 'end' closes no block"])
  }

  @Test func aLargePodfileIsReadInLinearTime() {
    // 20,000 targets each calling a method with 10 pods: every pod is copied once per call, no more.
    var text = "def shared\n" + (0..<10).map { "  pod 'P\($0)'\n" }.joined() + "end\n"
    for index in 0..<20_000 { text += "target 'T\(index)' do\n  shared\nend\n" }
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      let podfile = Podfile(path: "Podfile", text: text)
      #expect(podfile.pods(ofTarget: "T19999").count == 10)
    }
    #expect(elapsed < .seconds(10))
  }

  @Test func methodsCallingMethodsAreBounded() {
    var text = "def m0\n" + (0..<10).map { "  pod 'P\($0)'\n" }.joined() + "end\n"
    for level in 1..<40 { text += "def m\(level)\n  m\(level - 1)\n  m\(level - 1)\nend\n" }
    text += "target 'App' do\n  m39\nend\n"
    let podfile = Podfile(path: "Podfile", text: text)
    let pods = podfile.pods(ofTarget: "App")
    #expect(pods.map(\.name) == (0..<10).map { "P\($0)" })
  }

  @Test func deeplyNestedBlocksStayLinear() {
    let text = String(repeating: "target 'A' do\n  pod 'X'\n", count: 30_000)
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      let podfile = Podfile(path: "Podfile", text: text)
      #expect(podfile.pods(ofTarget: "A").map(\.name) == ["X"])
      #expect(podfile.notes.map(\.message) == ["30000 block(s) not closed by 'end'"])
    }
    #expect(elapsed < .seconds(10))
  }

  @Test func aPodfileTooLargeIsANote() throws {
    let folder = try XcodeFixtures.folder(["Podfile": String(repeating: "#", count: Podfile.maximumSize + 1)])
    let podfile = try #require(Podfile(path: folder + "/Podfile"))
    #expect(podfile.targets.count == 1)
    #expect(podfile.notes.first?.message == "the file is larger than 1 MiB; its dependencies are unknown")
    #expect(Podfile(path: folder + "/Nothing") == nil)
  }

  // MARK: Podfile.lock

  @Test func podfileLockVersions() {
    let lock = PodfileLock(path: "Podfile.lock", text: BuildFactsFixture.podfileLock)
    #expect(lock.versions["IntuneMAMSwift"] == "19.6.0")
    #expect(lock.versions["Firebase/Analytics"] == "10.0.0")
    #expect(lock.version(of: "MSAL/app-lib") == "1.2.18")
    #expect(lock.version(of: "MSAL/Other") == "1.2.18")
    #expect(lock.versions["FirebaseAnalytics"] == nil)  // a dependency line, not a pod entry
    #expect(lock.lines["IntuneMAMSwift"] == 5)
    #expect(lock.cocoaPodsVersion == "1.15.2")
  }

  @Test func podfileLockDependencies() {
    let lock = PodfileLock(path: "Podfile.lock", text: BuildFactsFixture.podfileLock)
    #expect(lock.dependencies["Firebase/Analytics"] == ["FirebaseAnalytics"])
    #expect(lock.dependencies["MSAL"] == ["MSAL/app-lib"])
    #expect(lock.podsBroughtIn(by: ["MSAL/app-lib"]) == ["MSAL/app-lib", "MSAL"])
    #expect(lock.podsBroughtIn(by: ["Alamofire"]) == ["Alamofire"])
    let plugIn = PodfileLock(path: "Podfile.lock", text: """
      PODS:
        - MSAL (2.15.0):
          - MSAL/app-lib (= 2.15.0)
        - MSAL/app-lib (2.15.0)
        - msal_auth (3.3.0):
          - "Flutter"
          - MSAL (~> 2.11)
        - Sentry (9.1.0)
      """)
    #expect(plugIn.podsBroughtIn(by: ["msal_auth"]) == ["msal_auth", "Flutter", "MSAL", "MSAL/app-lib"])
    #expect(plugIn.podsBroughtIn(by: ["Sentry"]) == ["Sentry"])
    #expect(PodfileLock(path: "Podfile.lock", text: "PODS:\n  - MSAL (2.15.0)\n").podsBroughtIn(by: ["x"]) == nil)
  }

  // MARK: Carthage

  @Test func cartfileAndResolved() {
    let cartfile = Cartfile(
      path: "Cartfile",
      text: """
        # Intune
        binary "https://example.com/IntuneMAM.json" ~> 19.0
        github "AzureAD/microsoft-authentication-library-for-objc" == 1.2.18
        nonsense
        """)
    #expect(cartfile.entries.map(\.name) == ["IntuneMAM", "microsoft-authentication-library-for-objc"])
    #expect(cartfile.entries.map(\.version) == ["~> 19.0", "== 1.2.18"])
    #expect(cartfile.notes.map(\.description) == ["Cartfile:4: expected 'github', 'git' or 'binary'"])
    let unterminated = Cartfile(path: "Cartfile", text: "github \"a/b\n")
    #expect(unterminated.entries.isEmpty)
    #expect(unterminated.notes.map(\.description) == ["Cartfile:1: expected a quoted source after 'github'"])
    let resolved = Cartfile(
      path: "Cartfile.resolved",
      text: """
        github "AzureAD/microsoft-authentication-library-for-objc" "1.2.18"
        git "https://example.com/x.git" "0123abc"
        """)
    #expect(resolved.entries.map(\.version) == ["1.2.18", "0123abc"])
    #expect(resolved.entries.map(\.kind) == ["github", "git"])
    #expect(resolved.entries.map(\.line) == [1, 2])
  }

  // MARK: Finding the files

  @Test func aPodfileAboveTheProjectCountsOnlyWhenItNamesTheProject() throws {
    let pbxproj = XcodeFixtures.project(appSettings: "")
    let folder = try XcodeFixtures.folder([
      "ios/App.xcodeproj/project.pbxproj": pbxproj,
      "ios/Other.xcodeproj/project.pbxproj": pbxproj,
      "Podfile": "project 'ios/App.xcodeproj'\ntarget 'App' do\n  pod 'IntuneMAMSwift'\nend\n",
      "Cartfile.resolved": "github \"a/b\" \"1.0\"\n",
    ])
    var cache = XcodeDependencyFileCache()
    let app = try XcodeProject(path: folder + "/ios/App.xcodeproj")
    let files = cache.files(for: app, workspace: nil)
    #expect(files.podfile != nil)
    #expect(files.cartfileResolved?.entries.count == 1)
    let facts = app.buildFacts(of: try #require(app.target(named: "App")), files: files, cache: &cache)
    #expect(facts.pods.map(\.pod.name) == ["IntuneMAMSwift"])
    #expect(facts.carthage.map(\.entry.name) == ["b"])
    let other = try XcodeProject(path: folder + "/ios/Other.xcodeproj")
    #expect(cache.files(for: other, workspace: nil).podfile == nil)
  }

  @Test func theWorkspacesPackageResolvedWinsOverTheProjects() throws {
    func resolved(_ version: String) -> String {
      """
      {"pins": [{"identity": "msal", "location": "https://x/msal", "state": {"version": "\(version)"}}], "version": 2}
      """
    }
    let folder = try XcodeFixtures.folder([
      "App.xcodeproj/project.pbxproj": XcodeFixtures.project(appSettings: ""),
      "App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved": resolved("1.0.0"),
      "App.xcworkspace/xcshareddata/swiftpm/Package.resolved": resolved("2.0.0"),
    ])
    var cache = XcodeDependencyFileCache()
    let project = try XcodeProject(path: folder + "/App.xcodeproj")
    #expect(
      cache.files(for: project, workspace: folder + "/App.xcworkspace").packageResolved?.pins.first?.version
        == "2.0.0")
    #expect(cache.files(for: project, workspace: nil).packageResolved?.pins.first?.version == "1.0.0")
  }
}
