import ArgumentParser
import IntuneKnowledge
import PropertyList
import URLSchemes

/// Output formats of `url check`.
enum URLCheckOutputFormat: String, CaseIterable, ExpressibleByArgument {
  /// One line of prose per URL.
  case text
  /// JSON lines with sorted keys.
  case json
  /// Tab-separated values.
  case tsv

  /// The library's format.
  var verdictFormat: URLVerdictFormat {
    switch self {
    case .text: return .text
    case .json: return .json
    case .tsv: return .tsv
    }
  }
}

/// `sharelint url check`: the SDK's `isURLAllowed:isKnownManagedAppScheme:` for URLs, with `canOpenURL`.
struct URLCheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Say whether a managed app may open URLs under a policy, and what iOS would be asked to open.",
    discussion: """
      URLs come from the arguments, or one per line from standard input with '-' (or no URL at all); lines are \
      streamed, so any number of them runs in constant memory. Blank lines are skipped and a trailing \\r is \
      dropped. One verdict is written per URL, in input order.

      Verdicts:
        allowed                    the SDK opens the URL (see "opens")
        blocked                    the policy blocks it
        allowed-if-managed-target  allowed only if the app handling the scheme
                                   is policy-managed (it registers
                                   <scheme>-intunemam); --known-managed says it is
        invalid                    not a URL the SDK could consider

      Reasons name the policy setting that decided: allowedOutboundDataTransferDestinations, \
      exemptedAppProtocols, exemptedUniversalLinks, managedUniversalLinks, and for http(s) links the browser \
      settings managedBrowser (Edge), customBrowserProtocol (an unmanaged browser) or \
      managedBrowserToOpenLinksRequired (the retired Intune Managed Browser). An invalid verdict says \
      missingScheme (no ':'), invalidScheme (not an RFC 3986 scheme) or lineTooLong (over 1 MiB).

      "opens" is the URL the SDK would hand to iOS (the scheme gains -intunemam for a managed target, web links \
      go to the required browser), or nothing. "canOpenURL" is what iOS answers for the scheme opened, from the \
      --info-plist's LSApplicationQueriesSchemes: declared, past-limit (listed after the first 50 entries, 25 \
      with --sdk-version 27 or later, so iOS ignores it), undeclared, or not-checked without --info-plist.

      Formats (--format):
        text  URL: VERDICT by REASON; opens URL|nothing; canOpenURL STATUS
        json  JSON lines with sorted keys: canOpenURL, opens (null when
              nothing opens), reason, url, verdict
        tsv   url, verdict, reason, opens ('-' when nothing opens), canOpenURL,
              tab-separated, no header
      Control characters inside a URL are percent-encoded in text and tsv, escaped in JSON.

      Exit status: 0 no URL blocked or invalid; 1 at least one URL blocked or invalid; 2 usage error, or an \
      unreadable, malformed or contradictory policy or Info.plist (one line on standard error).

      Examples:
        sharelint url check --policy policy.yaml 'ms-word:ofe|u|https://x.org/a.docx'
        sharelint url check --policy p.yaml --info-plist App/Info.plist tel:112
        sharelint url check --policy graph.json --format tsv - < urls.txt
      """
  )

  @Argument(help: ArgumentHelp(
    "URLs to check; '-' or nothing reads them from standard input, one per line.", valueName: "URL"))
  var urls: [String] = []

  @Option(
    name: .customLong("info-plist"),
    help: ArgumentHelp(
      "The app's Info.plist (XML or binary), whose LSApplicationQueriesSchemes decides canOpenURL; '-' reads "
        + "standard input.",
      valueName: "PLIST"))
  var infoPlist: String?

  @OptionGroup var policy: PolicyOptions

  @Flag(
    name: .customLong("known-managed"),
    help: "The target apps are known to be managed (isKnownManagedAppScheme:YES).")
  var knownManaged = false

  @Option(help: "How to write the verdicts: text, json (JSON lines) or tsv.")
  var format: URLCheckOutputFormat = .text

  @Option(
    name: .customLong("sdk-version"),
    help: ArgumentHelp(
      "The iOS SDK major version the app is linked with: 27 or later honours 25 queries schemes, not 50.",
      valueName: "N"))
  var sdkVersion: Int?

  /// Where the URLs come from, in order: runs of arguments, and standard input where '-' stands.
  private enum Source {
    case arguments([String])
    case standardInput
  }

  func validate() throws {
    if urls.filter({ $0 == "-" }).count > 1 { throw ValidationError("'-' may be given only once") }
    let readers = [urls.isEmpty || urls.contains("-"), policy.readsStandardInput, infoPlist == "-"]
    if readers.filter({ $0 }).count > 1 {
      throw ValidationError("only one of the URLs, --policy and --info-plist can be read from standard input")
    }
    if let empty = urls.firstIndex(where: { $0 != "-" && ($0.isEmpty || $0.contains(where: \.isNewline)) }) {
      throw ValidationError(
        "URL argument \(empty + 1) is empty or holds a line break; give such input on standard input")
    }
  }

  func run() throws {
    let policy = try policy.load()
    let queriesSchemes = try infoPlist.map(InfoPlistQueriesSchemes.read)
    let limit =
      (sdkVersion ?? 0) >= 27 ? IntuneSchemeLists.queriesSchemesLimitFromIOS27 : IntuneSchemeLists.queriesSchemesLimit
    let checker: URLAllowanceChecker
    do {
      checker = try URLAllowanceChecker(policy: policy, queriesSchemes: queriesSchemes, queriesSchemesLimit: limit)
    } catch let error as IntunePolicyError {
      throw InputError("\(self.policy.displayName): \(error)")
    }
    let batch = URLBatchChecker(checker: checker, format: format.verdictFormat, isKnownManagedAppScheme: knownManaged)
    var answerIsNo = false
    do {
      for source in sources {
        let summary: URLBatchSummary
        switch source {
        case .standardInput:
          StandardStreams.flush()
          summary = try batch.run(inputFileDescriptor: 0, outputFileDescriptor: 1)
        case .arguments(let urls):
          var input: [UInt8]? = Array(urls.joined(separator: "\n").utf8)
          summary = try batch.run(
            readingChunksFrom: {
              defer { input = nil }
              return input
            },
            writingTo: { StandardStreams.writeOutput(String(decoding: $0, as: UTF8.self)) })
        }
        answerIsNo = answerIsNo || summary.blocked > 0 || summary.invalid > 0
      }
    } catch let error as URLBatchError {
      throw InputError(error.description)
    }
    if answerIsNo { throw ExitCode(CommandLineExit.answerIsNo) }
  }

  /// The arguments split at '-'; standard input alone when there is no argument.
  private var sources: [Source] {
    guard !urls.isEmpty else { return [.standardInput] }
    var sources: [Source] = []
    var run: [String] = []
    for url in urls {
      if url == "-" {
        if !run.isEmpty { sources.append(.arguments(run)) }
        run = []
        sources.append(.standardInput)
      } else {
        run.append(url)
      }
    }
    if !run.isEmpty { sources.append(.arguments(run)) }
    return sources
  }
}

