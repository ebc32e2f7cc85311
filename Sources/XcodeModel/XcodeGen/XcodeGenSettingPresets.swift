/// The build settings XcodeGen writes into a project before the spec's own (its "setting presets": Xcode's
/// templates for a new project, per configuration type, platform and product type), as far as what sharelint
/// checks can see them: product names, SDKs and device families, run paths, debug conditions. Settings that only
/// tune the compiler's warnings are left out.
enum XcodeGenSettingPresets {
  /// What `options.settingPresets` turns on.
  struct Selection {
    var project: Bool
    var targets: Bool

    /// `all` (the default), `project`, `targets` or `none`.
    init(_ text: String?) {
      switch text {
      case "none": (project, targets) = (false, false)
      case "project": (project, targets) = (true, false)
      case "targets": (project, targets) = (false, true)
      default: (project, targets) = (true, true)
      }
    }
  }

  /// Project settings for every configuration that has a type (`debug` or `release`).
  static let base: [(String, String)] = [("PRODUCT_NAME", "$(TARGET_NAME)"), ("SWIFT_VERSION", "5.0")]

  /// Project settings by configuration type.
  static func configuration(_ type: String) -> [(String, String)] {
    switch type {
    case "debug":
      return [
        ("DEBUG_INFORMATION_FORMAT", "dwarf"), ("ENABLE_TESTABILITY", "YES"),
        ("GCC_PREPROCESSOR_DEFINITIONS", "$(inherited) DEBUG=1"), ("ONLY_ACTIVE_ARCH", "YES"),
        ("SWIFT_ACTIVE_COMPILATION_CONDITIONS", "DEBUG"), ("SWIFT_OPTIMIZATION_LEVEL", "-Onone"),
      ]
    case "release":
      return [
        ("DEBUG_INFORMATION_FORMAT", "dwarf-with-dsym"), ("ENABLE_NS_ASSERTIONS", "NO"),
        ("SWIFT_COMPILATION_MODE", "wholemodule"), ("SWIFT_OPTIMIZATION_LEVEL", "-O"),
      ]
    default:
      return []
    }
  }

  /// Target settings by platform.
  static func platform(_ platform: String) -> [(String, String)] {
    switch platform {
    case "iOS":
      return [
        ("LD_RUNPATH_SEARCH_PATHS", "$(inherited) @executable_path/Frameworks"), ("SDKROOT", "iphoneos"),
        ("TARGETED_DEVICE_FAMILY", "1,2"),
      ]
    case "tvOS":
      return [
        ("LD_RUNPATH_SEARCH_PATHS", "$(inherited) @executable_path/Frameworks"), ("SDKROOT", "appletvos"),
        ("TARGETED_DEVICE_FAMILY", "3"),
      ]
    case "watchOS":
      return [("SDKROOT", "watchos"), ("SKIP_INSTALL", "YES"), ("TARGETED_DEVICE_FAMILY", "4")]
    case "macOS":
      return [("LD_RUNPATH_SEARCH_PATHS", "$(inherited) @executable_path/../Frameworks"), ("SDKROOT", "macosx")]
    case "visionOS":
      return [
        ("LD_RUNPATH_SEARCH_PATHS", "$(inherited) @executable_path/Frameworks"), ("SDKROOT", "xros"),
        ("TARGETED_DEVICE_FAMILY", "7"),
      ]
    default:
      return []
    }
  }

  /// Target settings by product type, then by product type and platform.
  static func product(_ type: String, platform: String) -> [(String, String)] {
    var settings: [(String, String)] = []
    switch type {
    case "app-extension", "app-extension.messages", "watchkit2-extension":
      settings.append(
        ("LD_RUNPATH_SEARCH_PATHS", "$(inherited) @executable_path/Frameworks @executable_path/../../Frameworks"))
    case "app-extension.intents-service":
      settings.append(
        ("LD_RUNPATH_SEARCH_PATHS",
         "$(inherited) @executable_path/Frameworks @executable_path/../../Frameworks "
           + "@executable_path/../../../../Frameworks"))
    case "tv-app-extension":
      settings += [
        ("SKIP_INSTALL", "YES"),
        ("LD_RUNPATH_SEARCH_PATHS", "$(inherited) @executable_path/Frameworks @executable_path/../../Frameworks"),
      ]
    case "bundle.unit-test", "bundle.ui-testing":
      settings += [
        ("BUNDLE_LOADER", "$(TEST_HOST)"),
        ("LD_RUNPATH_SEARCH_PATHS", "$(inherited) @executable_path/Frameworks @loader_path/Frameworks"),
      ]
    case "library.static":
      settings.append(("SKIP_INSTALL", "YES"))
    case "framework", "framework.static":
      settings += [
        ("CURRENT_PROJECT_VERSION", "1"), ("DEFINES_MODULE", "YES"), ("CODE_SIGN_IDENTITY", ""),
        ("INSTALL_PATH", "$(LOCAL_LIBRARY_DIR)/Frameworks"), ("DYLIB_INSTALL_NAME_BASE", "@rpath"),
        ("SKIP_INSTALL", "YES"), ("VERSIONING_SYSTEM", "apple-generic"),
      ]
    default:
      break
    }
    if type == "application", platform == "iOS" {
      settings += [("CODE_SIGN_IDENTITY", "iPhone Developer"), ("ASSETCATALOG_COMPILER_APPICON_NAME", "AppIcon")]
    }
    return settings
  }

  /// The SDK of a platform (`SDKROOT`).
  static func sdk(of platform: String) -> String? {
    switch platform {
    case "iOS": return "iphoneos"
    case "tvOS": return "appletvos"
    case "watchOS": return "watchos"
    case "macOS": return "macosx"
    case "visionOS": return "xros"
    case "auto": return "auto"
    default: return nil
    }
  }

  /// The deployment target setting of a platform.
  static func deploymentTargetSetting(of platform: String) -> String? {
    switch platform {
    case "iOS": return "IPHONEOS_DEPLOYMENT_TARGET"
    case "tvOS": return "TVOS_DEPLOYMENT_TARGET"
    case "watchOS": return "WATCHOS_DEPLOYMENT_TARGET"
    case "macOS": return "MACOSX_DEPLOYMENT_TARGET"
    case "visionOS": return "XROS_DEPLOYMENT_TARGET"
    default: return nil
    }
  }
}
