/// Crafted YAML of each kind the readers of YAML (XcodeGen specs, `.sharelint.yml`, Intune policies) must stop
/// quickly with a located error: each would hang, exhaust memory or overflow the stack without the reader's bounds.
public enum CraftedYAML {
  /// A "billion laughs": ten levels of ten aliases (10^10 scalars once expanded) in under 1 KB.
  public static let aliasBomb: String = {
    var text = "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in 1...9 {
      text += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }
    return text
  }()

  /// The bomb used as a mapping key, in each way YAML allows one: Yams would hash its whole expansion.
  public static let aliasedKeys = ["? *l9\n: x\n", "*l9 : x\n", "[*l9]: x\n", "{ *l9: x }\n"].map { aliasBomb + $0 }

  /// 10,000 nested flow sequences: Yams composes recursively.
  public static let deepNesting = "key: " + String(repeating: "[", count: 10_000) + "\n"

  /// A comment past the readers' 4 MiB bound.
  public static let huge = "key: value\n# " + String(repeating: "x", count: 4 << 20) + "\n"
}