/// Reads an Info.plist's `LSApplicationQueriesSchemes`, in order.
enum InfoPlistQueriesSchemes {
  /// The schemes listed in the plist at `path` ('-' for standard input); empty when the key is absent. A missing
  /// or malformed plist, or a key that is not an array of strings, is an `InputError` with `file:line:col`.
  static func read(_ path: String) throws -> [String] {
    let document: PropertyListDocument
    do {
      if path == "-" {
        document = try PropertyListDocument(bytes: try StandardStreams.readStandardInput(), name: "<stdin>")
      } else {
        document = try PropertyListDocument(contentsOfFile: path)
      }
    } catch let error as PropertyListError {
      throw InputError(error.description)
    }
    let key = "LSApplicationQueriesSchemes"
    guard let node = document.value(at: [key]) else { return [] }
    guard let elements = node.elements else {
      throw InputError(
        "\(location(of: node, in: document)) \(key) must be an array of strings, not \(node.type.nameWithArticle)")
    }
    return try elements.map { element in
      guard let scheme = element.string else {
        throw InputError(
          "\(location(of: element, in: document)) \(key) entries must be strings, not \(element.type.nameWithArticle)")
      }
      return scheme
    }
  }

  /// `name:line:column:` of the node, or `name:` for a binary plist.
  private static func location(of node: PropertyListNode, in document: PropertyListDocument) -> String {
    guard let range = node.elementRange else { return "\(document.source.name):" }
    let position = document.position(of: range.start)
    return "\(document.source.name):\(position.line):\(position.column):"
  }
}
