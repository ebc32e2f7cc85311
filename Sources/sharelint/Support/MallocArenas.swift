/// glibc gives every thread that allocates its own malloc arena (up to 8 per core), and memory freed in
/// one arena is not reused by another: linting 10,000 plists on two threads kept about 20 MB more
/// resident than with the arenas capped. Two arenas keep both cores busy.
enum MallocArenas {
  static func limit() {
    #if os(Linux)
    _ = glibcMallopt(arenaMaximum, 2)
    #endif
  }

  /// `M_ARENA_MAX` in `<malloc.h>`, a macro Swift does not import.
  private static let arenaMaximum: Int32 = -8
}

#if os(Linux)
/// glibc's `mallopt`, which the Glibc module does not export.
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
