/// Uniform type identifiers and their conformance: Apple's system types, the types an app
/// declares, and the Intune MAM mirror of both.
///
/// Conformance behaves as `UTTypeConformsTo`: reflexive ("true if the types are equal"), transitive
/// ("directly or indirectly"), and blind to case, as `UTTypeEqual` is. Cycles in declarations are harmless.
///
/// **Assumption, the MAM mirror**: `com.microsoft.intune.mam.X` conforms to `com.microsoft.intune.mam.Y`
/// whenever `X` conforms to `Y`. The Intune App SDK wraps every type a managed app shares this way
/// and its documentation relies on the wrapped types keeping the originals' hierarchy; Apple's
/// database does not say so. A wrapped type does not conform to unwrapped ones (`…mam.public.jpeg`
/// is not a `public.image`), which is what keeps unmanaged extensions from activating.
///
/// The transitive closure is computed once, when the registry is made, so `conforms(_:to:)` costs
/// two hash lookups and a bit test.
public struct UniformTypeRegistry: Sendable {
  /// The registry of Apple's system types alone.
  public static let system = UniformTypeRegistry(declarations: [])

  /// The app's declarations this registry was made with, system types excluded.
  public let declarations: [TypeDeclaration]
  /// The graph, shared by copies of the registry.
  let graph: ConformanceGraph

  /// A registry of the system types plus `declarations` (from `UTExportedTypeDeclarations` and
  /// `UTImportedTypeDeclarations`). A declaration of a type the system already declares is ignored,
  /// as iOS ignores it; among an app's own, an exported declaration beats an imported one, and
  /// declarations of equal rank have their parents merged.
  public init(declarations: [TypeDeclaration]) {
    self.declarations = declarations.filter { $0.origin != .system }
    var builder = GraphBuilder()
    builder.add(Self.systemDeclarations + self.declarations)
    builder.addIntuneMAMMirror()
    graph = ConformanceGraph(builder)
  }

  /// This registry with `more` declarations added to the app's.
  public func declaring(_ more: [TypeDeclaration]) -> UniformTypeRegistry {
    UniformTypeRegistry(declarations: declarations + more)
  }

  // MARK: - Questions

  /// Whether `type` conforms to `supertype`: equal ignoring case, or a descendant of it,
  /// directly or indirectly (`UTTypeConformsTo`). An unknown type conforms only to itself.
  public func conforms(_ type: String, to supertype: String) -> Bool {
    if let typeNode = node(type), let superNode = node(supertype) {
      return isAncestor(superNode, of: typeNode)
    }
    if IdentifierFolding.equal(type, supertype) { return true }
    // Twins of twins, or of types met only here: unwrap both and ask again.
    if IntuneMAMTypes.isIntuneMAMType(type) && IntuneMAMTypes.isIntuneMAMType(supertype) {
      return conforms(IntuneMAMTypes.unwrappingIntuneMAM(type), to: IntuneMAMTypes.unwrappingIntuneMAM(supertype))
    }
    return false
  }

  /// Whether the two identifiers name the same type: equal ignoring case (`UTTypeEqual`).
  public func equals(_ lhs: String, _ rhs: String) -> Bool {
    IdentifierFolding.equal(lhs, rhs)
  }

  /// Whether `identifier` is a type this registry knows: declared by the system or the app, or the
  /// Intune MAM twin of one that is. A type only named in some `UTTypeConformsTo` list is not known.
  public func knows(_ identifier: String) -> Bool {
    guard let found = node(identifier) else { return false }
    return declared[found]
  }

  /// The identifier as the registry spells it (`Public.JPEG` gives `public.jpeg`), when known.
  public func canonicalIdentifier(_ identifier: String) -> String? {
    guard let found = node(identifier), declared[found] else { return nil }
    return spellings[found]
  }

  /// The types `identifier` conforms to directly, as declared (empty for an unknown type).
  public func directSupertypes(of identifier: String) -> [String] {
    guard let found = node(identifier) else { return [] }
    return parents[found].map { spellings[$0] }
  }

  /// Every type `identifier` conforms to, itself excluded, sorted.
  public func supertypes(of identifier: String) -> [String] {
    guard let found = node(identifier) else { return [] }
    return (0..<spellings.count).filter { $0 != found && isAncestor($0, of: found) }.map { spellings[$0] }.sorted()
  }

  /// Every known identifier, MAM twins excluded, in declaration order.
  public var knownIdentifiers: [String] {
    (0..<spellings.count).filter { declared[$0] && !mirrored[$0] }.map { spellings[$0] }
  }

  // MARK: - Internals

