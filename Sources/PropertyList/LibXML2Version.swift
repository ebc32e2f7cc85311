import CLibXML2

/// The libxml2 sharelint reads XML plists with.
public enum LibXML2Version {
  /// The version of the libxml2 loaded at run time, dotted (`2.9.14`): libxml2's `xmlParserVersion`
  /// (`"20914"`) read through `__xmlParserVersion()`, which is what the macro expands to in threaded builds.
  public static var runtime: String {
    guard let pointer = __xmlParserVersion()?.pointee, let number = Int(String(cString: pointer)) else {
      return compiled
    }
    return "\(number / 10_000).\(number / 100 % 100).\(number % 100)"
  }

  /// The version of the headers sharelint was compiled against (`LIBXML_DOTTED_VERSION`).
  public static var compiled: String { LIBXML_DOTTED_VERSION }
}
