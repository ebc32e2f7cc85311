import Social
import UIKit

final class ShareViewController: SLComposeServiceViewController {
  override func isContentValid() -> Bool { true }

  override func didSelectPost() {
    extensionContext?.completeRequest(returningItems: [], completionHandler: nil)
  }
}
