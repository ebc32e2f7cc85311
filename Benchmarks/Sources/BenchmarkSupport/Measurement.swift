import Foundation

/// Times a workload the plain way: warm up, then several timed rounds of a fixed number of
/// iterations, reporting the median round (robust to a noisy neighbour on the machine).
public struct Measurement {
  /// Nanoseconds per iteration in each round, sorted.
  public let nanosecondsPerIteration: [Double]

  /// The median nanoseconds per iteration.
  public var median: Double { nanosecondsPerIteration[nanosecondsPerIteration.count / 2] }
  /// The fastest round.
  public var best: Double { nanosecondsPerIteration[0] }

  /// Runs `body` `iterations` times per round, `rounds` times, after one untimed round.
  public static func run(iterations: Int, rounds: Int = 7, _ body: () -> Void) -> Measurement {
    for _ in 0..<max(1, iterations / 10) { body() }
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<rounds {
      let elapsed = clock.measure {
        for _ in 0..<iterations { body() }
      }
      let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
      samples.append(nanoseconds / Double(iterations))
    }
    return Measurement(nanosecondsPerIteration: samples.sorted())
  }
}

/// Keeps a value alive so the optimizer cannot drop the work that made it.
@inline(never)
public func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Formats a number with a fixed number of decimals.
public func formatted(_ value: Double, decimals: Int = 2) -> String {
  String(format: "%.\(decimals)f", value)
}
