import SharelintBase

/// How a target's settings configure the preprocessing of its Info.plist: `INFOPLIST_PREPROCESSOR_DEFINITIONS`
/// (each entry a `-D`), then `INFOPLIST_OTHER_PREPROCESSOR_FLAGS`, in the order Xcode passes them to
/// `cc -E -P -x c` (swift-build's `Cpp.xcspec`), so a later `-D` or `-U` wins.
///
/// Honoured: `-C` and `-CC` (comments kept, so `msauth.x://auth</string>` keeps its `//auth</string>`),
/// `-D NAME[=VALUE]`, `-U NAME`, `-I`/`-iquote`/`-isystem`/`-idirafter FOLDER` (searched after the including
/// file's folder) when the `RepositoryBoundary` admits the folder, `-traditional` and `-traditional-cpp`. Flags
/// that do not change the text of the output (`-P`, `-E`, `-x c`, `-w`, `-W…`, `-undef`, `-nostdinc`, `-v`) are
/// accepted. Any other flag — those that read or write files of their own (`-include`, `-imacros`, `--sysroot`,
/// `-isysroot`, `-o`, `-MF`…) among them — is listed in `unsupportedFlags`, and a search folder outside the linted
/// folders in `refusedFlags`, so a note can name them: only the repository's own folders are searched.
public struct InfoPlistPreprocessorOptions: Equatable, Sendable {
  /// A search-folder flag naming a folder outside the linted folders.
  public struct RefusedFlag: Equatable, Sendable {
    /// The flag and its folder, as written: `-I/`, `-isystem ../../secrets`.
    public var flag: String
    /// Why the folder is not searched.
    public var refusal: BoundaryRefusal
  }

  /// The macros defined before the file is read.
  public var definitions: [String: String]
  /// `-C`/`-CC`: comments are copied to the output.
  public var keepsComments = false
  /// `-traditional`: `//` is text and only tabs may come before a directive's `#`. Xcode's default is the ISO mode.
  public var traditional = false
  /// `-I` folders (made paths from the working folder), in order.
  public var includePaths: [String] = []
  /// The flags sharelint cannot honour and that may change the output, as written.
  public var unsupportedFlags: [String] = []
  /// The search-folder flags naming a folder the boundary refuses (as written), with the refusal.
  public var refusedFlags: [RefusedFlag] = []
  /// The folders files are read from.
  public var boundary: RepositoryBoundary

  /// The options of `INFOPLIST_PREPROCESSOR_DEFINITIONS = definitionsSetting` and
  /// `INFOPLIST_OTHER_PREPROCESSOR_FLAGS = otherFlags`; relative `-I` folders are taken from `workingFolder`
  /// (the project's folder, where Xcode runs the preprocessor); files are read within `boundary`.
  public init(
    definitionsSetting: String, otherFlags: String, workingFolder: String, boundary: RepositoryBoundary = .current
  ) {
    self.boundary = boundary
    definitions = InfoPlistPreprocessor.parseDefinitions(definitionsSetting)
    var words = InfoPlistPreprocessor.splitStringList(otherFlags)[...]
    func operand(of flag: String, prefix: String) -> String? {
      if flag.count > prefix.count { return String(flag.dropFirst(prefix.count)) }
      return words.popFirst()
    }
    while let flag = words.popFirst() {
      switch flag {
      case "-C", "-CC":
        keepsComments = true
      case "-traditional", "-traditional-cpp":
        traditional = true
      case "-P", "-E", "-w", "-undef", "-nostdinc", "-v", "-xc", "-Wno-trigraphs":
        continue
      case "-x":
        let language = words.popFirst()
        if language != "c" { unsupportedFlags.append("-x " + (language ?? "")) }
      case _ where flag.hasPrefix("-W") && !flag.hasPrefix("-Wp,"):
        continue
      case _ where flag.hasPrefix("-D"):
        guard let definition = operand(of: flag, prefix: "-D"), !definition.isEmpty else { continue }
        if let equals = definition.firstIndex(of: "=") {
          definitions[String(definition[..<equals])] = String(definition[definition.index(after: equals)...])
        } else {
          definitions[definition] = "1"
        }
      case _ where flag.hasPrefix("-U"):
        if let name = operand(of: flag, prefix: "-U") { definitions[name] = nil }
      case _ where flag.hasPrefix("-iquote") || flag.hasPrefix("-isystem") || flag.hasPrefix("-idirafter")
        || flag.hasPrefix("-I"):
        let prefix = ["-iquote", "-isystem", "-idirafter", "-I"].first { flag.hasPrefix($0) } ?? "-I"
        let written = flag.count > prefix.count ? flag : words.first.map { flag + " " + $0 } ?? flag
        if let folder = operand(of: flag, prefix: prefix), !folder.isEmpty {
          let path = folder.hasPrefix("/") ? folder : PathText.joined(workingFolder, folder)
          if let refusal = boundary.refusal(toRead: path) {
            refusedFlags.append(RefusedFlag(flag: written, refusal: refusal))
          } else {
            includePaths.append(path)
          }
        }
      case "-include", "-imacros", "-isysroot", "--sysroot", "-iprefix", "-iwithprefix", "-iwithprefixbefore",
        "-iframework", "-F", "-arch", "-target", "-o", "-MF", "-MT", "-MQ", "-Xclang", "-Xpreprocessor":
        unsupportedFlags.append(words.popFirst().map { flag + " " + $0 } ?? flag)
      default:
        unsupportedFlags.append(flag)
      }
    }
  }

  /// A preprocessor with these options.
  public var preprocessor: InfoPlistPreprocessor {
    InfoPlistPreprocessor(
      definitions: definitions, keepsComments: keepsComments, traditional: traditional, includePaths: includePaths,
      boundary: boundary)
  }

  /// A note naming the flags not honoured and the search folders refused, or nil when every flag is honoured.
  public var unsupportedFlagsNote: String? {
    var parts: [String] = []
    if !unsupportedFlags.isEmpty {
      parts.append("sharelint does not honour " + unsupportedFlags.map { "'\($0)'" }.joined(separator: ", "))
    }
    for refused in refusedFlags { parts.append("'\(refused.flag)' names a folder \(refused.refusal.consequence)") }
    guard !parts.isEmpty else { return nil }
    let count = unsupportedFlags.count + refusedFlags.count
    return "INFOPLIST_OTHER_PREPROCESSOR_FLAGS: \(parts.joined(separator: "; ")); the Info.plist is preprocessed "
      + "without \(count == 1 ? "it" : "them")"
  }
}
