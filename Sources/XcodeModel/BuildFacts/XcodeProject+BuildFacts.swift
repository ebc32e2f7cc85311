import SharelintBase

extension XcodeProject {
  /// The build facts of `target`: its phases read, package products matched with `files.packageResolved`, its
  /// Podfile block's pods with `files.podfileLock`'s versions, the project's Carthage dependencies, and the
  /// version of each framework the repository holds (read once through `cache`).
  public func buildFacts(
    of target: PBXNativeTarget, files: XcodeDependencyFiles, cache: inout XcodeDependencyFileCache
  ) -> XcodeTargetBuildFacts {
    var facts = XcodeTargetBuildFacts(targetName: target.name, project: path)
    var pluginSources = XcodeCompiledSources()
    let phases = buildPhases(of: target)
    facts.phases = phases
    for phase in phases {
      switch phase.kind {
      case .frameworks:
        for file in phase.files where file.packageProduct == nil {
          var version = file.fileReference?.declaredVersion
          if version == nil, let reference = file.fileReference, let resolved = reference.resolvedPath,
            [.framework, .xcframework].contains(reference.kind)
          {
            version = cache.bundleVersion(at: resolved)
          }
          facts.linkedFiles.append(XcodeTargetBuildFacts.LinkedFile(file: file, bundleVersion: version))
        }
      case .resources:
        facts.resources += phase.files
      case .copyFiles(let destination):
        for file in phase.files {
          facts.embedded.append(
            XcodeTargetBuildFacts.EmbeddedFile(
              file: file, destination: destination, phaseName: phase.displayName,
              onlyWhenInstalling: phase.runsOnlyForInstall))
        }
      case .shellScript:
        facts.scriptPhases.append(phase)
      case .sources, .headers, .other:
        break
      }
    }
    facts.packageProducts = packageProducts(of: target).map { product in
      var version: String?
      if let package = product.package, let resolved = files.packageResolved {
        let pin = resolved.pins.first { $0.identity == package.identity }
        version = pin?.resolvedDescription
      }
      return XcodeTargetBuildFacts.PackageProduct(product: product, resolvedVersion: version)
    }
    if !facts.packageProducts.isEmpty, let resolved = files.packageResolved {
      facts.packageGraphIdentities = Set(resolved.pins.map(\.identity))
    }
    if let podfile = files.podfile {
      let written = podfile.project(ofTarget: target.name)
      let isThisProject =
        written.map { XcodeDependencyFileCache.projectName($0) == name } ?? files.podfileIsBesideProject
      if isThisProject {
        facts.pods = podfile.pods(ofTarget: target.name).map { pod in
          XcodeTargetBuildFacts.Pod(
            pod: pod, podfile: PathText.relativeToWorkingFolder(podfile.path),
            lockedVersion: files.podfileLock?.version(of: pod.name))
        }
        if !facts.pods.isEmpty {
          facts.lockedPods = files.podfileLock?.versions ?? [:]
          facts.lockedPodsBroughtIn = files.podfileLock?.podsBroughtIn(by: facts.pods.map(\.pod.name))
        } else if !podfile.pluginInstallers(ofTarget: target.name).isEmpty, let lock = files.podfileLock {
          // The block's pods are what a plug-in installer adds (`flutter_install_all_ios_pods`,
          // `use_native_modules!`), written in no line of it: every pod of the lock counts, as when the lock does not
          // say what brings what in (a Flutter Runner's plug-in that brings MSAL in).
          facts.lockedPods = lock.versions
        }
        if let plugins = files.plugins {
          let installers = podfile.pluginInstallers(ofTarget: target.name)
          let podLines = Set(facts.pods.map(\.pod.line))
          let flutter = installers.contains(where: \.isFlutter)
          let reactNative = installers.contains { !$0.isFlutter }
          for plugin in plugins.pods {
            let isLinked =
              plugin.podLine.map(podLines.contains)
              ?? (plugin.isFlutter ? flutter : reactNative)
            guard isLinked, let podspec = plugin.podspec else { continue }
            // A plug-in's own sources are code the app runs: the source rules read them as the app's dependencies'.
            pluginSources.append(podspec.sourceFolders)
            let podspecFolder = PathText.removingLastComponent(of: podspec.path)
            for library in podspec.libraries {
              // A framework the plug-in vendors by a literal path gives its version as one the project links does.
              let lowered = library.name.lowercased()
              let vendored = !library.isDependency && !library.name.contains("*")
                && (lowered.hasSuffix(".framework") || lowered.hasSuffix(".xcframework"))
              let version = vendored
                ? cache.bundleVersion(at: PathText.tidied(PathText.joined(podspecFolder, library.name))) : nil
              facts.pluginLibraries.append(
                XcodeTargetBuildFacts.PluginLibrary(
                  library: library, plugin: plugin.name, podspec: PathText.relativeToWorkingFolder(podspec.path),
                  origin: plugin.origin, bundleVersion: version))
            }
          }
          if !installers.isEmpty {
            facts.pluginPackageDependencies = plugins.packageDependencies.filter { $0.isPub == flutter || reactNative }
          }
        }
      }
    }
    if let resolved = files.cartfileResolved {
      facts.carthage = resolved.entries.map {
        .init(entry: $0, file: PathText.relativeToWorkingFolder(resolved.path), isResolved: true)
      }
    } else if let cartfile = files.cartfile {
      facts.carthage = cartfile.entries.map {
        .init(entry: $0, file: PathText.relativeToWorkingFolder(cartfile.path), isResolved: false)
      }
    }
    facts.dependencies = dependencies(of: target).map(\.name)
    facts.containingApps = containingApps(of: target).map(\.name)
    facts.embeddedTargets = embeddedTargets(of: target).map(\.name)
    facts.notes = files.notes
    facts.compiledSources = compiledSources(of: target)
    facts.dependencySources = dependencySources(of: target)
    facts.dependencySources.append(pluginSources)
    return facts
  }
}
