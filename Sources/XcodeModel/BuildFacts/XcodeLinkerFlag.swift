/// One library or framework `OTHER_LDFLAGS` links: `-framework X`, `-weak_framework X`, `-lX`, `-weak-lX`,
/// `-force_load path` (also written `-Wl,-force_load,path`).
public struct XcodeLinkerFlag: Hashable, Sendable {
  /// How the flag links.
  public enum Kind: String, Hashable, Sendable {
    /// `-framework X` (or `-weak_framework X`).
    case framework
    /// `-lX` (or `-weak-lX`, `-weak_library path`): the library `libX`.
    case library
    /// `-force_load path`: every object of the static library at `path`.
    case forceLoad = "force-load"
  }

  /// How it links.
  public var kind: Kind
  /// What follows the flag: the framework's name, the library's name without `lib` (`IntuneMAM`), the path.
  public var argument: String
  /// Whether the link is weak.
  public var isWeak: Bool
  /// The words as written in the expanded setting: `-framework "IntuneMAMSwift"`.
  public var written: String

  /// A flag with these fields.
  public init(kind: Kind, argument: String, isWeak: Bool = false, written: String) {
    self.kind = kind
    self.argument = argument
    self.isWeak = isWeak
    self.written = written
  }

  /// The linked file's name: `IntuneMAMSwift.framework`, `libIntuneMAM.a` (for `-lIntuneMAM`, which may as well
  /// be a `.tbd` or `.dylib`), the last component of a `-force_load` path.
  public var fileName: String {
    switch kind {
    case .framework: return argument + ".framework"
    case .library: return "lib" + argument + ".a"
    case .forceLoad:
      let last = argument.split(separator: "/").last.map(String.init) ?? argument
      return last
    }
  }

  /// The library's name without `lib` and extension: `IntuneMAMSwift`, `IntuneMAM`.
  public var stem: String {
    kind == .forceLoad ? XcodeLinkedFileKind.stem(of: fileName) : argument
  }

  /// The libraries and frameworks a linker command line (an `OTHER_LDFLAGS` value, expanded) links, in order.
  /// Words are split as a shell would (quotes and backslashes); other flags are skipped. At most 10,000 words.
  public static func flags(in commandLine: String) -> [XcodeLinkerFlag] {
    let words = shellWords(commandLine, limit: 10_000)
    var flags: [XcodeLinkerFlag] = []
    var index = 0
    while index < words.count {
      let word = words[index]
      let next = index + 1 < words.count ? words[index + 1] : nil
      switch word {
      case "-framework", "-weak_framework", "-force_load", "-weak_library", "-reexport_framework":
        guard let next else { break }
        let kind: Kind = word.hasSuffix("framework") ? .framework : word == "-force_load" ? .forceLoad : .library
        let argument =
          kind == .library
          ? XcodeLinkedFileKind.stem(
            of: next.split(separator: "/").last.map(String.init)
              ?? next) : next
        flags.append(
          XcodeLinkerFlag(kind: kind, argument: argument, isWeak: word.hasPrefix("-weak"), written: "\(word) \(next)"))
        index += 1
      default:
        if word.hasPrefix("-Wl,-force_load,") {
          flags.append(
            XcodeLinkerFlag(
              kind: .forceLoad, argument: String(word.dropFirst("-Wl,-force_load,".count)), written: word))
        } else if word.hasPrefix("-weak-l"), word.count > 7 {
          flags.append(
            XcodeLinkerFlag(kind: .library, argument: String(word.dropFirst(7)), isWeak: true, written: word))
        } else if word.hasPrefix("-l"), word.count > 2 {
          flags.append(XcodeLinkerFlag(kind: .library, argument: String(word.dropFirst(2)), written: word))
        }
      }
      index += 1
    }
    return flags
  }

  /// `text` split into words as a shell would: spaces separate, quotes group, a backslash escapes.
  package static func shellWords(_ text: String, limit: Int) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in text {
      if escaped {
        current.append(character)
        escaped = false
        inWord = true
      } else if character == "\\" && quote != "'" {
        escaped = true
      } else if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        inWord = true
      } else if character == " " || character == "\t" || character == "\n" {
        if inWord {
          words.append(current)
          if words.count >= limit { return words }
          current = ""
          inWord = false
        }
      } else {
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }
}
