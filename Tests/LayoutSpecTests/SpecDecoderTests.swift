import LayoutSpec
import Testing

/// Bad spec input: every error names the file, the JSON path and what was expected
/// (`FILE: $.path: message`), or the line and column for malformed JSON.
struct SpecDecoderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var input: String
        var error: String
        var testDescription: String { error }

        init(_ input: String, _ error: String) {
            self.input = input
            self.error = error
        }

        /// A nested spec whose root is `root`.
        static func root(_ root: String, _ error: String) -> Case { Case(nestedSpec(root: root), error) }
        /// A flat spec of `views`.
        static func flat(_ views: [String], _ error: String) -> Case { Case(flatSpec(views), error) }
    }

    static let rule = Identifier.rule

    static let topLevel: [Case] = [
        Case("[]", "test.json: $: expected an object, got an array"),
        Case(#""spec""#, "test.json: $: expected an object, got \"spec\""),
        Case(#"{"plumb": 1, "nmae": "t", "root": {"id": "r"}}"#, #"test.json: $: unknown key "nmae" (did you mean "name"?)"#),
        Case(#"{"plumb": 1, "name": "t", "root": {"id": "r"}, "Views": []}"#, #"test.json: $: unknown key "Views" (did you mean "views"?)"#),
        Case(#"{"plumb": 1, "name": "t", "root": {"id": "r"}, "comment": "x"}"#, #"test.json: $: unknown key "comment""#),
        Case(#"{"name": "t", "root": {"id": "r"}}"#, #"test.json: $: missing "plumb": 1 (the spec format version)"#),
        Case(#"{"plumb": 2, "name": "t", "root": {"id": "r"}}"#, "test.json: $.plumb: format 2 is newer than this Plumb reads (1); upgrade Plumb"),
        Case(#"{"plumb": 17, "name": "t", "views": []}"#, "test.json: $.plumb: format 17 is newer than this Plumb reads (1); upgrade Plumb"),
        Case(#"{"plumb": "1", "name": "t", "root": {"id": "r"}}"#, #"test.json: $.plumb: expected 1, got "1""#),
        Case(#"{"plumb": 0, "name": "t", "root": {"id": "r"}}"#, "test.json: $.plumb: expected 1, got 0"),
        Case(#"{"plumb": 1.5, "name": "t", "root": {"id": "r"}}"#, "test.json: $.plumb: expected 1, got 1.5"),
        Case(#"{"plumb": null, "name": "t", "root": {"id": "r"}}"#, "test.json: $.plumb: expected 1, got null"),
        Case(#"{"plumb": 1, "root": {"id": "r"}}"#, #"test.json: $: missing "name""#),
        Case(#"{"plumb": 1, "name": "my login", "root": {"id": "r"}}"#, #"test.json: $.name: expected a document name (\#(rule)), got "my login""#),
        Case(#"{"plumb": 1, "name": "login@2", "root": {"id": "r"}}"#, #"test.json: $.name: expected a document name (\#(rule)), got "login@2""#),
        Case(#"{"plumb": 1, "name": 5, "root": {"id": "r"}}"#, "test.json: $.name: expected a document name (\(rule)), got 5"),
        Case(#"{"plumb": 1, "name": "t"}"#, #"test.json: $: missing "root" (nested shape) or "views" (flat shape)"#),
        Case(#"{"plumb": 1, "name": "t", "root": {"id": "r"}, "views": [{"id": "r"}]}"#, #"test.json: $: has both "root" and "views"; a spec takes one shape"#),
    ]

    static let views: [Case] = [
        .root("5", "test.json: $.root: expected a view object, got 5"),
        .root("[]", "test.json: $.root: expected a view object, got an array"),
        .root(#"{"kind": "view"}"#, #"test.json: $.root: missing "id""#),
        .root(#"{"id": "r", "children": [{"kind": "label"}]}"#, #"test.json: $.root.children[0]: missing "id""#),
        .root(#"{"id": "r", "children": [{"id": "a"}, null]}"#, "test.json: $.root.children[1]: expected a view object, got null"),
        .root(#"{"id": "r", "kind": "buton"}"#, #"test.json: $.root.kind: expected one of "view", "label", "button", "stack", "grid", got "buton""#),
        .root(#"{"id": "r", "kind": "View"}"#, #"test.json: $.root.kind: expected one of "view", "label", "button", "stack", "grid", got "View""#),
        .root(#"{"id": "r", "kind": 1}"#, #"test.json: $.root.kind: expected one of "view", "label", "button", "stack", "grid", got 1"#),
        // Duplicate ids.
        .root(#"{"id": "r", "children": [{"id": "a"}, {"id": "a"}]}"#, #"test.json: $.root.children[1].id: duplicate id "a" (first at $.root.children[0])"#),
        .root(#"{"id": "r", "children": [{"id": "a", "children": [{"id": "r"}]}]}"#, #"test.json: $.root.children[0].children[0].id: duplicate id "r" (first at $.root)"#),
        .flat([#"{"id": "r"}"#, #"{"id": "a", "parent": "r"}"#, #"{"id": "a", "parent": "r"}"#], #"test.json: $.views[2].id: duplicate id "a" (first at $.views[1])"#),
        // Unknown keys, with a "did you mean" when one is close.
        .root(#"{"id": "r", "children": [{"id": "a", "heigth": 10}]}"#, #"test.json: $.root.children[0].heigth: unknown key (did you mean "height"?)"#),
        .root(#"{"id": "r", "Width": 10}"#, #"test.json: $.root.Width: unknown key (did you mean "width"?)"#),
        .root(##"{"id": "r", "backgroundColour": "#000000"}"##, ##"test.json: $.root.backgroundColour: unknown key (did you mean "backgroundColor"?)"##),
        .root(#"{"id": "r", "chidren": []}"#, #"test.json: $.root.chidren: unknown key (did you mean "children"?)"#),
        .root(#"{"id": "r", "knd": "view"}"#, #"test.json: $.root.knd: unknown key (did you mean "kind"?)"#),
        .root(#"{"id": "r", "zzzzzz": 1}"#, "test.json: $.root.zzzzzz: unknown key"),
        .root(#"{"id": "r", "margin": {"tpo": 1}}"#, #"test.json: $.root.margin.tpo: unknown edge (did you mean "top"?)"#),
        .root(#"{"id": "r", "padding": {"top": 1, "horizontal": 2}}"#, "test.json: $.root.padding.horizontal: unknown edge"),
        .root(#"{"id": "r", "kind": "label", "font": {"sise": 12}}"#, #"test.json: $.root.font.sise: unknown key (did you mean "size"?)"#),
        .root(#"{"id": "r", "kind": "label", "font": {"weigth": "bold"}}"#, #"test.json: $.root.font.weigth: unknown key (did you mean "weight"?)"#),
        // The tree key of the other shape is unknown here, and not suggested as itself.
        .root(#"{"id": "r", "children": [{"id": "a", "parent": "r"}]}"#, "test.json: $.root.children[0].parent: unknown key"),
        .flat([#"{"id": "r", "children": []}"#], "test.json: $.views[0].children: unknown key"),
        // Children.
        .root(#"{"id": "r", "children": {}}"#, "test.json: $.root.children: expected an array of views, got an object"),
        .root(#"{"id": "r", "children": [{"id": "l", "kind": "label", "children": [{"id": "x"}]}]}"#,
              "test.json: $.root.children[0].children: a label cannot have children (only view, stack and grid can)"),
        .root(#"{"id": "b", "kind": "button", "children": [{"id": "x"}]}"#,
              "test.json: $.root.children: a button cannot have children (only view, stack and grid can)"),
        // A property not applying to the kind.
        .root(#"{"id": "r", "kind": "stack", "text": "hi"}"#, #"test.json: $.root.text: "text" is not a property of a stack (it applies to label, button)"#),
        .root(#"{"id": "r", "kind": "view", "font": {"size": 12}}"#, #"test.json: $.root.font: "font" is not a property of a view (it applies to label, button)"#),
        .root(#"{"id": "r", "kind": "label", "rows": ["*"]}"#, #"test.json: $.root.rows: "rows" is not a property of a label (it applies to grid)"#),
        .root(#"{"id": "r", "kind": "grid", "spacing": 4}"#, #"test.json: $.root.spacing: "spacing" is not a property of a grid (it applies to stack)"#),
    ]

    static let badIDs: [Case] = ["\"\"", "\"a b\"", "\"-a\"", "\".a\"", "\":a\"", "\"a@b\"", "\"a~1\"", "\"a/b\"", "\"é\"", "\"a\\u0000\"", "5", "null", "true",
                                 "\"" + String(repeating: "a", count: Identifier.maxLength + 1) + "\""].map { id in
        let shown = id == "\"a\\u0000\"" ? "\"a\u{0}\"" : id.count > 42 ? "\"" + String(repeating: "a", count: 40) + "…\"" : id
        return .root(#"{"id": \#(id)}"#, "test.json: $.root.id: expected a view id (\(rule)), got \(shown)")
    }

    static let values: [Case] = [
        // Edges.
        .root(#"{"id": "r", "children": [{"id": "a", "margin": {"top": "ten"}}]}"#, #"test.json: $.root.children[0].margin.top: expected a number ≥ 0, got "ten""#),
        .root(#"{"id": "r", "margin": -5}"#, "test.json: $.root.margin: expected a number ≥ 0, got -5"),
        .root(#"{"id": "r", "padding": {"left": -0.5}}"#, "test.json: $.root.padding.left: expected a number ≥ 0, got -0.5"),
        .root(#"{"id": "r", "padding": {"left": null}}"#, "test.json: $.root.padding.left: expected a number ≥ 0, got null"),
        .root(#"{"id": "r", "margin": "10"}"#, #"test.json: $.root.margin: expected a number ≥ 0 or an object of edges (top, left, bottom, right), got "10""#),
        .root(#"{"id": "r", "padding": [1, 2]}"#, "test.json: $.root.padding: expected a number ≥ 0 or an object of edges (top, left, bottom, right), got an array"),
        // Fonts.
        .root(#"{"id": "r", "kind": "label", "font": 12}"#, "test.json: $.root.font: expected an object {family, size, weight, italic}, got 12"),
        .root(#"{"id": "r", "kind": "label", "font": {"size": 0}}"#, "test.json: $.root.font.size: expected a number > 0 and ≤ 10000, got 0"),
        .root(#"{"id": "r", "kind": "label", "font": {"size": 10001}}"#, "test.json: $.root.font.size: expected a number > 0 and ≤ 10000, got 10001"),
        .root(#"{"id": "r", "kind": "label", "font": {"weight": "normal"}}"#,
              #"test.json: $.root.font.weight: expected one of "ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black", got "normal""#),
        .root(#"{"id": "r", "kind": "label", "font": {"family": 3}}"#, "test.json: $.root.font.family: expected a string of at most 200 characters (5000 Unicode scalars, 20000 bytes), got 3"),
        // Sizes and counts.
        .root(#"{"id": "r", "width": -1}"#, "test.json: $.root.width: expected a number ≥ 0, got -1"),
        .root(#"{"id": "r", "maxHeight": -0.25}"#, "test.json: $.root.maxHeight: expected a number ≥ 0, got -0.25"),
        .root(#"{"id": "r", "width": "100"}"#, #"test.json: $.root.width: expected a number ≥ 0, got "100""#),
        .root(#"{"id": "r", "kind": "stack", "spacing": -1e7}"#, "test.json: $.root.spacing: expected a number from -1000000 to 1000000, got -10000000"),
        .root(#"{"id": "r", "kind": "label", "lineHeight": -1}"#, "test.json: $.root.lineHeight: expected points (a number from 0 to 10000) or a percentage of the font size (\"150%\"), got -1"),
        .root(#"{"id": "r", "kind": "label", "letterSpacing": "5 %"}"#, "test.json: $.root.letterSpacing: expected points (a number from -10000 to 10000) or a percentage of the font size (\"-2%\"), got \"5 %\""),
        .root(#"{"id": "r", "kind": "label", "numberOfLines": 1.5}"#, "test.json: $.root.numberOfLines: expected a whole number from 0 to 1000000, got 1.5"),
        .root(#"{"id": "r", "kind": "label", "numberOfLines": 2000000}"#, "test.json: $.root.numberOfLines: expected a whole number from 0 to 1000000, got 2000000"),
        .root(#"{"id": "r", "row": -1}"#, "test.json: $.root.row: expected a whole number from 0 to 1000000, got -1"),
        .root(#"{"id": "r", "rowSpan": 0}"#, "test.json: $.root.rowSpan: expected a whole number from 1 to 1000000, got 0"),
        .root(#"{"id": "r", "columnSpan": "2"}"#, #"test.json: $.root.columnSpan: expected a whole number from 1 to 1000000, got "2""#),
        // Choices and colours.
        .root(#"{"id": "r", "horizontalAlignment": "middle"}"#, #"test.json: $.root.horizontalAlignment: expected one of "fill", "left", "center", "right", got "middle""#),
        .root(#"{"id": "r", "verticalAlignment": "Top"}"#, #"test.json: $.root.verticalAlignment: expected one of "fill", "top", "center", "bottom", got "Top""#),
        .root(#"{"id": "r", "visibility": false}"#, #"test.json: $.root.visibility: expected one of "visible", "hidden", "collapsed", got false"#),
        .root(#"{"id": "r", "kind": "stack", "orientation": "row"}"#, #"test.json: $.root.orientation: expected one of "vertical", "horizontal", got "row""#),
        .root(##"{"id": "r", "backgroundColor": "reddish"}"##, ##"test.json: $.root.backgroundColor: expected a colour "#RRGGBB", "#RRGGBBAA", "#RGB", "#RGBA" or a CSS colour name, got "reddish""##),
        .root(##"{"id": "r", "backgroundColor": "#12345"}"##, ##"test.json: $.root.backgroundColor: expected a colour "#RRGGBB", "#RRGGBBAA", "#RGB", "#RGBA" or a CSS colour name, got "#12345""##),
        .root(##"{"id": "r", "backgroundColor": "#1234567"}"##, ##"test.json: $.root.backgroundColor: expected a colour "#RRGGBB", "#RRGGBBAA", "#RGB", "#RGBA" or a CSS colour name, got "#1234567""##),
        .root(##"{"id": "r", "kind": "label", "textColor": "#GG0000"}"##, ##"test.json: $.root.textColor: expected a colour "#RRGGBB", "#RRGGBBAA", "#RGB", "#RGBA" or a CSS colour name, got "#GG0000""##),
        .root(##"{"id": "r", "kind": "label", "textColor": "0000FF"}"##, ##"test.json: $.root.textColor: expected a colour "#RRGGBB", "#RRGGBBAA", "#RGB", "#RGBA" or a CSS colour name, got "0000FF""##),
        // Tracks.
        .root(#"{"id": "r", "kind": "grid", "rows": []}"#, #"test.json: $.root.rows: expected a non-empty array of tracks (numbers, "auto", "*" or "2*"), at most 1000, got an array"#),
        .root(#"{"id": "r", "kind": "grid", "rows": "auto"}"#, #"test.json: $.root.rows: expected a non-empty array of tracks (numbers, "auto", "*" or "2*"), at most 1000, got "auto""#),
        .root(#"{"id": "r", "kind": "grid", "columns": ["*", "x"]}"#, #"test.json: $.root.columns: expected a non-empty array of tracks (numbers, "auto", "*" or "2*"), at most 1000, got an array"#),
        .root(#"{"id": "r", "kind": "grid", "columns": [-1]}"#, #"test.json: $.root.columns: expected a non-empty array of tracks (numbers, "auto", "*" or "2*"), at most 1000, got an array"#),
        .root(#"{"id": "r", "kind": "grid", "columns": ["0*"]}"#, #"test.json: $.root.columns: expected a non-empty array of tracks (numbers, "auto", "*" or "2*"), at most 1000, got an array"#),
        .root(#"{"id": "r", "kind": "grid", "columns": [\#(Array(repeating: "1", count: Property.maxTracks + 1).joined(separator: ","))]}"#,
              #"test.json: $.root.columns: expected a non-empty array of tracks (numbers, "auto", "*" or "2*"), at most 1000, got an array"#),
        // Text.
        .root(#"{"id": "r", "kind": "label", "text": 100}"#, "test.json: $.root.text: expected a string of at most 10000 characters (250000 Unicode scalars, 1000000 bytes), got 100"),
        .root(#"{"id": "r", "kind": "label", "text": "\#(String(repeating: "a", count: Property.maxTextLength + 1))"}"#,
              #"test.json: $.root.text: expected a string of at most 10000 characters (250000 Unicode scalars, 1000000 bytes), got "\#(String(repeating: "a", count: 40))…""#),
        .root(#"{"id": "r", "kind": "label", "font": {"family": "\#(String(repeating: "f", count: Property.maxFamilyLength + 1))"}}"#,
              #"test.json: $.root.font.family: expected a string of at most 200 characters (5000 Unicode scalars, 20000 bytes), got "\#(String(repeating: "f", count: 40))…""#),
    ]

    static let flat: [Case] = [
        Case(#"{"plumb": 1, "name": "t", "views": {}}"#, "test.json: $.views: expected an array of views, got an object"),
        Case(#"{"plumb": 1, "name": "t", "views": []}"#, "test.json: $.views: expected at least the root view"),
        .flat(["7"], "test.json: $.views[0]: expected a view object, got 7"),
        .flat([#"{"id": "root"}"#, #"{"id": "a", "parent": "rot"}"#], #"test.json: $.views[1].parent: no view has id "rot" (did you mean "root"?)"#),
        .flat([#"{"id": "root"}"#, #"{"id": "a", "parent": "elsewhere"}"#], #"test.json: $.views[1].parent: no view has id "elsewhere""#),
        .flat([#"{"id": "root"}"#, #"{"id": "a", "parent": 5}"#], "test.json: $.views[1].parent: expected a view id, got 5"),
        .flat([#"{"id": "root"}"#, #"{"id": "a", "parent": "b"}"#, #"{"id": "b", "parent": "a"}"#],
              #"test.json: $.views[1].parent: "a" is not under the root: its parents form a cycle"#),
        .flat([#"{"id": "root"}"#, #"{"id": "a", "parent": "root"}"#, #"{"id": "b", "parent": "b"}"#],
              #"test.json: $.views[2].parent: "b" is not under the root: its parents form a cycle"#),
        .flat([#"{"id": "a", "parent": "b"}"#, #"{"id": "b", "parent": "a"}"#], "test.json: $.views: no root: every view has a parent, so the parents form a cycle"),
        .flat([#"{"id": "r"}"#, #"{"id": "s", "parent": null}"#], #"test.json: $.views[1]: a second root ("s" has no parent; "r" is the root)"#),
        .flat([#"{"id": "r"}"#, #"{"id": "l", "kind": "label", "parent": "r"}"#, #"{"id": "x", "parent": "l"}"#],
              #"test.json: $.views[2].parent: "l" is a label, which cannot have children"#),
        .flat([#"{"id": "r"}"#, #"{"id": "a", "parent": "r", "heigth": 1}"#], #"test.json: $.views[1].heigth: unknown key (did you mean "height"?)"#),
    ]

    @Test(arguments: topLevel + views + badIDs + values + flat)
    func rejected(_ example: Case) {
        #expect(decodeError(example.input) == example.error)
    }

    @Test func designExampleMessage() throws {
        do {
            _ = try SpecCodec.decode(try Fixture.bytes("login-bad-margin.json"), file: "login.json")
            Issue.record("decoded")
        } catch let error as SpecError {
            #expect(error == SpecError(file: "login.json", location: "$.root.children[0].margin.top", message: #"expected a number ≥ 0, got "ten""#))
            #expect(error.description == #"login.json: $.root.children[0].margin.top: expected a number ≥ 0, got "ten""#)
        }
    }

    /// Non-finite numbers cannot be written in JSON; a literal out of range is a syntax error.
    @Test func malformedJSONNamesLineAndColumn() throws {
        do {
            _ = try SpecCodec.decode(try Fixture.bytes("login-bad-json.json"), file: "login.json")
            Issue.record("decoded")
        } catch let error as SpecError {
            #expect(error.description == "login.json: line 4, column 52: number out of range")
        }
        #expect(decodeError("{\n  \"plumb\": 1,\n  \"plumb\": 1\n}") == #"test.json: line 3, column 3: duplicate key "plumb""#)
        #expect(decodeError("") == "test.json: line 1, column 1: unexpected end of input, expected a value")
        #expect(decodeError(nestedSpec(root: #"{"id": "r", "width": 1e999}"#)) == "test.json: line 1, column 59: number out of range")
    }

    @Test func nestedDeeperThanTheLimit() {
        let depth = SpecCodec.maxNestingDepth + 1
        let path = "$.root" + String(repeating: ".children[0]", count: depth - 1)
        #expect(decodeError(SpecCodecTests.nested(depth: depth))
                == #"test.json: \#(path): views nested deeper than 256 levels; use the flat shape ("views") for deeper trees"#)
        // Far deeper still fails cleanly (the JSON depth guard), never by overflowing the stack.
        let error = decodeError(SpecCodecTests.nested(depth: 600))
        #expect(error?.hasPrefix("test.json: line 1, column ") == true)
        #expect(error?.hasSuffix(#"views nested deeper than 256 levels; use the flat shape ("views") for deeper trees"#) == true)
    }

    /// Every property and every kind it does not apply to.
    static let misplaced: [(Property, ViewKind)] = Property.allCases.filter { !$0.isStructural }.flatMap { property in
        ViewKind.allCases.filter { !SpecCodecTests.expectedKinds(property).contains($0) }.map { (property, $0) }
    }

    @Test(arguments: misplaced)
    func propertyNotApplyingToKind(_ property: Property, _ kind: ViewKind) {
        let member = SpecCodecTests.member(property, SpecCodecTests.sample(property))
        let text = SpecCodecTests.spec(root: [JSONMember("id", .string("r")), JSONMember("kind", .string(kind.rawValue)), member])
        let kinds = SpecCodecTests.expectedKinds(property).map(\.rawValue).joined(separator: ", ")
        if property.rawValue.hasPrefix("font.") {
            // The whole font object is refused on kinds without text.
            #expect(decodeError(text) == #"test.json: $.root.font: "font" is not a property of a \#(kind.rawValue) (it applies to \#(kinds))"#)
        } else {
            #expect(decodeError(text) == #"test.json: $.root.\#(property.rawValue): "\#(property.rawValue)" is not a property of a \#(kind.rawValue) (it applies to \#(kinds))"#)
        }
    }

    /// A value of the wrong JSON type for every property: the message says what was expected.
    @Test(arguments: Property.allCases.filter { !$0.isStructural }, [JSONValue.bool(true), .null, .array([.object([])]), .object([JSONMember("a", .number(1))])])
    func wrongType(_ property: Property, _ value: JSONValue) throws {
        // `true` is the right type for a flag (`floating`).
        if property.type == .bool, value == .bool(true) { return }
        // An array is the right type for runs: what is wrong inside is named (`TextRunTests`).
        if property == .textRuns, case .array = value { return }
        let kind = try #require(SpecCodecTests.expectedKinds(property).last)
        let text = SpecCodecTests.spec(root: [JSONMember("id", .string("r")), JSONMember("kind", .string(kind.rawValue)), SpecCodecTests.member(property, value)])
        #expect(decodeError(text) == "test.json: $.root.\(property.rawValue): \(property.type.expectation), got \(value.typeDescription)")
        #expect(property.type.check(value) == property.type.expectation)
    }
}
