import LayoutSpec
import Testing

/// `JSONParser.parse(_:deferring:)`: values at the given key paths are checked but left as
/// spans of the bytes, which `parse(_:span:)` builds as they would have been built in place.
struct JSONParserDeferringTests {
    static let text = """
        {"a": {"b": [1, {"c": 2}], "d": "x"},
         "e": [{"b": {"z": [true, null]}}, {"b": 3, "y": "ü"}],
         "b": "top"}
        """

    @Test func deferredValuesAreSpansOfTheirBytes() throws {
        let bytes = Array(Self.text.utf8)
        let full = try JSONParser.parse(bytes)
        let (value, spans) = try JSONParser.parse(bytes, deferring: [["a", "b"], [nil, "b"]])
        // In the tree, each deferred value is the number of its span, in the order read.
        #expect(value == .object([
            JSONMember("a", .object([JSONMember("b", .number(0)), JSONMember("d", .string("x"))])),
            JSONMember("e", .array([.object([JSONMember("b", .number(1))]), .object([JSONMember("b", .number(2)), JSONMember("y", .string("ü"))])])),
            JSONMember("b", .string("top")),
        ]))
        #expect(spans.map { String(decoding: bytes[$0.range], as: UTF8.self) } == [#"[1, {"c": 2}]"#, #"{"z": [true, null]}"#, "3"])
        #expect(spans.map(\.depth) == [2, 3, 3])
        // Each span parses to the value a full parse has there.
        let built = try spans.map { (span) throws(JSONSyntaxError) in try JSONParser.parse(bytes, span: span).value }
        guard case .array(let elements)? = full["e"] else { Issue.record("no e"); return }
        #expect(built == [full["a"]?["b"], elements[0]["b"], elements[1]["b"]].map { $0! })
    }

    @Test func aSpanIsParsedAtItsDepthAndCanDeferFurther() throws {
        let bytes = Array(Self.text.utf8)
        // Keeps only key "z" at depth 4: in place, the object {"z": …} of e[0].b is at depth 4.
        let keeping: JSONParser.KeyFilter = { key, depth in depth != 4 || key == "z" }
        let (_, spans) = try JSONParser.parse(bytes, keeping: keeping, deferring: [["e"]])
        let (elements, inner) = try JSONParser.parse(bytes, span: spans[0], keeping: keeping, deferring: [["b", "z"]])
        #expect(elements == .array([.object([JSONMember("b", .object([JSONMember("z", .number(0))]))]),
                                    .object([JSONMember("b", .number(3)), JSONMember("y", .string("ü"))])]))
        #expect(inner.map { String(decoding: bytes[$0.range], as: UTF8.self) } == ["[true, null]"])
        #expect(inner[0].depth == 4)
    }

    /// A deferred value is checked as strictly as a built one: the first parse finds its
    /// errors, at their line and column in the whole text.
    @Test(arguments: [
        ("{\"a\": 1,\n \"f\": [{\"b\": 1}, {\"c\": [1,\n  2,]}]}", "unexpected character ']', expected a value", 3, 5),
        ("{\"f\": [\n {\"b\": {\"x\": 1, \"x\": 2}}]}", "duplicate key \"x\"", 2, 17),
        ("{\"f\": [{\"b\": \"\\u12\"}]}", "invalid hex digit in \\u escape", 1, 19),
        ("{\"f\": [{\"b\": tru}]}", "invalid literal, expected true", 1, 14),
    ])
    func errorsInsideADeferredValueAreFound(_ text: String, _ message: String, _ line: Int, _ column: Int) {
        for deferring: [JSONParser.KeyPath] in [[], [["f"]], [["f", "b"]], [["f", "c"]]] {
            do {
                let parsed = try JSONParser.parse(Array(text.utf8), deferring: deferring)
                Issue.record("\(text) parsed as \(parsed)")
            } catch {
                #expect(error.message == message && error.line == line && error.column == column, "\(deferring): \(error)")
            }
        }
    }

    @Test func aDeferredValueTooDeepIsRefused() {
        let text = #"{"f": {"b": [[[[1]]]]}}"#
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(text.utf8), maxDepth: 5, deferring: [["f", "b"]]) }
        #expect((try? JSONParser.parse(Array(text.utf8), maxDepth: 6, deferring: [["f", "b"]])) != nil)
    }
}
