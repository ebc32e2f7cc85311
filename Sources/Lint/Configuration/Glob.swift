/// The glob patterns of `.sharelint.yml`'s `excluded`, matched byte by byte against a path:
/// - `*` matches any bytes but `/` (within a path component);
/// - `?` matches one byte that is not `/`;
/// - `**` matches nothing, or anything that ends with `/` (whole leading components: `**/Tests/x` matches
///   `Tests/x` and `a/b/Tests/x`; a `/` right after it is part of it); at the end of the pattern (`Pods/**`,
///   `Pods/**/`), anything at all;
/// - any other byte matches itself.
///
/// A pull request's `.sharelint.yml` chooses the patterns, so they are matched as an automaton, never by
/// backtracking: the pattern is read once into states, and the path is read once, byte by byte, keeping the set of
/// states it may be in. The time is the path's length times the pattern's, whatever the pattern
/// (`*a*a*a*a*a*a*b` or `**/**/**/…` took exponential time with the backtracking matcher this replaced).
enum Glob {
  /// Whether `path` matches `pattern` whole.
  static func matches(pattern: String, path: String) -> Bool {
    Automaton(pattern: pattern).matches(path)
  }

  /// A pattern as states; state `i` leads to `i + 1` unless said otherwise, and the last state accepts.
  struct Automaton {
    /// What a state does with the next byte, and whether it may be left without reading one.
    enum State: Equatable {
      /// Reads this byte.
      case byte(UInt8)
      /// Reads one byte that is not `/` (`?`).
      case notSlash
      /// Reads bytes that are not `/`, staying, or is left without reading (`*`).
      case notSlashes
      /// Reads any bytes, staying, or is left without reading (`**` at the end).
      case anything
      /// The start of `**` in the middle: is left without reading, or reads a `/` (staying) or any other byte
      /// (going to the `insideComponents` state after it).
      case componentsStart
      /// Inside the components `**` matches: reads bytes that are not `/` (staying) or a `/` (back to the
      /// `componentsStart` before it, whose way on may then be taken); never left without reading.
      case insideComponents
      /// The end: the path matches when it is in this state after its last byte.
      case accept
    }

    /// The states, in pattern order, the last accepting.
    private(set) var states: [State] = []

    /// The automaton of `pattern`.
    init(pattern: String) {
      let bytes = Array(pattern.utf8)
      let star = UInt8(ascii: "*")
      let slash = UInt8(ascii: "/")
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte == star, index + 1 < bytes.count, bytes[index + 1] == star {
          index += 2
          if index < bytes.count, bytes[index] == slash { index += 1 }
          if index == bytes.count {
            states.append(.anything)
          } else {
            states += [.componentsStart, .insideComponents]
          }
        } else if byte == star {
          states.append(.notSlashes)
          index += 1
        } else if byte == UInt8(ascii: "?") {
          states.append(.notSlash)
          index += 1
        } else {
          states.append(.byte(byte))
          index += 1
        }
      }
      states.append(.accept)
    }

    /// Where a state may be left for without reading a byte, if anywhere (always a later state).
    private func skip(from state: Int) -> Int? {
      switch states[state] {
      case .notSlashes, .anything: return state + 1
      case .componentsStart: return state + 2
      case .byte, .notSlash, .insideComponents, .accept: return nil
      }
    }

    /// Whether `path` matches.
    func matches(_ path: String) -> Bool {
      var current = [Bool](repeating: false, count: states.count)
      var next = current
      current[0] = true
      close(&current)
      let slash = UInt8(ascii: "/")
      for byte in path.utf8 {
        var any = false
        for state in states.indices where current[state] {
          let isSlash = byte == slash
          var target: Int?
          switch states[state] {
          case .byte(let expected): target = byte == expected ? state + 1 : nil
          case .notSlash: target = isSlash ? nil : state + 1
          case .notSlashes: target = isSlash ? nil : state
          case .anything: target = state
          case .componentsStart: target = isSlash ? state : state + 1
          case .insideComponents: target = isSlash ? state - 1 : state
          case .accept: target = nil
          }
          if let target {
            next[target] = true
            any = true
          }
        }
        guard any else { return false }
        swap(&current, &next)
        for state in next.indices { next[state] = false }
        close(&current)
      }
      return current[states.count - 1]
    }

    /// Adds to `active` every state reachable from one in it without reading: one pass in order, as each such way
    /// leads to a later state.
    private func close(_ active: inout [Bool]) {
      for state in active.indices where active[state] {
        if let target = skip(from: state) { active[target] = true }
      }
    }
  }
}
