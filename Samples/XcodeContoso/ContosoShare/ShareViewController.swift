import Social
import UIKit
import UniformTypeIdentifiers

final class ShareViewController: SLComposeServiceViewController {
  override func isContentValid() -> Bool { true }

  override func didSelectPost() {
    let providers = (extensionContext?.inputItems as? [NSExtensionItem] ?? []).flatMap { $0.attachments ?? [] }
    for provider in providers {
      if provider.hasItemConformingToTypeIdentifier(UTType.image.identifier) {
        provider.loadFileRepresentation(forTypeIdentifier: UTType.image.identifier) { url, _ in upload(url) }
      } else if provider.hasItemConformingToTypeIdentifier(UTType.pdf.identifier) {
        provider.loadFileRepresentation(forTypeIdentifier: UTType.pdf.identifier) { url, _ in upload(url) }
      }
    }
    extensionContext?.completeRequest(returningItems: [], completionHandler: nil)
  }
}

private func upload(_ file: URL?) {}
