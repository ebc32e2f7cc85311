import Foundation

/// Writes values as XML plist text, the way Xcode lays it out, in a given indentation style.
public enum XMLPlistWriter {
  /// The lines before the root value of a plist Xcode writes.
  public static let header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    """

  /// A whole XML plist holding `value`.
  public static func document(_ value: PropertyListValue, style: IndentationStyle = .xcode) throws -> String {
    let body = try fragment(value, indentation: "", style: style)
    return header.split(separator: "\n").joined(separator: style.lineEnding) + style.lineEnding + body
      + style.lineEnding + "</plist>" + style.lineEnding
  }

  /// `value` as XML, to be placed on a line indented by `indentation`: the first line carries no
  /// indentation (it goes where the caller puts it), nested lines are indented one `style.unit`
  /// per level from `indentation`, and the text does not end with a line break.
  public static func fragment(_ value: PropertyListValue, indentation: String, style: IndentationStyle) throws
    -> String
  {
    var output = ""
    try write(value, indentation: indentation, style: style, depth: 0, into: &output)
    return output
  }

  /// `text` with `&`, `<` and `>` escaped (and `"` / `'` when asked), ready for `<string>` or `<key>`.
  /// Throws for characters XML 1.0 cannot hold (most control characters, U+FFFE, U+FFFF).
  public static func escape(_ text: String, quotes: Bool = false, apostrophes: Bool = false) throws -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"" where quotes: output += "&quot;"
      case "'" where apostrophes: output += "&apos;"
      case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
      default:
        guard scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF else {
          let code = String(scalar.value, radix: 16, uppercase: true)
          throw PropertyListError(
            .invalidEdit,
            "U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) cannot be written "
              + "in an XML plist")
        }
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  private static func write(
    _ value: PropertyListValue, indentation: String, style: IndentationStyle, depth: Int, into output: inout String
  ) throws {
    guard depth <= XMLPlistReader.maximumNestingDepth else {
      throw PropertyListError(
        .limitExceeded, "arrays and dictionaries nested deeper than \(XMLPlistReader.maximumNestingDepth) levels")
    }
    let inner = indentation + style.unit
    switch value {
    case .string(let text):
      output += "<string>" + (try escape(text)) + "</string>"
    case .integer(let number):
      output += "<integer>\(number)</integer>"
    case .real(let number):
      output += "<real>" + PropertyListScalars.text(of: number) + "</real>"
    case .boolean(let flag):
      output += flag ? "<true/>" : "<false/>"
    case .date(let date):
      guard let text = PropertyListScalars.text(of: date) else {
        throw PropertyListError(.invalidEdit, "date \(date.timeIntervalSince1970) is outside the years 0001–9999")
      }
      output += "<date>" + text + "</date>"
    case .data(let data):
      let encoded = data.base64EncodedString()
      if encoded.count <= 68 {
        output += "<data>" + encoded + "</data>"
      } else {
        output += "<data>"
        var rest = Substring(encoded)
        while !rest.isEmpty {
          output += style.lineEnding + indentation + rest.prefix(68)
          rest = rest.dropFirst(68)
        }
        output += style.lineEnding + indentation + "</data>"
      }
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "<array/>"
        return
      }
      output += "<array>"
      for element in elements {
        output += style.lineEnding + inner
        try write(element, indentation: inner, style: style, depth: depth + 1, into: &output)
      }
      output += style.lineEnding + indentation + "</array>"
    case .dictionary(let entries):
      guard !entries.isEmpty else {
        output += "<dict/>"
        return
      }
      output += "<dict>"
      for entry in entries {
        output += style.lineEnding + inner + "<key>" + (try escape(entry.key)) + "</key>"
        output += style.lineEnding + inner
        try write(entry.value, indentation: inner, style: style, depth: depth + 1, into: &output)
      }
      output += style.lineEnding + indentation + "</dict>"
    }
  }
}
