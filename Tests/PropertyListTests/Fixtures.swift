import Foundation
import SharelintBase
import Testing

@testable import PropertyList

/// Real-looking plists shared by the tests.
enum Fixtures {
  /// A share extension's Info.plist, as Xcode writes it (tabs), with an activation-rule predicate
  /// full of `&quot;` and a comment.
  static let shareExtension = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleDisplayName</key>
    \t<string>Share to Contoso</string>
    \t<key>CFBundleVersion</key>
    \t<string>$(CURRENT_PROJECT_VERSION)</string>
    \t<!-- Intune: keep the rule below in sync with IntuneMAMSettings -->
    \t<key>NSExtension</key>
    \t<dict>
    \t\t<key>NSExtensionAttributes</key>
    \t\t<dict>
    \t\t\t<key>NSExtensionActivationRule</key>
    \t\t\t<string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
    ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \
    &quot;public.image&quot;).@count &gt;= 1).@count == 1</string>
    \t\t\t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
    \t\t\t<integer>10</integer>
    \t\t</dict>
    \t\t<key>NSExtensionPointIdentifier</key>
    \t\t<string>com.apple.share-services</string>
    \t\t<key>NSExtensionPrincipalClass</key>
    \t\t<string>$(PRODUCT_MODULE_NAME).ShareViewController</string>
    \t</dict>
    \t<key>LSApplicationQueriesSchemes</key>
    \t<array>
    \t\t<string>http-intunemam</string>
    \t\t<string>https-intunemam</string>
    \t\t<string>ms-outlook</string>
    \t</array>
    \t<key>UIRequiresFullScreen</key>
    \t<true/>
    \t<key>IntuneMAMSettings</key>
    \t<dict>
    \t\t<key>ADALClientId</key>
    \t\t<string>6d3e1e2a-0000-4000-8000-000000000001</string>
    \t\t<key>MultiIdentity</key>
    \t\t<false/>
    \t</dict>
    \t<key>Score</key>
    \t<real>0.75</real>
    \t<key>BuildDate</key>
    \t<date>2024-05-17T09:30:00Z</date>
    \t<key>Token</key>
    \t<data>
    \tSGVsbG8sIEludHVuZSE=
    \t</data>
    \t<key>Empty</key>
    \t<array/>
    </dict>
    </plist>

    """

  /// An app's Info.plist indented with 4 spaces and CRLF line endings.
  static let appWithSpacesAndCRLF = [
    #"<?xml version="1.0" encoding="UTF-8"?>"#,
    #"<plist version="1.0">"#,
    "<dict>",
    "    <key>CFBundleIdentifier</key>",
    "    <string>com.contoso.app</string>",
    "    <key>CFBundleURLTypes</key>",
    "    <array>",
    "        <dict>",
    "            <key>CFBundleURLSchemes</key>",
    "            <array>",
    "                <string>contoso</string>",
    "            </array>",
    "        </dict>",
    "    </array>",
    "    <key>LSApplicationQueriesSchemes</key>",
    "    <array></array>",
    "</dict>",
    "</plist>",
    "",
  ].joined(separator: "\r\n")

  /// Reads `text` as a document named `Info.plist`.
  static func document(_ text: String) throws -> PropertyListDocument {
    try PropertyListDocument(bytes: Array(text.utf8), name: "Info.plist")
  }

  /// The error reading `text` throws, failing the test when it reads fine.
  static func readError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> PropertyListError? {
    readError(bytes: Array(text.utf8), sourceLocation: sourceLocation)
  }

  /// The error reading `bytes` throws, failing the test when they read fine.
  static func readError(bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> PropertyListError? {
    do {
      _ = try PropertyListDocument(bytes: bytes, name: "Info.plist")
      Issue.record("expected a read error", sourceLocation: sourceLocation)
      return nil
    } catch let error as PropertyListError {
      return error
    } catch {
      Issue.record("unexpected error type: \(error)", sourceLocation: sourceLocation)
      return nil
    }
  }
}
