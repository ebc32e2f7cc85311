/// The copy-files phases a project generator writes to embed what an app depends on, by the kind of product they
/// hold: the phase's name as Xcode shows it, its `dstSubfolderSpec` and `dstPath`. XcodeGen and Tuist write the same
/// ones (XcodeGen's `PBXProjGenerator`, Tuist's `LinkGenerator`), so both builders take them from here.
enum EmbedDestination {
  /// Extensions, ExtensionKit extensions, App Clips, watch content and frameworks, in the order the phases are
  /// written.
  static let embedding: [(key: String, name: String, spec: String, path: String)] = [
    ("extensions", "Embed Foundation Extensions", "13", ""),
    ("extensionKit", "Embed ExtensionKit Extensions", "16", "$(EXTENSIONS_FOLDER_PATH)"),
    ("appClips", "Embed App Clips", "16", "$(CONTENTS_FOLDER_PATH)/AppClips"),
    ("watch", "Embed Watch Content", "16", "$(CONTENTS_FOLDER_PATH)/Watch"),
    ("frameworks", "Embed Frameworks", "10", ""),
  ]
}
