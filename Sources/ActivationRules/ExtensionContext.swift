import PredicateEvaluation
import UniformTypes

/// What a host app hands a share or action extension: extension items, each holding attachments
/// (item providers), each registered under some type identifiers.
public struct ExtensionContext: Hashable, Sendable {
  /// One item provider: the type identifiers it offers its data under.
  public struct Attachment: Hashable, Sendable {
    /// `NSItemProvider.registeredTypeIdentifiers`.
    public var registeredTypeIdentifiers: [String]

    /// An attachment offering `registeredTypeIdentifiers`.
    public init(_ registeredTypeIdentifiers: [String]) {
      self.registeredTypeIdentifiers = registeredTypeIdentifiers
    }
  }

  /// The extension items, each as its attachments.
  public var items: [[Attachment]]

  /// A context of `items`.
  public init(items: [[Attachment]]) {
    self.items = items
  }

  /// A context of one extension item holding `attachments`.
  public init(attachments: [Attachment]) {
    self.items = [attachments]
  }

  /// The value predicates are evaluated on:
  /// `{"extensionItems": [{"attachments": [{"registeredTypeIdentifiers": [...]}]}]}`.
  public var evaluationValue: EvaluationValue {
    func attachmentValue(_ attachment: Attachment) -> EvaluationValue {
      ["registeredTypeIdentifiers": .array(attachment.registeredTypeIdentifiers.map(EvaluationValue.string))]
    }
    let itemValues: [EvaluationValue] = items.map { ["attachments": .array($0.map(attachmentValue))] }
    return ["extensionItems": .array(itemValues)]
  }

  /// The same context as offered by a managed app: every identifier wrapped in the Intune prefix.
  public var wrappedForIntuneMAM: ExtensionContext {
    ExtensionContext(
      items: items.map { attachments in
        attachments.map { Attachment($0.registeredTypeIdentifiers.map(IntuneMAMTypes.intuneMAMTwin(of:))) }
      })
  }
}
