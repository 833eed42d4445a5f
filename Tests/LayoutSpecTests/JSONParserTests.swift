import LayoutSpec
import Testing

/// `JSONParser`: strict RFC 8259, errors with 1-based line and column (in bytes).
struct JSONParserTests {
    struct SyntaxCase: CustomTestStringConvertible, Sendable {
        var input: [UInt8]
        var message: String
        var line: Int
        var column: Int
        var maxDepth = JSONParser.defaultMaxDepth

        init(_ text: String, _ message: String, line: Int = 1, column: Int, maxDepth: Int = JSONParser.defaultMaxDepth) {
            self.init(bytes: Array(text.utf8), message, line: line, column: column, maxDepth: maxDepth)
        }

        init(bytes: [UInt8], _ message: String, line: Int = 1, column: Int, maxDepth: Int = JSONParser.defaultMaxDepth) {
            input = bytes
            self.message = message
            self.line = line
            self.column = column
            self.maxDepth = maxDepth
        }

        var testDescription: String { String(decoding: input.prefix(40), as: UTF8.self).debugDescription }
    }

    static let syntaxErrors: [SyntaxCase] = [
        // Truncated input.
        SyntaxCase("", "unexpected end of input, expected a value", column: 1),
        SyntaxCase("   ", "unexpected end of input, expected a value", column: 4),
        SyntaxCase(#"{"a": "#, "unexpected end of input, expected a value", column: 7),
        SyntaxCase(#"{"a": 1"#, "expected ',' or '}' in object", column: 8),
        SyntaxCase(#"{"a""#, "expected ':' after key \"a\"", column: 5),
        SyntaxCase(#"{"#, "expected a string key", column: 2),
        SyntaxCase("[1, 2", "expected ',' or ']' in array", column: 6),
        SyntaxCase("[", "unexpected end of input, expected a value", column: 2),
        SyntaxCase(#""abc"#, "unterminated string", column: 5),
        SyntaxCase(#""ab\"#, "unterminated string", column: 5),
        SyntaxCase("tru", "invalid literal, expected true", column: 1),
        SyntaxCase("nul", "invalid literal, expected null", column: 1),
        SyntaxCase("fals", "invalid literal, expected false", column: 1),
        // Trailing data.
        SyntaxCase("{} x", "unexpected data after the JSON value", column: 4),
        SyntaxCase("1 2", "unexpected data after the JSON value", column: 3),
        SyntaxCase("[]]", "unexpected data after the JSON value", column: 3),
        SyntaxCase("nullx", "unexpected data after the JSON value", column: 5),
        // Structure.
        SyntaxCase("{1: 2}", "expected a string key", column: 2),
        SyntaxCase(#"{"a" 1}"#, "expected ':' after key \"a\"", column: 6),
        SyntaxCase(#"{"a": 1,}"#, "expected a string key", column: 9),
        SyntaxCase(#"{"a": 1 "b": 2}"#, "expected ',' or '}' in object", column: 9),
        SyntaxCase("[1,]", "unexpected character ']', expected a value", column: 4),
        SyntaxCase("[1 2]", "expected ',' or ']' in array", column: 4),
        SyntaxCase("'a'", "unexpected character ''', expected a value", column: 1),
        SyntaxCase("True", "unexpected character 'T', expected a value", column: 1),
        SyntaxCase("\u{0B}1", "unexpected character byte 0xb, expected a value", column: 1),
        // Escapes.
        SyntaxCase(#""a\x""#, "invalid escape \\'x' in string", column: 4),
        SyntaxCase(#""\'""#, "invalid escape \\''' in string", column: 3),
        SyntaxCase(#""\u12""#, "truncated \\u escape", column: 4),
        SyntaxCase(#""\u12G4""#, "invalid hex digit in \\u escape", column: 6),
        // Unpaired surrogates: a lone high, a lone low, a high followed by a non-surrogate.
        SyntaxCase(#""\uD800""#, "unpaired surrogate in \\u escape", column: 8),
        SyntaxCase(#""\uDBFFx""#, "unpaired surrogate in \\u escape", column: 8),
        SyntaxCase(#""\uDC00""#, "unpaired surrogate in \\u escape", column: 8),
        SyntaxCase(#""\uD800\u0041""#, "unpaired surrogate in \\u escape", column: 14),
        SyntaxCase(#""\uD800\uD800""#, "unpaired surrogate in \\u escape", column: 14),
        SyntaxCase(#""\uD800\n""#, "unpaired surrogate in \\u escape", column: 8),
        // Control characters must be escaped, before and after an escape.
        SyntaxCase("\"a\tb\"", "control character in string", column: 3),
        SyntaxCase("\"a\nb\"", "control character in string", column: 3),
        SyntaxCase("\"\u{0}\"", "control character in string", column: 2),
        SyntaxCase("\"\\n\u{1F}\"", "control character in string", column: 4),
        // Invalid UTF-8 (reported at the start of the string).
        SyntaxCase(bytes: [0x22, 0xFF, 0x22], "invalid UTF-8 in string", column: 2),
        SyntaxCase(bytes: [0x22, 0x61, 0xC0, 0xAF, 0x22], "invalid UTF-8 in string", column: 2),  // overlong '/'
        SyntaxCase(bytes: [0x22, 0xE2, 0x82, 0x22], "invalid UTF-8 in string", column: 2),  // cut short
        SyntaxCase(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8 in string", column: 2),  // surrogate
        SyntaxCase(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8 in string", column: 2),  // > U+10FFFF
        SyntaxCase(bytes: [0x22, 0x5C, 0x6E, 0x80, 0x22], "invalid UTF-8 in string", column: 2),  // after an escape
        SyntaxCase(bytes: [0x5B, 0x31, 0x2C, 0x0A, 0x20, 0x22, 0xFE, 0x22, 0x5D], "invalid UTF-8 in string", line: 2, column: 3),
        // A byte-order mark is skipped only before the document.
        SyntaxCase(bytes: [0x20, 0xEF, 0xBB, 0xBF, 0x31], "unexpected character byte 0xef, expected a value", column: 2),
        SyntaxCase(bytes: [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x31], "unexpected character byte 0xef, expected a value", column: 4),
        SyntaxCase(bytes: [0x5B, 0xEF, 0xBB, 0xBF, 0x31, 0x5D], "unexpected character byte 0xef, expected a value", column: 2),
        // Numbers.
        SyntaxCase("01", "leading zero in number", column: 2),
        SyntaxCase("-01", "leading zero in number", column: 3),
        SyntaxCase("[00]", "leading zero in number", column: 3),
        SyntaxCase("-", "invalid number", column: 2),
        SyntaxCase("-a", "invalid number", column: 2),
        SyntaxCase("1.", "expected digits after '.'", column: 3),
        SyntaxCase("1.e5", "expected digits after '.'", column: 3),
        SyntaxCase("1e", "expected digits in exponent", column: 3),
        SyntaxCase("1e+", "expected digits in exponent", column: 4),
        SyntaxCase(".5", "unexpected character '.', expected a value", column: 1),
        SyntaxCase("+1", "unexpected character '+', expected a value", column: 1),
        SyntaxCase("[1e400]", "number out of range", column: 2),
        SyntaxCase("-1e400", "number out of range", column: 1),
        // Duplicate keys (reported at the second key).
        SyntaxCase(#"{"a": 1, "a": 2}"#, "duplicate key \"a\"", column: 10),
        SyntaxCase("{\n  \"a\": 1,\n  \"b\": {\"a\": 1},\n  \"a\": 2\n}", "duplicate key \"a\"", line: 4, column: 3),
        SyntaxCase(#"{"\u0061": 1, "a": 2}"#, "duplicate key \"a\"", column: 15),
        // Nesting.
        SyntaxCase("[[[]]]", "nesting deeper than 2 levels", column: 3, maxDepth: 2),
        SyntaxCase(#"{"a": {"b": {}}}"#, "nesting deeper than 2 levels", column: 13, maxDepth: 2),
        SyntaxCase(String(repeating: "[", count: 1_101) + String(repeating: "]", count: 1_101),
                   "nesting deeper than 1100 levels", column: 1_101),
        // Line counting.
        SyntaxCase("{\n  \"a\": tru\n}", "invalid literal, expected true", line: 2, column: 8),
        SyntaxCase("[\n1,\n\n  x]", "unexpected character 'x', expected a value", line: 4, column: 3),
    ]

    @Test(arguments: syntaxErrors)
    func syntaxError(_ example: SyntaxCase) {
        do {
            let value = try JSONParser.parse(example.input, maxDepth: example.maxDepth)
            Issue.record("parsed as \(value)")
        } catch {
            #expect(error.message == example.message)
            #expect(error.line == example.line)
            #expect(error.column == example.column)
            #expect(error.description == "line \(example.line), column \(example.column): \(example.message)")
        }
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let depth = JSONParser.defaultMaxDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSONParser.parse(text)
        var levels = 0
        while case .array(let elements) = value {
            levels += 1
            guard let first = elements.first else { break }
            value = first
        }
        #expect(levels == depth)
        #expect(try JSONParser.parse(#"{"a": {"b": 1}}"#, maxDepth: 2) == .object([JSONMember("a", .object([JSONMember("b", .number(1))]))]))
    }

    static let numbers: [(String, Double)] = [
        ("0", 0), ("-0", 0), ("7", 7), ("-42", -42), ("3.25", 3.25), ("-0.5", -0.5),
        ("1e3", 1000), ("1E3", 1000), ("2.5e+2", 250), ("1e-2", 0.01), ("10E-1", 1),
        ("123456789012345", 123_456_789_012_345), ("-12345678901234", -12_345_678_901_234),
        ("-123456789012345", -123_456_789_012_345), ("1234567890123456789", 1_234_567_890_123_456_768),
        ("9007199254740993", 9_007_199_254_740_992), ("0.1", 0.1), ("1.7976931348623157e308", .greatestFiniteMagnitude),
        ("5e-324", .leastNonzeroMagnitude), ("1e-400", 0),
    ]

    @Test(arguments: numbers)
    func number(_ text: String, _ expected: Double) throws {
        #expect(try JSONParser.parse(text) == .number(expected))
        #expect(try JSONParser.parse("[\(text)]") == .array([.number(expected)]))
    }

    static let strings: [(String, String)] = [
        (#""""#, ""),
        (#""plain""#, "plain"),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        (#""\u0041\u00e9\u00E9""#, "Aéé"),
        (#""\u0000""#, "\u{0}"),
        (#""\uD83D\uDE00""#, "😀"),
        (#""\udbff\udfff""#, "\u{10FFFF}"),
        (#""a\u20ACb""#, "a€b"),
        ("\"é😀 日本\"", "é😀 日本"),
        ("\"\u{7F}\"", "\u{7F}"),
        (#""tab\tthen é""#, "tab\tthen é"),
    ]

    @Test(arguments: strings)
    func string(_ text: String, _ expected: String) throws {
        #expect(try JSONParser.parse(text) == .string(expected))
    }

    @Test func literalsAndWhitespace() throws {
        #expect(try JSONParser.parse(" \t\r\n true \n") == .bool(true))
        #expect(try JSONParser.parse("false") == .bool(false))
        #expect(try JSONParser.parse("null") == .null)
        #expect(try JSONParser.parse("[ ]") == .array([]))
        #expect(try JSONParser.parse("{ }") == .object([]))
    }

    /// A UTF-8 byte-order mark before the document is skipped (a spec or a Figma file saved by a
    /// Windows tool), with the spans of deferred values still in the bytes given.
    @Test func aByteOrderMarkBeforeTheDocumentIsSkipped() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(" [1]".utf8)) == .array([.number(1)]))
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": [2]}"#.utf8)
        let (value, spans) = try JSONParser.parse(bytes, deferring: [["a"]])
        #expect(value == .object([JSONMember("a", .number(0))]) && spans.count == 1)
        #expect(try JSONParser.parse(bytes, span: spans[0]).value == .array([.number(2)]))
    }

    @Test func objectKeepsMemberOrder() throws {
        let value = try JSONParser.parse(#"{"z": 1, "a": [true, null], "m": {"k": "v"}}"#)
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(members.map(\.key) == ["z", "a", "m"])
        #expect(value["a"] == .array([.bool(true), .null]))
        #expect(value["m"]?["k"] == .string("v"))
        #expect(value["missing"] == nil)
    }

    @Test func sameKeyInDifferentObjectsIsFine() throws {
        let value = try JSONParser.parse(#"[{"a": 1}, {"a": 2, "b": {"a": 3}}]"#)
        #expect(value == .array([
            .object([JSONMember("a", .number(1))]),
            .object([JSONMember("a", .number(2)), JSONMember("b", .object([JSONMember("a", .number(3))]))]),
        ]))
    }

    @Test func keyFilterLeavesOutMembersByKeyAndDepth() throws {
        let text = #"{"keep": {"keep": 1, "drop": [2]}, "drop": {"keep": 3}, "list": [{"drop": 4, "keep": 5}]}"#
        let kept = try JSONParser.parse(Array(text.utf8)) { key, depth in key != "drop" || depth == 2 }
        #expect(kept == .object([
            JSONMember("keep", .object([JSONMember("keep", .number(1)), JSONMember("drop", .array([.number(2)]))])),
            JSONMember("list", .array([.object([JSONMember("keep", .number(5))])])),
        ]))
    }

    @Test func keyFilterStillChecksWhatItLeavesOut() {
        let refuseAll: JSONParser.KeyFilter = { _, _ in false }
        for (text, message) in [
            (#"{"a": [1, 2,]}"#, "unexpected character ']', expected a value"),
            (#"{"a": {"b": 1, "b": 2}}"#, "duplicate key \"b\""),
            (#"{"a": 1, "a": 2}"#, "duplicate key \"a\""),
            (#"{"a": "\u00"#, "truncated \\u escape"),
        ] {
            do {
                let value = try JSONParser.parse(Array(text.utf8), keeping: refuseAll)
                Issue.record("\(text) parsed as \(value)")
            } catch {
                #expect(error.message == message)
            }
        }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(#"{"a": [[[1]]]}"#.utf8), maxDepth: 3, keeping: refuseAll) }
    }
}
