import SharelintBase

/// How `sharelint targets` shows a target's build facts, in JSON and in text.
extension XcodeTargetsReport {
  /// Where a configuration's Info.plist comes from: `file` (`INFOPLIST_FILE`), `generated`
  /// (`GENERATE_INFOPLIST_FILE = YES`, no file), `file+generated` (the file, with Xcode's generated keys
  /// merged in), or `none`.
  static func infoPlistKind(of configuration: XcodeTargetConfiguration) -> String {
    let hasFile = !(configuration.infoPlistPath?.value.isEmpty ?? true)
    switch (hasFile, configuration.generatesInfoPlist) {
    case (true, true): return "file+generated"
    case (true, false): return "file"
    case (false, true): return "generated"
    case (false, false): return "none"
    }
  }

  /// The JSON fields of a target's build facts (merged into the target's object).
  static func json(of facts: XcodeTargetBuildFacts) -> [String: JSONValue] {
    func string(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }
    func strings(_ texts: [String]) -> JSONValue { .array(texts.map { .string($0) }) }
    let linked: [JSONValue] = facts.linkedFiles.map { linked in
      let reference = linked.file.fileReference
      return .object([
        "name": .string(linked.file.name), "kind": .string(reference?.kind.rawValue ?? "unknown"),
        "path": string(reference?.resolvedPath), "sourceTree": string(reference?.sourceTree),
        "version": string(linked.bundleVersion), "weak": .bool(linked.file.isWeak),
      ])
    }
    let packages: [JSONValue] = facts.packageProducts.map { product in
      let package = product.product.package
      return .object([
        "product": .string(product.product.productName), "package": string(package?.identity),
        "location": string(package?.repositoryURL ?? package?.localPath),
        "requirement": string(package.map(\.requirementDescription)), "version": string(product.resolvedVersion),
      ])
    }
    let pods: [JSONValue] = facts.pods.map { pod in
      .object([
        "name": .string(pod.pod.name), "version": string(pod.lockedVersion),
        "requirements": strings(pod.pod.requirements), "configurations": strings(pod.pod.configurations),
        "podfile": .string(pod.podfile), "line": .integer(Int64(pod.pod.line)),
      ])
    }
    let carthage: [JSONValue] = facts.carthage.map { dependency in
      .object([
        "name": .string(dependency.entry.name), "kind": .string(dependency.entry.kind),
        "source": .string(dependency.entry.source), "version": .string(dependency.entry.version),
        "resolved": .bool(dependency.isResolved), "file": .string(dependency.file),
      ])
    }
    let embedded: [JSONValue] = facts.embedded.map { file in
      .object([
        "name": .string(file.file.name), "destination": .string(file.destination.description),
        "signed": .bool(file.isSigned), "removesHeaders": .bool(file.file.removesHeadersOnCopy),
        "phase": .string(file.phaseName), "onlyWhenInstalling": .bool(file.onlyWhenInstalling),
      ])
    }
    let scripts: [JSONValue] = facts.scriptPhases.map { phase in
      let script = phase.shellScript
      return .object([
        "name": .string(phase.displayName), "shellPath": string(script?.shellPath), "script": string(script?.script),
        "inputPaths": strings(script?.inputPaths ?? []), "outputPaths": strings(script?.outputPaths ?? []),
        "onlyWhenInstalling": .bool(phase.runsOnlyForInstall),
      ])
    }
    var fields: [String: JSONValue] = [
      "containingApps": strings(facts.containingApps),
      "containingAppProjects": .array(
        facts.containingAppProjects(count: facts.containingApps.count).map { $0.map { .string($0) } ?? .null }),
      "embedsTargets": strings(facts.embeddedTargets),
      "dependencies": strings(facts.dependencies), "linked": .array(linked), "packageProducts": .array(packages),
      "pods": .array(pods), "carthage": .array(carthage), "embedded": .array(embedded),
      "scriptPhases": .array(scripts), "resources": strings(facts.resources.map(\.name)),
    ]
    // Only when there are some: the field is newer than the others.
    if !facts.pluginLibraries.isEmpty {
      fields["pluginLibraries"] = .array(
        facts.pluginLibraries.map { plugin in
          var object: [String: JSONValue] = [
            "name": .string(plugin.library.name), "dependency": .bool(plugin.library.isDependency),
            "plugin": .string(plugin.plugin), "podspec": .string(plugin.podspec),
            "line": .integer(Int64(plugin.library.line)), "origin": .string(plugin.origin),
          ]
          if let version = plugin.bundleVersion { object["version"] = .string(version) }
          return .object(object)
        })
    }
    return fields
  }

