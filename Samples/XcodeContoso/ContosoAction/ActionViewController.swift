import UIKit

final class ActionViewController: UIViewController {
  @IBAction func done() {
    extensionContext?.completeRequest(returningItems: extensionContext?.inputItems, completionHandler: nil)
  }
}
