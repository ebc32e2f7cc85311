import PredicateEvaluation
import Testing
import UniformTypes

/// Apple's activation-rule shapes evaluated on extension contexts like the ones iOS hands a share
/// extension: `{"extensionItems": [{"attachments": [{"registeredTypeIdentifiers": [...]}]}]}`.
@Suite struct ActivationRuleTests {
  /// [ExtGuide]'s "exactly one PDF": every attachment of the one item is a PDF.
  static let onlyPDFs = """
    SUBQUERY (
      extensionItems, $extensionItem,
      SUBQUERY (
        $extensionItem.attachments, $attachment,
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf"
      ).@count == $extensionItem.attachments.@count
    ).@count == 1
    """

  /// Exactly one image attachment.
  static let oneImage = """
    SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment,
      ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count == 1).@count == 1
    """

  /// Up to five images and nothing that is not an image.
  static let upToFiveImagesOnly = """
    SUBQUERY(extensionItems, $extensionItem,
      SUBQUERY($extensionItem.attachments, $attachment,
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count BETWEEN {1, 5}
      AND SUBQUERY($extensionItem.attachments, $attachment,
        NONE $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count == 0
    ).@count >= 1
    """

  /// At least one image or one plain-text attachment, the OR shape [ExtGuide] shows.
  static let imageOrText = """
    SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment,
      ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"
      || ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.plain-text").@count >= 1).@count >= 1
    """

  /// A managed extension's rule: the Intune-wrapped image type.
  static let managedImage = """
    SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment,
      ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.image"
    ).@count >= 1).@count >= 1
    """

  let oneJPEG = extensionContext([[["public.jpeg"]]])
  let fiveImages = extensionContext([[["public.jpeg"], ["public.png"], ["public.heic"], ["com.compuserve.gif"],
                                       ["public.jpeg", "public.tiff"]]])
  let sixImages = extensionContext([[["public.jpeg"], ["public.png"], ["public.heic"], ["com.compuserve.gif"],
                                      ["public.jpeg"], ["org.webmproject.webp"]]])
  let imageAndText = extensionContext([[["public.jpeg"], ["public.utf8-plain-text", "public.plain-text"]]])
  let onePDF = extensionContext([[["com.adobe.pdf"]]])
  let twoPDFs = extensionContext([[["com.adobe.pdf"], ["com.adobe.pdf", "public.file-url"]]])
  let pdfAndImage = extensionContext([[["com.adobe.pdf"], ["public.png"]]])
  let wrappedJPEG = extensionContext([[["com.microsoft.intune.mam.public.jpeg"]]])
  let twoItems = extensionContext([[["com.adobe.pdf"]], [["com.adobe.pdf"]]])
  let nothing = extensionContext([])

  @Test func exactlyOnePDFRule() throws {
    #expect(try evaluate(Self.onlyPDFs, in: onePDF))
    #expect(try evaluate(Self.onlyPDFs, in: twoPDFs), "every attachment of the one item is a PDF")
    #expect(try !evaluate(Self.onlyPDFs, in: pdfAndImage))
    #expect(try !evaluate(Self.onlyPDFs, in: oneJPEG))
    #expect(try !evaluate(Self.onlyPDFs, in: twoItems), "two extension items")
    #expect(try !evaluate(Self.onlyPDFs, in: nothing))
  }

  @Test func oneImageRule() throws {
    #expect(try evaluate(Self.oneImage, in: oneJPEG))
    #expect(try !evaluate(Self.oneImage, in: fiveImages))
    #expect(try evaluate(Self.oneImage, in: imageAndText), "one image, whatever else comes along")
    #expect(try !evaluate(Self.oneImage, in: onePDF))
  }

  @Test func upToFiveImagesRule() throws {
    #expect(try evaluate(Self.upToFiveImagesOnly, in: oneJPEG))
    #expect(try evaluate(Self.upToFiveImagesOnly, in: fiveImages))
    #expect(try !evaluate(Self.upToFiveImagesOnly, in: sixImages))
    #expect(try !evaluate(Self.upToFiveImagesOnly, in: imageAndText))
    #expect(try !evaluate(Self.upToFiveImagesOnly, in: onePDF))
  }

  @Test func imageOrTextRule() throws {
    #expect(try evaluate(Self.imageOrText, in: oneJPEG))
    #expect(try evaluate(Self.imageOrText, in: imageAndText))
    #expect(try evaluate(Self.imageOrText, in: extensionContext([[["public.utf8-plain-text"]]])))
    #expect(try !evaluate(Self.imageOrText, in: twoPDFs))
  }

  @Test func intuneWrappedTypesMatchOnlyWrappedRules() throws {
    #expect(try evaluate(Self.managedImage, in: wrappedJPEG))
    #expect(try !evaluate(Self.managedImage, in: oneJPEG), "an unmanaged JPEG is not a managed image")
    #expect(try !evaluate(Self.oneImage, in: wrappedJPEG), "a managed JPEG is not an unmanaged image")
  }

  @Test func contextFromJSONText() throws {
    let json = #"{"extensionItems": [{"attachments": [{"registeredTypeIdentifiers": ["public.jpeg"]}]}]}"#
    #expect(try evaluate(Self.oneImage, on: json))
    #expect(try EvaluationValue(json: json) == oneJPEG)
  }

  @Test func attachmentWithoutTypeIdentifiersDoesNotMatch() throws {
    #expect(try !evaluate(Self.oneImage, on: #"{"extensionItems": [{"attachments": [{}]}]}"#))
    #expect(try !evaluate(Self.oneImage, on: #"{"extensionItems": [{}]}"#))
  }

  @Test func flatKeyPathGivesNestedArraysSoUTIOperatorRejectsThem() throws {
    // `extensionItems.attachments.registeredTypeIdentifiers` is an array of arrays of arrays, as
    // NSArray's valueForKeyPath: builds it; ANY's elements are arrays, which UTI-CONFORMS-TO refuses.
    let rule = "ANY extensionItems.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO 'public.image'"
    let tree = try parsedPredicate(rule)
    #expect(throws: EvaluationError.self) { try PredicateEvaluator().evaluate(tree, on: oneJPEG) }
    let flattened = "ANY extensionItems.@unionOfArrays.attachments.@unionOfArrays.registeredTypeIdentifiers"
      + " UTI-CONFORMS-TO 'public.image'"
    #expect(try evaluate(flattened, in: oneJPEG))
  }
}
