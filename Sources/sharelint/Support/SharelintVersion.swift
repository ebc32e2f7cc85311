/// The version `sharelint --version` prints.
enum SharelintVersion {
  static let current = "0.1.0"
}
