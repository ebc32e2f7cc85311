extension UniformTypeRegistry {
  /// A type identifier looked up once, for asking many conformance questions about it cheaply.
  public struct ResolvedType: Hashable, Sendable {
    /// The identifier as given.
    public let identifier: String
    /// Its node in the registry's graph, or -1 when the registry does not have it.
    let node: Int32
  }

  /// `identifier` looked up in this registry. Resolved types belong to the registry that made them.
  public func resolve(_ identifier: String) -> ResolvedType {
    ResolvedType(identifier: identifier, node: node(identifier).map(Int32.init) ?? -1)
  }

  /// `conforms(_:to:)` for resolved types: a bit test when both are in the graph.
  @inline(__always)
  public func conforms(_ type: ResolvedType, to supertype: ResolvedType) -> Bool {
    if type.node >= 0 && supertype.node >= 0 { return isAncestor(Int(supertype.node), of: Int(type.node)) }
    return conforms(type.identifier, to: supertype.identifier)
  }
}
