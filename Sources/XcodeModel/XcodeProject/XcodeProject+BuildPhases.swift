import SharelintBase

extension XcodeProject {
  /// The build phases of `target`, in order, each with its files resolved: file references through the
  /// group tree (and to the target whose product they are), package products to their package.
  /// A phase identifier naming no object is skipped; a build file naming none is kept as `.dangling`.
  public func buildPhases(of target: PBXNativeTarget) -> [XcodeBuildPhase] {
    let productTargets = targetIDByProduct
    return target.buildPhaseIDs.compactMap { id in
      guard let object = objects[id] else { return nil }
      return buildPhase(object, productTargets: productTargets)
    }
  }

  /// The Swift package products `target` depends on (`packageProductDependencies`), with their packages.
  /// Products a frameworks phase links but the list leaves out are added after them.
  public func packageProducts(of target: PBXNativeTarget) -> [XcodeSwiftPackageProduct] {
    guard let object = objects[target.id] else { return [] }
    var products: [XcodeSwiftPackageProduct] = []
    var seen: Set<String> = []
    for id in object.fields.strings("packageProductDependencies") where seen.insert(id).inserted {
      if let product = packageProduct(id) { products.append(product) }
    }
    for phaseID in target.buildPhaseIDs {
      guard let phase = objects[phaseID], phase.isa == "PBXFrameworksBuildPhase" else { continue }
      for fileID in phase.fields.strings("files") {
        guard let productID = objects[fileID]?.fields.string("productRef"), seen.insert(productID).inserted,
          let product = packageProduct(productID)
        else { continue }
        products.append(product)
      }
    }
    return products
  }

  /// The Swift packages the project refers to (`packageReferences` of the root object), in written order.
  public var packageReferences: [XcodeSwiftPackageReference] {
    guard let root = objects[project.id] else { return [] }
    return root.fields.strings("packageReferences").compactMap(packageReference)
  }

  /// The targets `target` depends on (`PBXTargetDependency` → `target`), in order; dependencies on targets of
  /// other projects (`targetProxy` only) are left out.
  public func dependencies(of target: PBXNativeTarget) -> [PBXNativeTarget] {
    target.dependencyIDs.compactMap { id in
      guard let targetID = objects[id]?.fields.string("target") else { return nil }
      return self.target(withID: targetID)
    }
  }

  /// The targets `app` embeds: the inverse of `containingApps(of:)`, in the project's order.
  public func embeddedTargets(of app: PBXNativeTarget) -> [PBXNativeTarget] {
    guard app.isApplication else { return [] }
    return (embeddedTargetIDs[app.id] ?? []).compactMap(target(withID:))
  }

  // MARK: - Reading objects

  private func line(of object: XcodeObject) -> Int { source.lineIndex(of: object.range.start) + 1 }

  private func buildPhase(_ object: XcodeObject, productTargets: [String: String]) -> XcodeBuildPhase {
    let fields = object.fields
    let kind: XcodeBuildPhase.Kind
    switch object.isa {
    case "PBXFrameworksBuildPhase": kind = .frameworks
    case "PBXResourcesBuildPhase": kind = .resources
    case "PBXSourcesBuildPhase": kind = .sources
    case "PBXHeadersBuildPhase": kind = .headers
    case "PBXCopyFilesBuildPhase":
      kind = .copyFiles(
        XcodeCopyDestination(
          subfolderSpec: fields.string("dstSubfolderSpec").flatMap { Int($0) }, path: fields.string("dstPath") ?? ""))
    case "PBXShellScriptBuildPhase":
      kind = .shellScript(
        XcodeShellScript(
          shellPath: fields.string("shellPath") ?? "/bin/sh", script: fields.string("shellScript") ?? "",
          inputPaths: fields.strings("inputPaths"), outputPaths: fields.strings("outputPaths"),
          inputFileListPaths: fields.strings("inputFileListPaths"),
          outputFileListPaths: fields.strings("outputFileListPaths"),
          alwaysOutOfDate: fields.string("alwaysOutOfDate") == "1"))
    default: kind = .other
    }
    let phaseLine = line(of: object)
    let files = fields.strings("files").map { id in buildFile(id, productTargets: productTargets, phaseLine: phaseLine)
    }
    return XcodeBuildPhase(
      id: object.id, isa: object.isa, kind: kind, name: fields.string("name"), files: files,
      runsOnlyForInstall: fields.string("runOnlyForDeploymentPostprocessing") == "1", line: phaseLine)
  }

  private func buildFile(_ id: String, productTargets: [String: String], phaseLine: Int) -> XcodeBuildFile {
    guard let object = objects[id] else {
      return XcodeBuildFile(id: id, item: .dangling(id), attributes: [], line: phaseLine)
    }
    let attributes = object.fields["settings"]?.dictionary?.strings("ATTRIBUTES") ?? []
    let item: XcodeBuildFile.Item
    if let referenceID = object.fields.string("fileRef") {
      item = fileReference(referenceID, productTargets: productTargets).map { .file($0) } ?? .dangling(referenceID)
    } else if let productID = object.fields.string("productRef") {
      item = packageProduct(productID).map { .packageProduct($0) } ?? .dangling(productID)
    } else {
      item = .dangling(nil)
    }
    return XcodeBuildFile(id: id, item: item, attributes: attributes, line: line(of: object))
  }

