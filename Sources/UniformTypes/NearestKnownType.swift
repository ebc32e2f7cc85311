import SharelintBase

extension UniformTypeRegistry {
  /// The known identifier `identifier` most likely meant, for an "unknown type" diagnostic:
  /// the only known type with the same last component (`public.pdf` gives `com.adobe.pdf`), else
  /// the closest by edit distance (a transposition counts as one edit) when close enough.
  /// A known identifier gives its own canonical spelling; a wrapped Intune MAM identifier gets a
  /// wrapped suggestion. `nil` when nothing is close.
  ///
  /// With `matchingLastComponent` false only the whole identifier's spelling counts: what an identifier of another
  /// organization's namespace is compared by (`org.opml.opml` is no misspelling of `unofficial.opml`).
  public func nearestKnown(to identifier: String, matchingLastComponent: Bool = true) -> String? {
    if let canonical = canonicalIdentifier(identifier) { return canonical }
    if IntuneMAMTypes.isIntuneMAMType(identifier) {
      let unwrapped = IntuneMAMTypes.unwrappingIntuneMAM(identifier)
      return nearestKnown(to: unwrapped, matchingLastComponent: matchingLastComponent)
        .map(IntuneMAMTypes.intuneMAMTwin(of:))
    }
    let wanted = Array(IdentifierFolding.folded(identifier).utf8)
    guard !wanted.isEmpty else { return nil }
    func lastComponent(_ bytes: [UInt8]) -> [UInt8] {
      bytes.split(separator: UInt8(ascii: ".")).last.map(Array.init) ?? bytes
    }
    if matchingLastComponent {
      let wantedLast = lastComponent(wanted)
      let sameLast = knownIdentifiers.filter { lastComponent(Array(IdentifierFolding.folded($0).utf8)) == wantedLast }
      if sameLast.count == 1 { return sameLast[0] }
    }
    let limit = max(1, min(3, wanted.count / 5))
    var best: (distance: Int, sharesNamespace: Bool, spelling: String)?
    for candidate in knownIdentifiers {
      let folded = Array(IdentifierFolding.folded(candidate).utf8)
      guard abs(folded.count - wanted.count) <= limit else { continue }
      let distance = EditDistance.optimalStringAlignment(wanted, folded, limit: limit)
      guard distance <= limit else { continue }
      let sharesNamespace = folded.prefix { $0 != UInt8(ascii: ".") } == wanted.prefix { $0 != UInt8(ascii: ".") }
      if let current = best,
        current.distance < distance || (current.distance == distance && (current.sharesNamespace || !sharesNamespace))
      {
        continue
      }
      best = (distance, sharesNamespace, candidate)
    }
    return best?.spelling
  }
}
