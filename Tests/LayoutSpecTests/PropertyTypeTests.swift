import LayoutSpec
import Testing

/// `PropertyType`: which values each type takes, what it says it expected, and how
/// `plumb set KEY=VALUE` text is read.
struct PropertyTypeTests {
    static let types: [(Property, PropertyType)] = [
        (.kind, .choice(["view", "label", "button", "stack", "grid"])),
        (.parent, .viewID), (.order, .orderKey), (.alive, .bool),
        (.width, .length), (.maxHeight, .length), (.marginTop, .length), (.paddingRight, .length),
        (.spacing, .offset), (.rowSpacing, .length), (.columnSpacing, .length),
        (.fontSize, .fontSize), (.numberOfLines, .count(minimum: 0)), (.row, .count(minimum: 0)),
        (.column, .count(minimum: 0)), (.rowSpan, .count(minimum: 1)), (.columnSpan, .count(minimum: 1)),
        (.text, .text(maxLength: 10_000)), (.fontFamily, .text(maxLength: 200)),
        (.backgroundColor, .color), (.textColor, .color), (.rows, .tracks), (.columns, .tracks),
        (.textVerticalAlignment, .choice(["top", "middle", "bottom"])),
        (.cornerRadius, .length), (.borderWidth, .length), (.borderColor, .color), (.opacity, .fraction),
        (.sourceId, .text(maxLength: 1_000)),
    ]

    @Test(arguments: types)
    func propertyType(_ property: Property, _ type: PropertyType) {
        #expect(property.type == type)
    }

