import LayoutSpec
import SpecSync
import Testing
import SeededRandom

/// `ValueText`: stored values as canonical JSON, read back through fast paths that must agree
/// with the full parser.
struct ValueTextTests {
    static let values: [JSONValue] = [
        .string(""), .string("plain"), .string("with \"quotes\" and \\ backslash"), .string("line\nbreak\ttab"),
        .string("\u{0}\u{1F}"), .string("é😀日本"),
        // Starting with a combining mark, a variation selector or a joiner: the opening quote and
        // the first scalar form one grapheme cluster.
        .string("\u{301}accent first"), .string("\u{301}"), .string("\u{FE0F}"), .string("\u{200D}joined"), .string("#FF0000"), .string("0"), .string("-1"),
        .number(0), .number(-0.5), .number(42), .number(1e-7), .number(1e20), .number(1e15), .number(123.456),
        .bool(true), .bool(false), .null, .array([.string("auto"), .string("*"), .number(44)]),
        .object([JSONMember("top", .number(1))]),
    ]

    @Test(arguments: values)
    func roundTrip(_ value: JSONValue) throws {
        let text = ValueText.encode(value)
        #expect(text == JSONWriter.compact(value))
        #expect(ValueText.decode(text) == value)
        #expect(ValueText.decode(text) == (try JSONParser.parse(text)))
    }

    @Test func stringAndNull() {
        #expect(ValueText.string("root") == #""root""#)
        #expect(ValueText.string("a\"b") == #""a\"b""#)
        #expect(ValueText.null == "null")
        #expect(ValueText.decode(ValueText.null) == .null)
    }

    /// Any text at all: the fast paths give what the parser gives (`nil` where it refuses).
    static let texts: [String] = [
        "", " ", "\"", "\"\"", "\"a\"", "\"a\\\"b\"", "\"a\\u0041\"", "\"a\"b\"", "\"a\" ", " \"a\"", "\"a\u{1}b\"", "\"a\nb\"",
        "\"é\"", "\"\u{301}x\"", "0", "-0", "7", "-7", "1.5", "1e3", "1E+3", "-1e-3", "123456789012345678901234567890",
        "01", "-01", "1.", ".5", "-.5", "+1", "1e", "1e400", "-1e400", "inf", "-inf", "nan", "-nan", "infinity", "0x10", "-0x1p3",
        "1 ", " 1", "1 2", "- 1", "1_000", "-", "--1", "1-", "12a", "00", "999999999999999", "-999999999999999",
        "1000000000000000", "9007199254740993", "null", "true", "false", "nul", "[1,2]", "[1,", "{\"a\":1}", "{}", "[]",
    ]

    @Test(arguments: texts)
    func agreesWithTheParser(_ text: String) {
        #expect(ValueText.decode(text) == (try? JSONParser.parse(text)))
    }

    /// Whole numbers read digit by digit give what `Double(_:)` gives, the sign of zero too.
    @Test(arguments: ["-0", "0", "7", "-7", "999999999999999", "-999999999999999"])
    func wholeNumbersAsDoubleReadsThem(_ text: String) throws {
        guard case .number(let fast)? = ValueText.decode(text) else {
            Issue.record("\(text) is not a number")
            return
        }
        let expected = try #require(Double(text))
        #expect(fast == expected && fast.sign == expected.sign)
    }

    /// Seeded random strings and numbers: canonical text reads back as the value, as the parser reads it.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomValues(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let alphabet: [String] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\u{0}", "\u{1F}", "\u{7F}", "é", "\u{301}", "\u{FE0F}", "\u{200D}", "😀", "日"]
        for _ in 0..<500 {
            let value: JSONValue
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: value = .string((0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined())
            case 1: value = .number(Double(Int.random(in: -1_000_000...1_000_000, using: &generator)))
            default: value = .number(Double.random(in: -1e6...1e6, using: &generator) / Double(Int.random(in: 1...1_000, using: &generator)))
            }
            let text = ValueText.encode(value)
            #expect(ValueText.decode(text) == value, "seed \(seed): \(text)")
            #expect(ValueText.decode(text) == (try JSONParser.parse(text)), "seed \(seed): \(text)")
        }
    }
}
