import Foundation

/// Reading and writing the text of `<integer>`, `<real>`, `<date>` and `<data>` as Apple's plist
/// format spells them.
enum PropertyListScalars {
  /// A decimal or `0x` hexadecimal integer with an optional sign, surrounding whitespace allowed.
  static func integer(from text: String) -> Int? {
    var body = Substring(text.trimmingXMLWhitespace())
    var negative = false
    if let sign = body.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      body = body.dropFirst()
    }
    var radix = 10
    if body.hasPrefix("0x") || body.hasPrefix("0X") {
      radix = 16
      body = body.dropFirst(2)
    }
    guard !body.isEmpty, body.allSatisfy({ $0.isHexDigit && (radix == 16 || $0.isNumber) }) else { return nil }
    guard let magnitude = UInt64(body, radix: radix) else { return nil }
    if negative {
      return magnitude <= UInt64(Int64.max) + 1 ? Int(truncatingIfNeeded: 0 &- magnitude) : nil
    }
    return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
  }

  /// A real as `<real>` holds it: a decimal number, `nan`, `inf`, `+infinity`, `-infinity`.
  static func real(from text: String) -> Double? {
    let body = text.trimmingXMLWhitespace()
    guard !body.isEmpty, !body.lowercased().hasPrefix("0x") else { return nil }
    return Double(body)
  }

  /// How `<real>` spells `number`.
  static func text(of number: Double) -> String {
    if number.isNaN { return "nan" }
    if number.isInfinite { return number < 0 ? "-infinity" : "+infinity" }
    if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return "\(number)"
  }

  /// A `<date>`: `YYYY-MM-DDTHH:MM:SSZ`, UTC.
  static func date(from text: String) -> Date? {
    let bytes = Array(text.trimmingXMLWhitespace().utf8)
    guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      bytes[19] == UInt8(ascii: "Z")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
  }

  /// How `<date>` spells `date` (whole seconds, UTC); `nil` outside the years 0001–9999.
  static func text(of date: Date) -> String? {
    let interval = date.timeIntervalSince1970.rounded(.down)
    guard interval >= -62_135_596_800, interval <= 253_402_300_799 else { return nil }
    let seconds = Int(interval)
    let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = civilFromDays(days)
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3_600, 2)):"
      + "\(pad(secondOfDay % 3_600 / 60, 2)):\(pad(secondOfDay % 60, 2))Z"
  }

  /// The bytes of a `<data>`: base64, whitespace anywhere.
  static func data(from text: String) -> Data? {
    let compact = String(text.unicodeScalars.filter { !($0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r") })
    return Data(base64Encoded: compact)
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The year, month and day of `days` since 1970-01-01.
  private static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

extension String {
  /// The string without leading and trailing XML whitespace.
  func trimmingXMLWhitespace() -> String {
    let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    var scalars = Substring(self).unicodeScalars
    while let first = scalars.first, isSpace(first) { scalars.removeFirst() }
    while let last = scalars.last, isSpace(last) { scalars.removeLast() }
    return String(scalars)
  }
}
