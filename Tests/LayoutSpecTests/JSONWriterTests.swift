import LayoutSpec
import Testing
import SeededRandom

/// `JSONWriter`: canonical compact output, indented output, and parse ⇄ write round trips.
struct JSONWriterTests {
    static let numberFormats: [(Double, String)] = [
        (0, "0"), (-0.0, "0"), (1, "1"), (-3, "-3"), (0.5, "0.5"), (-2.25, "-2.25"), (0.1, "0.1"),
        (1e14, "100000000000000"), (999_999_999_999_999, "999999999999999"), (-999_999_999_999_999, "-999999999999999"), (1e15, "1000000000000000.0"),
        (1e16, "1e+16"), (1e20, "1e+20"), (-1e20, "-1e+20"), (1e-7, "1e-07"), (123.456, "123.456"), (1.0 / 3.0, "0.3333333333333333"),
    ]

    @Test(arguments: numberFormats)
    func numberFormat(_ number: Double, _ expected: String) throws {
        #expect(JSONWriter.format(number) == expected)
        #expect(JSONWriter.compact(.number(number)) == expected)
        var bytes = Array("x".utf8)
        JSONWriter.appendNumber(number, to: &bytes)
        #expect(bytes == Array(("x" + expected).utf8))
        // Whatever the spelling, it reads back as the same number.
        #expect(try JSONParser.parse(expected) == .number(number))
    }

    static let quotes: [(String, String)] = [
        ("", #""""#),
        ("plain", #""plain""#),
        ("say \"hi\"", #""say \"hi\"""#),
        ("back\\slash", #""back\\slash""#),
        ("a/b", #""a/b""#),
        ("line\nnext\r\ttab", #""line\nnext\r\ttab""#),
        ("\u{0}\u{1}\u{8}\u{C}\u{1F}", #""\u0000\u0001\u0008\u000c\u001f""#),
        // DEL, C1 controls and bidirectional overrides are escaped too: safe on a terminal.
        ("\u{7F}", #""\u007f""#),
        ("\u{85}\u{9B}", #""\u0085\u009b""#),
        ("\u{202E}\u{2066}", #""\u202e\u2066""#),
        ("é😀日本", "\"é😀日本\""),
        ("\u{2028}", "\"\u{2028}\""),
        // Lead bytes C2 and E2 that start no escaped character are copied as they are, also
        // last in the string; an escaped one last in the string is still escaped.
        ("©\u{A0}x\u{2010}", "\"©\u{A0}x\u{2010}\""),
        ("ab\u{202E}", #""ab\u202e""#),
        ("\u{2069}z\u{80}", #""\u2069z\u0080""#),
    ]

    @Test(arguments: quotes)
    func quote(_ text: String, _ expected: String) throws {
        #expect(JSONWriter.quote(text) == expected)
        #expect(JSONWriter.compact(.string(text)) == expected)
        #expect(try JSONParser.parse(expected) == .string(text))
    }

    @Test func compactIsCanonical() throws {
        let parsed = try JSONParser.parse("""
            {
              "b" : 1.50,
              "a" : [ true , false , null , 1E2 , -0.0 ],
              "c" : { "x" : "y\\u0022" , "e" : { } , "f" : [ ] }
            }
            """)
        let compact = JSONWriter.compact(parsed)
        #expect(compact == #"{"b":1.5,"a":[true,false,null,100,0],"c":{"x":"y\"","e":{},"f":[]}}"#)
        // Canonical: writing what was read from canonical text gives the same bytes.
        #expect(JSONWriter.compact(try JSONParser.parse(compact)) == compact)
    }

    @Test func prettyShape() {
        let value = JSONValue.object([
            JSONMember("a", .number(1)),
            JSONMember("b", .array([.number(1), .string("x"), .null])),
            JSONMember("c", .object([JSONMember("x", .number(1)), JSONMember("y", .bool(true))])),
            JSONMember("d", .array([.object([JSONMember("e", .number(1))]), .array([.number(2)])])),
            JSONMember("f", .object([])),
            JSONMember("g", .array([])),
            JSONMember("h", .object((1...5).map { JSONMember("k\($0)", .number(Double($0))) })),
            JSONMember("i", .object([JSONMember("j", .object([JSONMember("k", .number(1))]))])),
        ])
        #expect(JSONWriter.pretty(value) == """
            {
              "a": 1,
              "b": [1, "x", null],
              "c": { "x": 1, "y": true },
              "d": [
                { "e": 1 },
                [2]
              ],
              "f": {},
              "g": [],
              "h": {
                "k1": 1,
                "k2": 2,
                "k3": 3,
                "k4": 4,
                "k5": 5
              },
              "i": {
                "j": { "k": 1 }
              }
            }
            """)
    }

    @Test func prettyScalarsAndEmpties() {
        #expect(JSONWriter.pretty(.number(2)) == "2")
        #expect(JSONWriter.pretty(.string("a\"b")) == #""a\"b""#)
        #expect(JSONWriter.pretty(.array([])) == "[]")
        #expect(JSONWriter.pretty(.object([])) == "{}")
        #expect(JSONWriter.pretty(.object([JSONMember("a", .null)])) == #"{ "a": null }"#)
    }

    /// Random documents (seeded) survive compact and pretty writing unchanged.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomRoundTrip(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let value = Self.randomValue(depth: 0, using: &generator)
            let compact = JSONWriter.compact(value)
            #expect(try JSONParser.parse(compact) == value, "seed \(seed): \(compact)")
            #expect(try JSONParser.parse(JSONWriter.pretty(value)) == value, "seed \(seed): \(compact)")
            #expect(!compact.contains("\n") && !compact.contains(": "), "seed \(seed): \(compact)")
        }
    }

    static func randomValue(depth: Int, using generator: inout SeededGenerator) -> JSONValue {
        switch Int.random(in: depth > 4 ? 0...4 : 0...6, using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(Double(Int.random(in: -1_000_000...1_000_000, using: &generator)))
        case 3:
            let exponent = Double.random(in: -30...30, using: &generator)
            return .number(Double.random(in: -1...1, using: &generator) * pow10(exponent))
        case 4: return .string(randomString(using: &generator))
        case 5:
            return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default:
            var keys = Set<String>()
            var members: [JSONMember] = []
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                let key = randomString(using: &generator)
                if keys.insert(key).inserted { members.append(JSONMember(key, randomValue(depth: depth + 1, using: &generator))) }
            }
            return .object(members)
        }
    }

    static func randomString(using generator: inout SeededGenerator) -> String {
        let alphabet: [Character] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "€", "😀", "日", "\u{2028}"]
        return String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
    }

    private static func pow10(_ exponent: Double) -> Double {
        var result = 1.0
        let steps = Int(exponent.rounded(.towardZero))
        for _ in 0..<abs(steps) { result = steps > 0 ? result * 10 : result / 10 }
        return result
    }
}

extension JSONWriterTests {
    /// Numbers JSON cannot hold are written as `null`, by the string and the byte writer alike.
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumbers(_ number: Double) {
        var bytes: [UInt8] = []
        JSONWriter.appendNumber(number, to: &bytes)
        #expect(bytes == Array("null".utf8))
        #expect(JSONWriter.format(number) == "null")
    }
}