  /// The JSON fields a configuration adds for its build facts.
  static func json(of configuration: XcodeTargetConfiguration) -> [String: JSONValue] {
    [
      "infoPlistKind": .string(infoPlistKind(of: configuration)),
      "linkerFlags": .array(XcodeTargetBuildFacts.linkerFlags(in: configuration).map { .string($0.written) }),
    ]
  }

  /// The text lines of a target's build facts (indented by two spaces, after the target's header line).
  static func textLines(of facts: XcodeTargetBuildFacts) -> [String] {
    var lines: [String] = []
    func add(_ label: String, _ items: [String]) {
      guard !items.isEmpty else { return }
      lines.append("  \(label): " + items.joined(separator: ", "))
    }
    add("embeds targets", facts.embeddedTargets)
    add(
      "links",
      facts.linkedFiles.map { linked in
        linked.file.name + (linked.bundleVersion.map { " \($0)" } ?? "") + (linked.file.isWeak ? " (weak)" : "")
      })
    add(
      "Swift packages",
      facts.packageProducts.map { product in
        let package = product.product.package
        var detail = [package?.identity, package?.requirementDescription].compactMap { $0 }.joined(separator: " ")
        if let version = product.resolvedVersion { detail += (detail.isEmpty ? "" : ", ") + "resolved \(version)" }
        return product.product.productName + (detail.isEmpty ? "" : " (\(detail))")
      })
    if let podfile = facts.pods.first?.podfile {
      add(
        "pods (\(podfile))",
        facts.pods.map { pod in
          var text = pod.pod.name + (pod.lockedVersion.map { " \($0)" } ?? "")
          if !pod.pod.configurations.isEmpty { text += " [\(pod.pod.configurations.joined(separator: ", "))]" }
          return text
        })
    }
    add(
      "plug-ins bring in",
      facts.pluginLibraries.map { plugin in
        PathText.lastComponent(of: plugin.library.name) + (plugin.bundleVersion.map { " \($0)" } ?? "")
          + " (\(plugin.plugin), \(plugin.podspec):\(plugin.library.line))"
      })
    if let file = facts.carthage.first?.file {
      add("Carthage (\(file))", facts.carthage.map { "\($0.entry.name) \($0.entry.version)" })
    }
    // Extensions and apps are signed by their own target's build; "embeds targets" names them.
    let bundles: Set<XcodeLinkedFileKind> = [.appExtension, .application]
    let codeKinds: Set<XcodeLinkedFileKind> = [.framework, .xcframework, .dynamicLibrary]
    add(
      "embeds",
      facts.embedded.compactMap { file in
        let kind = file.file.fileReference?.kind ?? .other
        guard !bundles.contains(kind) else { return nil }
        let signing = codeKinds.contains(kind) ? (file.isSigned ? " (signed)" : " (not signed)") : ""
        return "\(file.file.name) in \(file.destination.description)" + signing
      })
    add("script phases", facts.scriptPhases.map(\.displayName))
    let resources = facts.resources.map(\.name)
    if !resources.isEmpty {
      let shown = resources.prefix(5).joined(separator: ", ") + (resources.count > 5 ? ", …" : "")
      lines.append("  resources: \(resources.count) (\(shown))")
    }
    return lines
  }
}
