import SharelintBase

/// How a target's settings configure the preprocessing of its Info.plist: `INFOPLIST_PREPROCESSOR_DEFINITIONS`
/// (each entry a `-D`), then `INFOPLIST_OTHER_PREPROCESSOR_FLAGS`, in the order Xcode passes them to
/// `cc -E -P -x c` (swift-build's `Cpp.xcspec`), so a later `-D` or `-U` wins.
///
/// Honoured: `-C` and `-CC` (comments kept, so `msauth.x://auth</string>` keeps its `//auth</string>`),
/// `-D NAME[=VALUE]`, `-U NAME`, `-I`/`-iquote`/`-isystem`/`-idirafter FOLDER` (searched after the including
/// file's folder), `-traditional` and `-traditional-cpp`. Flags that do not change the text of the output
/// (`-P`, `-E`, `-x c`, `-w`, `-W…`, `-undef`, `-nostdinc`, `-v`) are accepted; any other flag is listed in
/// `unsupportedFlags` so a note can name it.
public struct InfoPlistPreprocessorOptions: Hashable, Sendable {
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

  /// The options of `INFOPLIST_PREPROCESSOR_DEFINITIONS = definitionsSetting` and
  /// `INFOPLIST_OTHER_PREPROCESSOR_FLAGS = otherFlags`; relative `-I` folders are taken from `workingFolder`
  /// (the project's folder, where Xcode runs the preprocessor).
  public init(definitionsSetting: String, otherFlags: String, workingFolder: String) {
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
        if let folder = operand(of: flag, prefix: prefix), !folder.isEmpty {
          includePaths.append(folder.hasPrefix("/") ? folder : PathText.joined(workingFolder, folder))
        }
      case "-include", "-imacros", "-isysroot", "-iprefix", "-iwithprefix", "-arch", "-target", "-o", "-MF", "-MT",
        "-MQ":
        unsupportedFlags.append(words.popFirst().map { flag + " " + $0 } ?? flag)
      default:
        unsupportedFlags.append(flag)
      }
    }
  }

  /// A preprocessor with these options.
  public var preprocessor: InfoPlistPreprocessor {
    InfoPlistPreprocessor(
      definitions: definitions, keepsComments: keepsComments, traditional: traditional, includePaths: includePaths)
  }

  /// A note naming the flags not honoured, or nil when every flag is.
  public var unsupportedFlagsNote: String? {
    guard !unsupportedFlags.isEmpty else { return nil }
    let names = unsupportedFlags.map { "'\($0)'" }.joined(separator: ", ")
    return "INFOPLIST_OTHER_PREPROCESSOR_FLAGS: sharelint does not honour \(names); the Info.plist is "
      + "preprocessed without \(unsupportedFlags.count == 1 ? "it" : "them")"
  }
}