    static let expectations: [(PropertyType, String)] = [
        (.length, "expected a number ≥ 0"),
        (.offset, "expected a number from -1000000 to 1000000"),
        (.fontSize, "expected a number > 0 and ≤ 10000"),
        (.fraction, "expected a number from 0 to 1"),
        (.count(minimum: 1), "expected a whole number from 1 to 1000000"),
        (.choice(["a", "b"]), #"expected one of "a", "b""#),
        (.text(maxLength: 5), "expected a string of at most 5 characters (125 Unicode scalars, 500 bytes)"),
        (.color, ##"expected a colour "#RRGGBB", "#RRGGBBAA", "#RGB", "#RGBA" or a CSS colour name"##),
        (.tracks, #"expected a non-empty array of tracks (numbers, "auto", "*" or "2*"), at most 1000"#),
        (.viewID, "expected a view id (\(Identifier.rule))"),
        (.orderKey, "expected an order key (1–1000 base-62 digits)"),
        (.bool, "expected true or false"),
    ]

    @Test(arguments: expectations)
    func expectation(_ type: PropertyType, _ text: String) {
        #expect(type.expectation == text)
    }

    static let checks: [(PropertyType, JSONValue, Bool)] = [
        (.length, .number(0), true), (.length, .number(1e9), true), (.length, .number(-1), false),
        (.length, .number(-.leastNonzeroMagnitude), false), (.length, .number(.infinity), false), (.length, .number(.nan), false),
        (.fraction, .number(0), true), (.fraction, .number(0.5), true), (.fraction, .number(1), true),
        (.fraction, .number(1.0001), false), (.fraction, .number(-0.1), false), (.fraction, .number(.nan), false),
        (.fraction, .string("0.5"), false),
        (.length, .string("1"), false),
        (.offset, .number(-8), true), (.offset, .number(-1_000_000), true), (.offset, .number(-1_000_001), false),
        (.offset, .number(.nan), false), (.offset, .string("-8"), false),
        (.fontSize, .number(0.5), true), (.fontSize, .number(10_000), true), (.fontSize, .number(0), false),
        (.fontSize, .number(10_000.5), false), (.fontSize, .number(.infinity), false),
        (.count(minimum: 0), .number(0), true), (.count(minimum: 0), .number(1_000_000), true),
        (.count(minimum: 0), .number(1_000_001), false), (.count(minimum: 0), .number(0.5), false),
        (.count(minimum: 0), .number(.infinity), false), (.count(minimum: 0), .number(.nan), false),
        (.count(minimum: 1), .number(0), false), (.count(minimum: 1), .number(1), true),
        (.choice(["a"]), .string("a"), true), (.choice(["a"]), .string("A"), false), (.choice(["a"]), .string(""), false),
        (.text(maxLength: 3), .string(""), true), (.text(maxLength: 3), .string("😀é🇫🇷"), true),
        (.text(maxLength: 3), .string("abcd"), false), (.text(maxLength: 3), .number(1), false),
        // Scalars and bytes count too: a letter with 74 marks (75 scalars) fits, with 75 it does not.
        (.text(maxLength: 3), .string("a" + String(repeating: "\u{301}", count: 74)), true),
        (.text(maxLength: 3), .string("a" + String(repeating: "\u{301}", count: 75)), false),
        (.text(maxLength: 3), .string("a" + String(repeating: "\u{301}", count: 5_000_000)), false),
        (.color, .string("#0aF9c3"), true), (.color, .string("#0aF9c3FF"), true), (.color, .string("#0aF"), false),
        (.color, .string("#0aF9c3F"), false), (.color, .string("#0aF9c3FFF"), false), (.color, .string("#0aF9cG"), false),
        (.color, .string("0aF9c3F"), false), (.color, .string("#０aF9c3"), false),
        (.tracks, .array([.number(1)]), true), (.tracks, .array([]), false), (.tracks, .array([.string("auto"), .null]), false),
        (.tracks, .array(Array(repeating: .string("*"), count: 1_000)), true),
        (.tracks, .array(Array(repeating: .string("*"), count: 1_001)), false),
        (.viewID, .string("a.b:c-d_e"), true), (.viewID, .string("a b"), false), (.viewID, .number(1), false),
        (.orderKey, .string("V"), true), (.orderKey, .string(""), false), (.orderKey, .string(String(repeating: "z", count: 1_000)), true),
        (.orderKey, .string(String(repeating: "z", count: 1_001)), false),
        (.bool, .bool(false), true), (.bool, .string("true"), false), (.bool, .number(1), false),
    ]

    @Test(arguments: checks)
    func check(_ type: PropertyType, _ value: JSONValue, _ accepted: Bool) {
        #expect(type.check(value) == (accepted ? nil : type.expectation))
    }

    /// `plumb set VIEW KEY=VALUE`: the property's type decides how the text is read.
    static let setValues: [(Property, String, JSONValue?)] = [
        (.text, "100", .string("100")),
        (.text, "true", .string("true")),
        (.text, "", .string("")),
        (.text, "[1, 2]", .string("[1, 2]")),
        (.fontFamily, "Helvetica Neue", .string("Helvetica Neue")),
        (.width, "100", .number(100)),
        (.width, "12.5", .number(12.5)),
        (.width, "0", .number(0)),
        (.width, "-1", nil),
        (.width, "ten", nil),
        (.width, "", nil),
        (.width, "inf", nil),
        (.width, "nan", nil),
        (.spacing, "-8", .number(-8)),
        (.spacing, "-2000000", nil),
        (.fontSize, "0", nil),
        (.fontSize, "17", .number(17)),
        (.numberOfLines, "0", .number(0)),
        (.numberOfLines, "2.5", nil),
        (.rowSpan, "0", nil),
        (.rowSpan, "2", .number(2)),
        (.rows, "auto,*,44", .array([.string("auto"), .string("*"), .number(44)])),
        (.rows, "auto, 2* , 44", .array([.string("auto"), .string("2*"), .number(44)])),
        (.columns, "*", .array([.string("*")])),
        (.columns, "0.5*,12.5", .array([.string("0.5*"), .number(12.5)])),
        (.rows, #"["auto", 44]"#, .array([.string("auto"), .number(44)])),
        (.rows, "[44", nil),
        (.rows, "", nil),
        (.rows, "auto,,44", nil),
        (.rows, "auto,x", nil),
        (.rows, "-1", nil),
        (.horizontalAlignment, "left", .string("left")),
        (.horizontalAlignment, "middle", nil),
        (.textVerticalAlignment, "middle", .string("middle")),
        (.kind, "stack", .string("stack")),
        (.backgroundColor, "#FF0000", .string("#FF0000")),
        (.backgroundColor, "red", nil),
        (.alive, "true", .bool(true)),
        (.alive, "false", .bool(false)),
        (.alive, "yes", nil),
        (.parent, "root", .string("root")),
        (.parent, "a b", nil),
        (.order, "V", .string("V")),
        (.order, "", nil),
    ]

    @Test(arguments: setValues)
    func parseSetValue(_ property: Property, _ text: String, _ expected: JSONValue?) {
        #expect(property.type.parse(text) == expected)
    }
}
