import CPCRE2

/// The PCRE2 library `LIKE` and `MATCHES` run on.
public enum PCRE2Version {
  /// The version of the PCRE2 loaded at run time, as `pcre2_config(PCRE2_CONFIG_VERSION, …)` gives it
  /// (`10.42 2022-12-11`).
  public static var runtime: String {
    let length = pcre2_config_8(UInt32(PCRE2_CONFIG_VERSION), nil)
    guard length > 0 else { return "unknown" }
    var buffer = [UInt8](repeating: 0, count: Int(length))
    guard pcre2_config_8(UInt32(PCRE2_CONFIG_VERSION), &buffer) > 0 else { return "unknown" }
    return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
  }
}