  private func fileReference(_ id: String, productTargets: [String: String]) -> XcodeFileReference? {
    guard let object = objects[id] else { return nil }
    let fields = object.fields
    return XcodeFileReference(
      id: id, isa: object.isa, name: fields.string("name"), path: fields.string("path"),
      sourceTree: fields.string("sourceTree") ?? "<group>",
      fileType: fields.string("explicitFileType") ?? fields.string("lastKnownFileType") ?? fields.string("fileType"),
      resolvedPath: path(ofFileReference: id).map(PathText.relativeToWorkingFolder),
      productOfTargetID: productTargets[id], declaredVersion: fields.string("version"))
  }

  private func packageProduct(_ id: String) -> XcodeSwiftPackageProduct? {
    guard let object = objects[id], let name = object.fields.string("productName") else { return nil }
    return XcodeSwiftPackageProduct(
      id: id, productName: name, package: object.fields.string("package").flatMap(packageReference))
  }

  private func packageReference(_ id: String) -> XcodeSwiftPackageReference? {
    guard let object = objects[id] else { return nil }
    let fields = object.fields
    var requirement: [String: String] = [:]
    for entry in fields["requirement"]?.dictionary?.entries ?? [] {
      if let value = entry.value.string { requirement[entry.key] = value }
    }
    return XcodeSwiftPackageReference(
      id: id, repositoryURL: fields.string("repositoryURL"),
      localPath: fields.string("relativePath") ?? fields.string("path"), requirement: requirement)
  }
}

extension XcodeProject {
  /// The Swift, Objective-C and C files `target` compiles: its "Compile Sources" phases' files, and its folders
  /// synchronized with the disk (Xcode 16's `fileSystemSynchronizedGroups`). A
  /// `PBXFileSystemSynchronizedBuildFileExceptionSet` naming the target lists, for a folder of the target, the files
  /// it leaves out, and for a folder of other targets, the files it compiles too (as Xcode reads them: an extension
  /// compiling two files of its app's folder).
  public func compiledSources(of target: PBXNativeTarget) -> XcodeCompiledSources {
    var sources = XcodeCompiledSources()
    var added: Set<String> = []
    func add(_ path: String) {
      if added.insert(path).inserted { sources.files.append(path) }
    }
    for phase in buildPhases(of: target) where phase.kind == .sources {
      for file in phase.files {
        guard let reference = file.fileReference, let path = reference.resolvedPath,
          XcodeCompiledSources.isCompiledSource(reference.fileName)
        else { continue }
        add(path)
      }
    }
    let exceptions = synchronizedGroups.exceptionsByTarget[target.id] ?? []
    var exceptedByGroup: [String: Set<String>] = [:]
    for exception in exceptions { exceptedByGroup[exception.groupID, default: []].formUnion(exception.members) }
    let own = objects[target.id]?.fields.strings("fileSystemSynchronizedGroups") ?? []
    for groupID in own {
      guard objects[groupID] != nil, let path = self.path(ofFileReference: groupID) else { continue }
      sources.folders.append(
        XcodeCompiledSources.Folder(
          path: PathText.relativeToWorkingFolder(path), exceptions: exceptedByGroup[groupID] ?? []))
    }
    let ownSet = Set(own)
    for exception in exceptions where !ownSet.contains(exception.groupID) {
      let members = exception.members.filter(XcodeCompiledSources.isCompiledSource)
      guard !members.isEmpty, let path = self.path(ofFileReference: exception.groupID) else { continue }
      for member in members { add(PathText.relativeToWorkingFolder(PathText.joined(path, member))) }
    }
    return sources
  }

  /// The sources of what `target` builds with from the repository: the targets it depends on or links from this
  /// project (transitively; apps and extensions are products of their own, not code it runs), and the `Sources`
  /// folder (else the folder) of each local Swift package it links.
  public func dependencySources(of target: PBXNativeTarget) -> XcodeCompiledSources {
    var sources = XcodeCompiledSources()
    var seen: Set<String> = [target.id]
    var pending = [target]
    var steps = 0
    while let current = pending.popLast(), steps < 1_000 {
      steps += 1
      var next = dependencies(of: current)
      for phase in buildPhases(of: current) where phase.kind == .frameworks {
        for file in phase.files {
          if let id = file.fileReference?.productOfTargetID, let linked = self.target(withID: id) {
            next.append(linked)
          }
        }
      }
      for dependency in next where !dependency.isApplication && !dependency.isExtension {
        guard seen.insert(dependency.id).inserted else { continue }
        sources.append(compiledSources(of: dependency))
        pending.append(dependency)
      }
    }
    let container = PathText.removingLastComponent(of: path)
    for product in packageProducts(of: target) {
      guard let package = product.package, package.repositoryURL == nil, let local = package.localPath else {
        continue
      }
      let folder = local.hasPrefix("/") ? local : PathText.joined(container, local)
      let sourcesFolder = PathText.joined(folder, "Sources")
      let chosen = SourceFolderWalker.isDirectory(sourcesFolder) ? sourcesFolder : folder
      let shown = XcodeCompiledSources.Folder(path: PathText.relativeToWorkingFolder(PathText.tidied(chosen)))
      if !sources.folders.contains(shown) { sources.folders.append(shown) }
    }
    return sources
  }
}
