/// The share extension's entry point, as an app would declare it (the fixture needs one Swift file to build).
public struct ShareViewController {
  /// What the extension shares.
  public let title = "Share to Fixture"
}
