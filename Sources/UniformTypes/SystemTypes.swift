extension UniformTypeRegistry {
  /// Apple's system-declared types a share sheet meets, each with the types it conforms to directly.
  ///
  /// Our own table, written from the conformance notes in Apple's `UTCoreTypes.h` doc comments
  /// (UniformTypeIdentifiers framework, macOS 11.3 SDK) and the archived "System-Declared Uniform
  /// Type Identifiers" reference (UTIRef). Where neither lists a parent (`public.archive`,
  /// `public.font`, `com.apple.live-photo`, …) the type is a root, as there. A few entries go beyond
  /// the header and are marked as such: the `public.heif-standard` and `public.raw-image` parents,
  /// `public.svg-image` also conforming to `public.xml`, and the document formats of Office, iWork,
  /// Mail and Wallet as their owners declare them.
  public static let systemDeclarations: [TypeDeclaration] = [
    // Abstract and concrete base types.
    .system("public.item"),
    .system("public.content"),
    .system("public.composite-content", "public.content"),
    .system("public.disk-image"),
    .system("public.data", "public.item"),
    .system("public.directory", "public.item"),
    .system("com.apple.resolvable"),
    .system("public.symlink", "public.item", "com.apple.resolvable"),
    .system("public.executable", "public.item"),
    .system("com.apple.mount-point", "public.item", "com.apple.resolvable"),
    .system("com.apple.alias-file", "public.data", "com.apple.resolvable"),
    .system("com.apple.bookmark", "public.data", "com.apple.resolvable"),

    // URLs.
    .system("public.url", "public.data"),
    .system("public.file-url", "public.url"),

    // Text.
    .system("public.text", "public.data", "public.content"),
    .system("public.plain-text", "public.text"),
    .system("public.utf8-plain-text", "public.plain-text"),
    .system("public.utf16-external-plain-text", "public.plain-text"),
    .system("public.utf16-plain-text", "public.plain-text"),
    .system("public.delimited-values-text", "public.text"),
    .system("public.comma-separated-values-text", "public.delimited-values-text"),
    .system("public.tab-separated-values-text", "public.delimited-values-text"),
    .system("public.utf8-tab-separated-values-text", "public.tab-separated-values-text", "public.utf8-plain-text"),
    .system("public.rtf", "public.text"),

    // Markup.
    .system("public.html", "public.text"),
    .system("public.xml", "public.text"),
    .system("public.yaml", "public.text"),

    // Source code and scripts.
    .system("public.source-code", "public.plain-text"),
    .system("public.c-source", "public.source-code"),
    .system("public.objective-c-source", "public.source-code"),
    .system("public.swift-source", "public.source-code"),
    .system("public.c-plus-plus-source", "public.source-code"),
    .system("public.c-header", "public.source-code"),
    .system("public.script", "public.source-code"),
    .system("public.shell-script", "public.script"),
    .system("public.python-script", "public.shell-script"),
    .system("public.ruby-script", "public.shell-script"),
    .system("public.perl-script", "public.shell-script"),
    .system("public.php-script", "public.shell-script"),
    .system("com.netscape.javascript-source", "public.source-code", "public.executable"),

    // Serialized data.
    .system("public.json", "public.text"),
    .system("com.apple.property-list", "public.data"),
    .system("com.apple.xml-property-list", "public.xml", "com.apple.property-list"),
    .system("com.apple.binary-property-list", "com.apple.property-list"),

    // Composite content.
    .system("com.adobe.pdf", "public.data", "public.composite-content"),
    .system("com.apple.rtfd", "com.apple.package", "public.composite-content"),
    .system("com.apple.flat-rtfd", "public.data", "public.composite-content"),
    .system("com.apple.webarchive", "public.data", "public.composite-content"),
    .system("org.idpf.epub-container", "public.data", "public.composite-content"),

    // Images. `public.heif-standard` and `public.raw-image` go beyond the header: both are images.
    .system("public.image", "public.data", "public.content"),
    .system("public.jpeg", "public.image"),
    .system("public.tiff", "public.image"),
    .system("com.compuserve.gif", "public.image"),
    .system("public.png", "public.image"),
    .system("com.apple.icns", "public.image"),
    .system("com.microsoft.bmp", "public.image"),
    .system("com.microsoft.ico", "public.image"),
    .system("public.raw-image", "public.image"),
    .system("public.camera-raw-image", "public.image"),
    .system("public.svg-image", "public.image", "public.xml"),
    .system("com.apple.live-photo"),
    .system("public.heif-standard", "public.image"),
    .system("public.heif", "public.heif-standard"),
    .system("public.heic", "public.heif-standard"),
    .system("org.webmproject.webp", "public.image"),

    // 3D content.
    .system("public.3d-content", "public.content"),
    .system("com.pixar.universal-scene-description", "public.3d-content", "public.data"),
    .system("com.pixar.universal-scene-description-mobile", "public.3d-content", "public.data"),
    .system("com.apple.reality", "public.data"),

    // Audio and video.
    .system("public.audiovisual-content", "public.data", "public.content"),
    .system("public.movie", "public.audiovisual-content"),
    .system("public.video", "public.movie"),
    .system("public.audio", "public.audiovisual-content"),
    .system("com.apple.quicktime-movie", "public.movie"),
    .system("public.mpeg", "public.movie"),
    .system("public.mpeg-2-video", "public.video"),
    .system("public.mpeg-2-transport-stream", "public.movie"),
    .system("public.mp3", "public.audio"),
    .system("public.mpeg-4", "public.movie"),
    .system("public.mpeg-4-audio", "public.mpeg-4", "public.audio"),
    .system("com.apple.m4v-video", "public.movie"),
    .system("public.avi", "public.movie"),
    .system("public.aifc-audio", "public.audio"),
    .system("public.aiff-audio", "public.aifc-audio"),
    .system("com.microsoft.waveform-audio", "public.audio"),
    .system("public.midi-audio", "public.audio"),
    .system("public.playlist"),
    .system("public.m3u-playlist", "public.text", "public.playlist"),

    // Directories, packages and bundles.
    .system("public.folder", "public.directory"),
    .system("public.volume", "public.folder"),
    .system("com.apple.package", "public.directory"),
    .system("com.apple.bundle", "public.directory"),
    .system("com.apple.plugin", "com.apple.bundle", "com.apple.package"),
    .system("com.apple.xpc-service", "com.apple.bundle", "com.apple.package"),
    .system("com.apple.framework", "com.apple.bundle"),

    // Applications and executables.
    .system("com.apple.application", "public.executable"),
    .system("com.apple.application-bundle", "com.apple.application", "com.apple.bundle", "com.apple.package"),
    .system("com.apple.application-and-system-extension", "com.apple.xpc-service"),
    .system("public.unix-executable", "public.data", "public.executable"),
    .system("com.microsoft.windows-executable", "public.data", "public.executable"),

    // Archives.
    .system("public.archive"),
    .system("org.gnu.gnu-zip-archive", "public.data", "public.archive"),
    .system("public.bzip2-archive", "public.data", "public.archive"),
    .system("com.pkware.zip-archive", "public.data", "public.archive"),
    .system("public.zip-archive", "com.pkware.zip-archive"),
    .system("com.apple.archive", "public.data", "public.archive"),

    // Documents.
    .system("public.spreadsheet", "public.content"),
    .system("public.presentation", "public.composite-content"),
    .system("public.database"),

    // Office documents, as Microsoft Office declares them (beyond the header).
    .system("org.openxmlformats.openxml", "public.zip-archive"),
    .system("org.openxmlformats.wordprocessingml.document", "org.openxmlformats.openxml", "public.composite-content"),
    .system("org.openxmlformats.spreadsheetml.sheet", "org.openxmlformats.openxml", "public.spreadsheet"),
    .system("org.openxmlformats.presentationml.presentation", "org.openxmlformats.openxml", "public.presentation"),
    .system("com.microsoft.word.doc", "public.data", "public.composite-content"),
    .system("com.microsoft.excel.xls", "public.data", "public.spreadsheet"),
    .system("com.microsoft.powerpoint.ppt", "public.data", "public.presentation"),

    // iWork documents (beyond the header): the package formats and the single-file ones.
    .system("com.apple.iwork.keynote.key", "com.apple.package", "public.presentation"),
    .system("com.apple.iwork.pages.pages", "com.apple.package", "public.composite-content"),
    .system("com.apple.iwork.numbers.numbers", "com.apple.package", "public.spreadsheet"),
    .system("com.apple.keynote.key", "public.data", "public.presentation"),
    .system("com.apple.pages.pages", "public.data", "public.composite-content"),
    .system("com.apple.numbers.numbers", "public.data", "public.spreadsheet"),

    // Messages, contacts and calendars. `com.apple.mail.email` and `com.apple.pkpass` go beyond the header.
    .system("public.message"),
    .system("public.email-message", "public.message"),
    .system("com.apple.mail.email", "public.email-message"),
    .system("public.contact"),
    .system("public.vcard", "public.text", "public.contact"),
    .system("public.to-do-item"),
    .system("public.calendar-event"),
    .system("com.apple.pkpass", "public.data", "public.content"),

    // Internet locations and miscellany.
    .system("com.apple.internet-location", "public.data"),
    .system("public.font"),
    .system("public.bookmark"),
    .system("com.rsa.pkcs-12", "public.data"),
    .system("public.x509-certificate", "public.data"),
    .system("public.log"),
  ]
}
