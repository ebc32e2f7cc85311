import PropertyList
import SharelintBase

/// Fixes land where the truth lives: a .NET app's Info.plist is what the build merges from the Info.plist and its
/// `PartialAppManifest` items (`XcodeGenGeneratedPlist.mergedBy`), linted in memory. A fix planned on that merged
/// plist is written into the file the build takes the changed value from, as the dotnet/macios merge the reader
/// implements decides it (`DotNetProjectReader.merging`, after dotnet/macios: dictionaries are merged key by key at
/// any depth, any other value a partial sets replaces the one before): the partial manifest `keyOrigins` names for
/// the key path, or
/// else the Info.plist. The same `PlistChange`s are made there (byte edits of an XML plist: comments and indentation
/// kept) when that file holds the very value the build merges at the changed path; a new top-level key goes to the
/// Info.plist. A change of a value the build assembles from several files (a dictionary two files add keys to), or
/// of a value another file's would replace, gets no fix: its finding says what to write and where.
enum MergedInfoPlistFixes {
  /// What a merged plist is made of.
  struct Merge {
    /// The Info.plist the partial manifests are merged over, as the run names it.
    var infoPlist: String
    /// The merged plist's value, as linted.
    var merged: PropertyListValue
    /// The partial manifest each key path set by one comes from (`IntuneMAMSettings.ADALClientId`: key paths joined
    /// with `.`, at any depth).
    var keyOrigins: [String: String]

    /// Every file of the merge, the Info.plist first.
    var files: [String] {
      var files = [infoPlist]
      for file in keyOrigins.values.sorted() where !files.contains(file) { files.append(file) }
      return files
    }

    /// The files the value at `path` of the merged plist is made from: the file that set the longest key path it
    /// starts with (a partial that added or replaced it, else the Info.plist), and — for a dictionary, which the
    /// build merges key by key at any depth — every partial that set a key inside it (even when the partials
    /// replaced every key the first file has, replacing or removing in one of them would let the other's keys
    /// through). A value inside an array comes from the one file whose array the build took whole.
    func origins(of path: [PropertyListPathComponent]) -> [String] {
      var keys: [String] = []
      for component in path {
        guard case .key(let key) = component else { break }
        keys.append(key)
      }
      guard !keys.isEmpty else { return files }
      var base = infoPlist
      for length in stride(from: keys.count, through: 1, by: -1) {
        if let file = keyOrigins[keys.prefix(length).joined(separator: ".")] {
          base = file
          break
        }
      }
      guard keys.count == path.count else { return [base] }
      let prefix = keys.joined(separator: ".") + "."
      var found = [base]
      for (keyPath, file) in keyOrigins.sorted(by: { $0.key < $1.key })
      where keyPath.hasPrefix(prefix) && !found.contains(file) {
        found.append(file)
      }
      return found
    }
  }

  /// Where a fix of the merged plist goes: the fix aimed at the file, or the note that says why there is none.
  enum Redirection {
    case fix(LintFix)
    case note(String)
  }

  /// `fix`, planned on the merged plist, aimed at the one file of `merge` that holds what it changes;
  /// `document(file)` reads a file of the merge (nil when it cannot be read).
  static func redirecting(
    _ fix: LintFix, merge: Merge, document: (String) -> PropertyListDocument?
  ) -> Redirection {
    guard fix.sourceEdits == nil, !fix.changes.isEmpty else {
      return .note("not fixed automatically: the build merges this Info.plist from \(list(merge.files)); \(fix.title)")
    }
    var target: String?
    for change in fix.changes {
      switch file(of: change, merge: merge, document: document) {
      case .success(let file):
        if let chosen = target, chosen != file {
          return .note(
            "not fixed automatically: the change spans \(list([chosen, file])), which the build merges; "
              + "\(fix.title) in both")
        }
        target = file
      case .failure(let refusal):
        return .note(
          "not fixed automatically: \(refusal.description); \(fix.title) in \(list(refusal.files, joinedBy: "or"))")
      }
    }
    guard let target else { return .note("not fixed automatically: \(fix.title)") }
    var redirected = fix
    redirected.file = target
    return .fix(redirected)
  }

  /// Why a change cannot be written into one file.
  struct Refusal: Error, CustomStringConvertible {
    /// Why, in a note's words.
    var description: String
    /// The files to write the change in by hand.
    var files: [String]
  }

  /// The file `change` is written into.
  private static func file(
    of change: PlistChange, merge: Merge, document: (String) -> PropertyListDocument?
  ) -> Result<String, Refusal> {
    /// The one file the value at `path` comes from, when it holds that value as the build merges it.
    func holder(of path: [PropertyListPathComponent]) -> Result<String, Refusal> {
      let origins = merge.origins(of: path)
      let shown = path.keyPathDescription
      guard origins.count == 1, let origin = origins.first else {
        return .failure(Refusal(description: "the build assembles '\(shown)' from \(list(origins))", files: origins))
      }
      guard let value = document(origin)?.root.value.value(at: path), value == merge.merged.value(at: path) else {
        return .failure(
          Refusal(description: "'\(shown)' as the build merges it is not the value \(origin) holds", files: [origin]))
      }
      return .success(origin)
    }
    /// The one file whose entry `key` of `path` the build takes: the file that holds the whole dictionary at `path`
    /// as merged, or else the only file with that entry (removing or renaming it where another file has it too would
    /// let that file's value through).
    func owner(of key: String, in path: [PropertyListPathComponent]) -> Result<String, Refusal> {
      let held = path.isEmpty ? nil : holder(of: path)
      if case .success? = held { return held ?? .success(merge.infoPlist) }
      let entry = path + [.key(key)]
      let having = merge.files.filter { document($0)?.root.value.value(at: entry) != nil }
      guard having.count == 1, let file = having.first else {
        let files = having.isEmpty ? merge.files : having
        return .failure(
          Refusal(description: "the build merges '\(entry.keyPathDescription)' from \(list(files))", files: files))
      }
      if path.isEmpty || (path.count == 1 && merge.origins(of: entry) == [file]) { return .success(file) }
      return held ?? .success(file)
    }
    switch change {
    case .insertEntry(let path, _, _, _) where path.isEmpty:
      return .success(merge.infoPlist)   // a new top-level key: the Info.plist is the app's own
    case .insertEntry(let path, _, _, _), .replaceValue(let path, _), .insertElements(let path, _, _),
      .removeElement(let path, _), .editString(let path, _):
      return holder(of: path)
    case .removeEntries(let path, let key), .renameKey(let path, let key, _):
      return owner(of: key, in: path)
    case .moveEntry(let key, let from, let to):
      return owner(of: key, in: from).flatMap { file in
        let destination: Result<String, Refusal> =
          merge.merged.value(at: to) != nil
          ? holder(of: to)
          : (to.count <= 1 ? .success(merge.infoPlist) : holder(of: Array(to.dropLast())))
        return destination.flatMap { other in
          other == file
            ? .success(file)
            : .failure(Refusal(description: "the change moves '\(key)' from \(file) to \(other)", files: [file, other]))
        }
      }
    }
  }

  /// `files` as a note names them.
  private static func list(_ files: [String], joinedBy conjunction: String = "and") -> String {
    switch files.count {
    case 0: return "no file"
    case 1: return files[0]
    default: return files.dropLast().joined(separator: ", ") + " \(conjunction) " + (files.last ?? "")
    }
  }
}
