/// How serious a finding is: syntax diagnostics and lint findings share it.
public enum Severity: String, Hashable, Sendable, CaseIterable, Comparable {
  /// Something that will go wrong; exit status 1.
  case error
  /// Something that is probably wrong.
  case warning
  /// Worth knowing; never fails a run.
  case info

  private var rank: Int {
    switch self {
    case .error: return 2
    case .warning: return 1
    case .info: return 0
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