  var spellings: [String] { graph.spellings }
  var declared: [Bool] { graph.declared }
  var mirrored: [Bool] { graph.mirrored }
  var parents: [[Int]] { graph.parents }

  @inline(__always)
  func node(_ identifier: String) -> Int? { graph.table.node(for: identifier) }

  @inline(__always)
  func isAncestor(_ ancestor: Int, of node: Int) -> Bool { graph.isAncestor(ancestor, of: node) }
}

/// The finished graph: nodes, their parents, and each node's ancestors as a bit set.
final class ConformanceGraph: Sendable {
  let table: IdentifierTable
  /// The identifier of each node as first written.
  let spellings: [String]
  /// Whether each node is declared somewhere (system or app), or its MAM twin is.
  let declared: [Bool]
  /// Whether each node is a MAM twin made by the mirror.
  let mirrored: [Bool]
  /// Each node's direct parents.
  let parents: [[Int]]
  /// Each node's ancestors, itself included, as `wordsPerNode` words of bits.
  let ancestorBits: [UInt64]
  let wordsPerNode: Int

  init(_ builder: GraphBuilder) {
    table = IdentifierTable(foldedKeys: builder.spellings.map(IdentifierFolding.folded))
    spellings = builder.spellings
    declared = builder.declared
    mirrored = builder.mirrored
    parents = builder.parents
    (ancestorBits, wordsPerNode) = builder.transitiveClosure()
  }

  @inline(__always)
  func isAncestor(_ ancestor: Int, of node: Int) -> Bool {
    let word = ancestorBits[node &* wordsPerNode &+ (ancestor &>> 6)]
    return word & (1 &<< UInt64(ancestor & 63)) != 0
  }
}

/// Builds the conformance graph: nodes for every identifier declared or named, edges to parents.
struct GraphBuilder {
  var nodeByIdentifier: [String: Int] = [:]
  var spellings: [String] = []
  var declared: [Bool] = []
  var mirrored: [Bool] = []
  var parents: [[Int]] = []
  /// The origin whose declaration each node keeps.
  var origins: [TypeDeclaration.Origin?] = []

  mutating func node(_ identifier: String) -> Int {
    let key = IdentifierFolding.folded(identifier)
    if let existing = nodeByIdentifier[key] { return existing }
    let new = spellings.count
    nodeByIdentifier[key] = new
    spellings.append(identifier)
    declared.append(false)
    mirrored.append(false)
    parents.append([])
    origins.append(nil)
    return new
  }

  /// Adds declarations; the best-ranked origin for each identifier wins, equal ranks merge.
  mutating func add(_ declarations: [TypeDeclaration]) {
    for declaration in declarations {
      let child = node(declaration.identifier)
      if let kept = origins[child] {
        if kept.precedence < declaration.origin.precedence { continue }
        if kept.precedence > declaration.origin.precedence { parents[child] = [] }
      }
      origins[child] = declaration.origin
      declared[child] = true
      for parent in declaration.conformsTo {
        let parentNode = node(parent)
        if !parents[child].contains(parentNode) { parents[child].append(parentNode) }
      }
    }
  }

  /// Gives every unwrapped node a `com.microsoft.intune.mam.` twin whose parents are its parents' twins.
  mutating func addIntuneMAMMirror() {
    let originals = (0..<spellings.count).filter { !IntuneMAMTypes.isIntuneMAMType(spellings[$0]) }
    var twins: [Int: Int] = [:]
    for original in originals {
      let twin = node(IntuneMAMTypes.prefix + spellings[original])
      twins[original] = twin
      if origins[twin] == nil { mirrored[twin] = true }
      declared[twin] = declared[twin] || declared[original]
    }
    for original in originals {
      let twin = twins[original]!
      for parent in parents[original] {
        guard let parentTwin = twins[parent] else { continue }
        if !parents[twin].contains(parentTwin) { parents[twin].append(parentTwin) }
      }
    }
  }

  /// Each node's ancestors, itself included: a depth-first walk per node, safe with cycles.
  func transitiveClosure() -> (bits: [UInt64], wordsPerNode: Int) {
    let count = spellings.count
    let words = max(1, (count + 63) / 64)
    var bits = [UInt64](repeating: 0, count: count * words)
    var stack: [Int] = []
    for start in 0..<count {
      let row = start * words
      stack.append(start)
      while let current = stack.popLast() {
        let mask: UInt64 = 1 << UInt64(current & 63)
        if bits[row + current >> 6] & mask != 0 { continue }
        bits[row + current >> 6] |= mask
        stack.append(contentsOf: parents[current])
      }
    }
    return (bits, words)
  }
}
