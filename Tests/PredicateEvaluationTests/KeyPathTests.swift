import PredicateEvaluation
import Testing

/// Key paths, SELF, variables, collection operators and subscripts.
@Suite struct KeyPathTests {
  let person = #"{"name": "Ada", "age": 36, "address": {"city": "London"}, "tags": ["math", "poetry"],"#
    + #" "children": [{"name": "Byron", "age": 10, "toys": ["a", "b"]}, {"name": "Anne", "age": 8, "toys": ["b"]},"#
    + #" {"age": null, "toys": []}]}"#

  @Test func dictionaryKeysAndNestedKeys() throws {
    #expect(try evaluate("name == 'Ada'", on: person))
    #expect(try evaluate("address.city == 'London'", on: person))
    #expect(try evaluate("SELF.address.city == 'London'", on: person))
    #expect(try value(of: "missing", on: person) == .null)
    #expect(try value(of: "missing.deeper", on: person) == .null)
    #expect(try evaluate("missing == nil", on: person))
    #expect(try evaluate("name != nil", on: person))
  }

  @Test func keyPathThroughAnArrayMapsWithoutFlattening() throws {
    #expect(try value(of: "children.name", on: person) == ["Byron", "Anne", nil])
    #expect(try value(of: "children.toys", on: person) == [["a", "b"], ["b"], []])
    #expect(try value(of: "children.toys.@count", on: person) == [2, 1, 0])
    #expect(try evaluate("ANY children.name == 'Anne'", on: person))
  }

  @Test func selfIsTheEvaluatedObject() throws {
    #expect(try evaluate("SELF == 'x'", on: #""x""#))
    #expect(try evaluate("SELF.length == 3", on: #""abc""#))
    #expect(try evaluate("ANY SELF == 2", on: "[1, 2, 3]"))
  }

  @Test func variablesComeFromBindings() throws {
    #expect(try evaluate("age > $minimum", on: person, bindings: ["minimum": 30]))
    #expect(try evaluate("$list.@count == 2", bindings: ["list": [1, 2]]))
    try expectEvaluationError("age > $minimum", on: person, .unboundVariable, at: "$minimum")
  }

  @Test func collectionOperators() throws {
    #expect(try value(of: "children.@count", on: person) == 3)
    #expect(try value(of: "children.@sum.age", on: person) == 18)
    #expect(try value(of: "children.@avg.age", on: person) == 9.0)
    #expect(try value(of: "children.@min.age", on: person) == 8)
    #expect(try value(of: "children.@max.age", on: person) == 10)
    #expect(try value(of: "children.@max.name", on: person) == "Byron")
    #expect(try value(of: "children.@unionOfObjects.name", on: person) == ["Byron", "Anne"])
    #expect(try value(of: "children.@unionOfArrays.toys", on: person) == ["a", "b", "b"])
    #expect(try value(of: "children.@distinctUnionOfArrays.toys", on: person) == ["a", "b"])
    #expect(try value(of: "tags.@distinctUnionOfObjects.#self", on: #"{"tags": ["x", "y", "x"]}"#) == ["x", "y"])
    #expect(try value(of: "numbers.@sum", on: #"{"numbers": [1, 2.5]}"#) == 3.5)
    #expect(try value(of: "numbers.@avg", on: #"{"numbers": []}"#) == .null)
    #expect(try value(of: "numbers.@sum", on: #"{"numbers": []}"#) == 0)
    #expect(try value(of: "address.@count", on: person) == 1)
    #expect(try value(of: "missing.@count", on: person) == .null)
  }

  @Test func collectionOperatorErrors() throws {
    try expectEvaluationError("name.@count == 1", on: person, .typeMismatch, at: "@count")
    try expectEvaluationError("tags.@sum == 1", on: person, .typeMismatch, at: "@sum")
    try expectEvaluationError("tags.@median == 1", on: person, .invalidFunction, at: "@median")
    try expectEvaluationError("age.years == 1", on: person, .typeMismatch, at: "years")
  }

  @Test func subscripts() throws {
    #expect(try value(of: "tags[0]", on: person) == "math")
    #expect(try value(of: "tags[1]", on: person) == "poetry")
    #expect(try value(of: "tags[FIRST]", on: person) == "math")
    #expect(try value(of: "tags[LAST]", on: person) == "poetry")
    #expect(try value(of: "tags[SIZE]", on: person) == 2)
    #expect(try value(of: "children[1].name", on: person) == "Anne")
    #expect(try value(of: "address['city']", on: person) == "London")
    #expect(try value(of: "address['zip']", on: person) == .null)
    #expect(try value(of: "address[SIZE]", on: person) == 1)
    #expect(try value(of: "empty[FIRST]", on: #"{"empty": []}"#) == .null)
    #expect(try value(of: "missing[0]", on: person) == .null)
    #expect(try value(of: "{1, 2, 3}[SIZE]") == 3)
  }

  @Test func subscriptErrors() throws {
    try expectEvaluationError("tags[2] == nil", on: person, .indexOutOfRange, at: "2")
    try expectEvaluationError("tags[-1] == nil", on: person, .indexOutOfRange, at: "-1")
    try expectEvaluationError("tags['x'] == nil", on: person, .typeMismatch, at: "'x'")
    try expectEvaluationError("address[0] == nil", on: person, .typeMismatch, at: "0")
    try expectEvaluationError("name[0] == nil", on: person, .typeMismatch, at: "name")
  }
}
