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
    if self.declarations.isEmpty {
      graph = SystemGraph.graph
    } else if let extended = SystemGraph.builder.extended(with: self.declarations) {
      graph = ConformanceGraph(extending: SystemGraph.graph, with: extended)
    } else {
      var builder = GraphBuilder()
      builder.add(Self.systemDeclarations + self.declarations)
      builder.addIntuneMAMMirror()
      graph = ConformanceGraph(builder)
    }
  }

  /// A registry of `declarations` (no system ones) over `graph`, built from them.
  init(declarations: [TypeDeclaration], graph: ConformanceGraph) {
    self.declarations = declarations
    self.graph = graph
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

/// The graph of the system types and their MAM twins, built once: a registry with declarations of
/// its own extends it rather than building everything again.
enum SystemGraph {
  /// The builder after adding the system declarations and mirroring them.
  static let builder: GraphBuilder = {
    var builder = GraphBuilder()
    builder.add(UniformTypeRegistry.systemDeclarations)
    builder.addIntuneMAMMirror()
    return builder
  }()
  /// The finished graph of `builder`.
  static let graph = ConformanceGraph(builder)
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

  /// The graph of `builder`, which is `base`'s builder with nodes added after base's and no edge
  /// changed between base's nodes: base's table and ancestor rows are kept, new nodes walked.
  init(extending base: ConformanceGraph, with builder: GraphBuilder) {
    let baseCount = base.spellings.count
    let newKeys = builder.spellings[baseCount...].map(IdentifierFolding.folded)
    table = base.table.adding(foldedKeys: newKeys, firstNode: baseCount)
      ?? IdentifierTable(foldedKeys: builder.spellings.map(IdentifierFolding.folded))
    spellings = builder.spellings
    declared = builder.declared
    mirrored = builder.mirrored
    parents = builder.parents
    let words = max(1, (spellings.count + 63) / 64)
    var bits = [UInt64](repeating: 0, count: spellings.count * words)
    for node in 0..<baseCount {
      for word in 0..<base.wordsPerNode {
        bits[node * words + word] = base.ancestorBits[node * base.wordsPerNode + word]
      }
    }
    builder.addAncestors(of: baseCount..<spellings.count, into: &bits, wordsPerNode: words)
    (ancestorBits, wordsPerNode) = (bits, words)
  }

  @inline(__always)
  func isAncestor(_ ancestor: Int, of node: Int) -> Bool {
    let word = ancestorBits[node &* wordsPerNode &+ (ancestor &>> 6)]
    return word & (1 &<< UInt64(ancestor & 63)) != 0
  }
}

/// Builds the conformance graph: nodes for every identifier declared or named, edges to parents.
struct GraphBuilder {
  /// The nodes added to this builder, by folded identifier.
  private var nodeByIdentifier: [String: Int] = [:]
  /// The nodes of the builder this one extends, by folded identifier: shared with it, never written, so that
  /// extending the system's builder for each target's declarations does not copy its table.
  private var baseNodeByIdentifier: [String: Int] = [:]
  var spellings: [String] = []
  var declared: [Bool] = []
  var mirrored: [Bool] = []
  var parents: [[Int]] = []
  /// The origin whose declaration each node keeps.
  var origins: [TypeDeclaration.Origin?] = []

  /// The node of a folded identifier, when there is one.
  private func existingNode(folded key: String) -> Int? {
    nodeByIdentifier[key] ?? baseNodeByIdentifier[key]
  }

  mutating func node(_ identifier: String) -> Int {
    let key = IdentifierFolding.folded(identifier)
    if let existing = existingNode(folded: key) { return existing }
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

  /// This builder, mirrored already, with app `declarations` added and mirrored; nil unless that
  /// gives the graph `add(all declarations)` then `addIntuneMAMMirror()` would, up to the order of
  /// nodes (which no answer depends on): the declarations name no MAM type and no non-ASCII
  /// identifier, and declare no type this builder has without declaring it as a system type.
  func extended(with declarations: [TypeDeclaration]) -> GraphBuilder? {
    for declaration in declarations {
      for identifier in [declaration.identifier] + declaration.conformsTo {
        guard identifier.utf8.allSatisfy({ $0 < 0x80 }), !IntuneMAMTypes.isIntuneMAMType(identifier) else {
          return nil
        }
      }
      if let existing = existingNode(folded: IdentifierFolding.folded(declaration.identifier)),
        origins[existing] != .system
      {
        return nil
      }
    }
    var builder = self
    if baseNodeByIdentifier.isEmpty {
      builder.baseNodeByIdentifier = nodeByIdentifier
      builder.nodeByIdentifier = [:]
    }
    let firstNew = spellings.count
    builder.add(declarations)
    builder.addIntuneMAMMirror(of: firstNew..<builder.spellings.count)
    return builder
  }

  /// Gives every unwrapped node a `com.microsoft.intune.mam.` twin whose parents are its parents' twins.
  /// With `nodes`, only those nodes get twins; nodes before them must be mirrored already.
  mutating func addIntuneMAMMirror(of nodes: Range<Int>? = nil) {
    let originals = (nodes ?? 0..<spellings.count).filter { !IntuneMAMTypes.isIntuneMAMType(spellings[$0]) }
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
        guard let parentTwin = twins[parent] ?? existingTwin(of: parent) else { continue }
        if !parents[twin].contains(parentTwin) { parents[twin].append(parentTwin) }
      }
    }
  }

  /// The twin the mirror gave `node`, an unwrapped node; nil for a MAM node.
  func existingTwin(of node: Int) -> Int? {
    guard !IntuneMAMTypes.isIntuneMAMType(spellings[node]) else { return nil }
    return existingNode(folded: IdentifierFolding.folded(IntuneMAMTypes.prefix + spellings[node]))
  }

  /// Each node's ancestors, itself included: a depth-first walk per node, safe with cycles.
  func transitiveClosure() -> (bits: [UInt64], wordsPerNode: Int) {
    let count = spellings.count
    let words = max(1, (count + 63) / 64)
    var bits = [UInt64](repeating: 0, count: count * words)
    addAncestors(of: 0..<count, into: &bits, wordsPerNode: words)
    return (bits, words)
  }

  /// Sets the ancestor bits of `nodes` in `bits`, rows of `wordsPerNode` words.
  func addAncestors(of nodes: Range<Int>, into bits: inout [UInt64], wordsPerNode words: Int) {
    var stack: [Int] = []
    for start in nodes {
      let row = start * words
      stack.append(start)
      while let current = stack.popLast() {
        let mask: UInt64 = 1 << UInt64(current & 63)
        if bits[row + current >> 6] & mask != 0 { continue }
        bits[row + current >> 6] |= mask
        stack.append(contentsOf: parents[current])
      }
    }
  }
}
