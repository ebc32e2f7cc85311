/// One uniform type declaration: an identifier and the types it conforms to directly.
///
/// Apple's system types come from `UniformTypeRegistry.systemDeclarations`; an app adds its own
/// through the `UTExportedTypeDeclarations` and `UTImportedTypeDeclarations` entries of its Info.plist,
/// each an identifier (`UTTypeIdentifier`) and a `UTTypeConformsTo` list.
public struct TypeDeclaration: Hashable, Sendable {
  /// Where a declaration comes from. When two declare the same identifier, the system's wins,
  /// then an exported one, then an imported one, as LaunchServices prefers them.
  public enum Origin: String, Hashable, Sendable, CaseIterable {
    /// Declared by the operating system (our table of Apple's types).
    case system
    /// An entry of the app's `UTExportedTypeDeclarations`: a type the app owns.
    case exported
    /// An entry of the app's `UTImportedTypeDeclarations`: a type another app owns.
    case imported

    /// Smaller wins.
    var precedence: Int {
      switch self {
      case .system: 0
      case .exported: 1
      case .imported: 2
      }
    }
  }

  /// The type identifier as written, such as `com.example.recipe`.
  public var identifier: String
  /// The identifiers it conforms to directly (`UTTypeConformsTo`).
  public var conformsTo: [String]
  /// Where the declaration comes from.
  public var origin: Origin

  /// A declaration of `identifier` conforming directly to `conformsTo`.
  public init(identifier: String, conformsTo: [String] = [], origin: Origin = .exported) {
    self.identifier = identifier
    self.conformsTo = conformsTo
    self.origin = origin
  }

  /// A system declaration, the shorthand the system table is written in.
  static func system(_ identifier: String, _ conformsTo: String...) -> TypeDeclaration {
    TypeDeclaration(identifier: identifier, conformsTo: conformsTo, origin: .system)
  }
}
