import PredicateEvaluation
import Testing

/// The JSON reader behind `EvaluationValue(json:)`.
@Suite struct JSONInputTests {
  @Test func readsEveryKindOfValue() throws {
    let value = try EvaluationValue(
      json: #" {"a": [1, -2, 3.5, 1e3, true, false, null], "b": {"c": "d"}, "e": "", "f": -0.0} "#)
    #expect(value == ["a": [1, -2, 3.5, 1000.0, true, false, nil], "b": ["c": "d"], "e": "", "f": -0.0])
  }

  @Test func integersStayIntegersWhileTheyFit() throws {
    #expect(try EvaluationValue(json: "9223372036854775807") == .integer(.max))
    #expect(try EvaluationValue(json: "9223372036854775808") == .double(9223372036854775808.0))
    #expect(try EvaluationValue(json: "2.0") == .double(2))
  }

  @Test func decodesEscapes() throws {
    #expect(try EvaluationValue(json: #""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#) == "a\"b\\c/d\n\té😀")
    #expect(try EvaluationValue(json: #""naïve""#) == "naïve")
  }

  @Test func byteOrderMarkAndDuplicateKeys() throws {
    #expect(try EvaluationValue(jsonBytes: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == [1])
    #expect(try EvaluationValue(json: #"{"k": 1, "k": 2}"#) == ["k": 2])
  }

  @Test(arguments: [
    ("", 0), ("{", 1), ("[1,]", 3), ("[1 2]", 3), (#"{"a" 1}"#, 5), (#"{"a": 1,}"#, 8), ("01", 0), ("1.", 2),
    ("-", 1), ("tru", 0), ("nul", 0), (#""abc"#, 0), ("\"a\nb\"", 2), (#""\x""#, 1), (#""\u12""#, 1),
    (#""\ud800""#, 1), (#""\udc00""#, 1), ("[1] x", 4), ("{1: 2}", 1), ("1e", 2), ("1e999", 0),
  ])
  func rejectsInvalidJSONWithAPosition(text: String, offset: Int) {
    #expect {
      _ = try EvaluationValue(json: text)
    } throws: { error in
      guard let error = error as? JSONParseError else { return false }
      return error.range.start == offset && !error.message.isEmpty
    }
  }

  @Test func rejectsInvalidUTF8() {
    #expect(throws: JSONParseError.self) { try EvaluationValue(jsonBytes: [0x22, 0xFF, 0x22]) }
  }

  @Test func limitsNesting() {
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    #expect(throws: JSONParseError.self) { try EvaluationValue(json: deep) }
    let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    #expect((try? EvaluationValue(json: fine)) != nil)
  }

  @Test func convertsToAndFromJSONValue() throws {
    let value = try EvaluationValue(json: #"{"b": [1, 2.5, "x", null, true], "a": {}}"#)
    #expect(EvaluationValue(value.jsonValue) == value)
    #expect(value.description == #"{"a":{},"b":[1,2.5,"x",null,true]}"#)
  }
}
