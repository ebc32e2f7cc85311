/// A spec's `settings:` (of the project, a target, a setting group or a configuration): a plain map of build
/// settings, or `groups`/`base`/`configs` (then a plain map beside them is ignored, as XcodeGen ignores it).
struct XcodeGenSettings {
  /// The settings of a `configs:` entry, for the configurations whose name contains `variant`.
  struct ConfigVariant {
    var variant: String
    var settings: XcodeGenSettings
  }

  var groups: [XcodeGenValue] = []
  var base: [XcodeGenValue.Entry] = []
  var configs: [ConfigVariant] = []

  init() {}

  init(_ value: XcodeGenValue?) {
    guard let value, let entries = value.entries else { return }
    guard value["configs"] != nil || value["groups"] != nil || value["base"] != nil else {
      base = entries
      return
    }
    if let groups = value["groups"] ?? value["presets"] { self.groups = groups.elements ?? [groups] }
    base = value["base"]?.entries ?? []
    for entry in value["configs"]?.entries ?? [] where entry.value.entries != nil {
      configs.append(ConfigVariant(variant: entry.key, settings: XcodeGenSettings(entry.value)))
    }
  }
}

/// Build settings of one level of a generated project, keyed as written (`NAME` or `NAME[sdk=…]`); a later
/// assignment of a key replaces the earlier one, as XcodeGen's dictionaries do.
struct XcodeGenSettingDictionary {
  struct Value {
    var value: String
    var origin: BuildSettingDefinition.Origin
  }

  private(set) var keys: [String] = []
  private var values: [String: Value] = [:]

  subscript(key: String) -> Value? { values[key] }

  mutating func set(_ key: String, _ value: String, origin: BuildSettingDefinition.Origin) {
    if values[key] == nil { keys.append(key) }
    values[key] = Value(value: value, origin: origin)
  }

  mutating func set(_ key: String, _ value: String, at location: XcodeGenLocation) {
    set(key, value, origin: .project(file: location.file, line: location.line))
  }

  mutating func remove(_ key: String) {
    guard values.removeValue(forKey: key) != nil else { return }
    keys.removeAll { $0 == key }
  }

  mutating func merge(_ other: XcodeGenSettingDictionary) {
    for key in other.keys { if let value = other.values[key] { set(key, value.value, origin: value.origin) } }
  }

  /// Whether an unconditional assignment of `name` is here.
  func defines(_ name: String) -> Bool { values[name] != nil }

  /// The assignments as definitions, conditional ones after unconditional ones (as the pbxproj reader orders a
  /// `buildSettings` dictionary: a conditional assignment is the more specific).
  var definitions: [BuildSettingDefinition] {
    var unconditional: [BuildSettingDefinition] = []
    var conditional: [BuildSettingDefinition] = []
    for key in keys {
      guard let value = values[key] else { continue }
      let (name, conditions) = XcodeSettingKey.split(key)
      let definition = BuildSettingDefinition(
        name: name, value: value.value, conditions: conditions, origin: value.origin)
      if conditions.isEmpty { unconditional.append(definition) } else { conditional.append(definition) }
    }
    return unconditional + conditional
  }
}
