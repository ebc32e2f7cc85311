import UIKit

final class ActionViewController: UIViewController {
  @IBAction func done() {
    let provider = (extensionContext?.inputItems.first as? NSExtensionItem)?.attachments?.first
    if provider?.canLoadObject(ofClass: String.self) == true {
      _ = provider?.loadObject(ofClass: String.self) { text, _ in translate(text) }
    } else if provider?.canLoadObject(ofClass: URL.self) == true {
      _ = provider?.loadObject(ofClass: URL.self) { url, _ in translate(url?.absoluteString) }
    }
    extensionContext?.completeRequest(returningItems: extensionContext?.inputItems, completionHandler: nil)
  }
}

private func translate(_ text: String?) {}
