import ArgumentParser

/// `sharelint url …`: URLs under an Intune app protection policy.
struct URLCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "url",
    abstract: "Ask whether URLs may be opened under an Intune app protection policy.",
    subcommands: [URLCheckCommand.self]
  )
}
