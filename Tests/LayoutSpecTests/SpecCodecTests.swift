import LayoutSpec
import Testing

/// `SpecCodec` on good input: both shapes, round trips, and every property and enum value.
struct SpecCodecTests {
    // MARK: Fixtures

    @Test func designExampleDecodes() throws {
        let spec = try Fixture.spec("login.json")
        #expect(spec.name == "login")
        #expect(spec.views.map(\.id) == ["root", "ok"])
        #expect(spec.parents == [-1, 0])
        var ok = View(id: "ok", kind: .button)
        ok.text = "button1"
        ok.width = 100
        ok.height = 100
        ok.horizontalAlignment = .right
        ok.verticalAlignment = .top
        ok.margin = Edges(top: 10, left: 0, bottom: 0, right: 5)
        ok.backgroundColor = "#0000FF"
        #expect(spec.views[1] == ok)
        #expect(spec.root == View(id: "root", kind: .view))
    }

    /// The flat fixture lists the child before its root and its keys in another order.
    @Test func flatAndNestedFixturesAreTheSameSpec() throws {
        #expect(try Fixture.spec("login-flat.json") == Fixture.spec("login.json"))
        #expect(try Fixture.spec("kitchen-sink-flat.json") == Fixture.spec("kitchen-sink.json"))
    }

    /// Canonical files are written back byte for byte.
    @Test(arguments: [("kitchen-sink.json", SpecCodec.Shape.nested), ("kitchen-sink-flat.json", .flat)])
    func canonicalFixtureIsWrittenBackExactly(_ name: String, _ shape: SpecCodec.Shape) throws {
        let text = String(decoding: try Fixture.bytes(name), as: UTF8.self)
        #expect(SpecCodec.encodeText(try Fixture.spec(name), shape: shape) == text)
    }

    static let fixtures = ["login.json", "login-flat.json", "kitchen-sink.json", "kitchen-sink-flat.json"]

    @Test(arguments: fixtures, [SpecCodec.Shape.nested, .flat])
    func roundTrip(_ name: String, _ shape: SpecCodec.Shape) throws {
        let spec = try Fixture.spec(name)
        let text = SpecCodec.encodeText(spec, shape: shape)
        #expect(text.hasSuffix("}\n"))
        let again = try decodeSpec(text)
        #expect(again == spec)
        #expect(SpecCodec.encodeText(again, shape: shape) == text)
    }

    /// Encoding keeps exactly the properties the file set: nothing defaulted is written.
    @Test func encodeKeepsOnlySetProperties() throws {
        let source = try Fixture.json("login.json")
        let encoded = SpecCodec.encode(try Fixture.spec("login.json"))
        #expect(sortedKeys(encoded) == sortedKeys(source))
        let kitchen = SpecCodec.encode(try Fixture.spec("kitchen-sink.json"))
        #expect(sortedKeys(kitchen) == sortedKeys(try Fixture.json("kitchen-sink.json")))
    }

    @Test func flatShapeNamesParents() throws {
        let encoded = SpecCodec.encode(try Fixture.spec("login.json"), shape: .flat)
        #expect(JSONWriter.compact(encoded) == ##"{"plumb":1,"name":"login","views":[{"id":"root","kind":"view"},{"id":"ok","parent":"root","kind":"button","width":100,"height":100,"horizontalAlignment":"right","verticalAlignment":"top","margin":{"top":10,"left":0,"bottom":0,"right":5},"backgroundColor":"#0000FF","text":"button1"}]}"##)
    }

    @Test func flatViewsAreOrderedIntoTreeOrder() throws {
        let spec = try decodeSpec(flatSpec([
            #"{"id": "b1", "parent": "b"}"#,
            #"{"id": "a", "parent": "root"}"#,
            #"{"id": "b", "parent": "root"}"#,
            #"{"id": "a1", "parent": "a", "kind": "label"}"#,
            #"{"id": "root"}"#,
            #"{"id": "b2", "parent": "b"}"#,
        ]))
        #expect(spec.views.map(\.id) == ["root", "a", "a1", "b", "b1", "b2"])
        #expect(spec.parents == [-1, 0, 1, 0, 3, 3])
        #expect(spec.views.map(\.kind) == [.view, .view, .label, .view, .view, .view])
        #expect(spec.childIndices() == [[1, 3], [2], [], [4, 5], [], []])
    }

    @Test func kindDefaultsToView() throws {
        let spec = try decodeSpec(nestedSpec(root: #"{"id": "root", "children": [{"id": "a"}]}"#))
        #expect(spec.views.map(\.kind) == [.view, .view])
        // Written back explicitly.
        #expect(JSONWriter.compact(SpecCodec.encode(spec)) == #"{"plumb":1,"name":"test","root":{"id":"root","kind":"view","children":[{"id":"a","kind":"view"}]}}"#)
    }

    @Test func childrenAreRefusedOnALabelEvenWhenEmpty() throws {
        #expect(throws: SpecError(file: "test.json", location: "$.root.children", message: "a label cannot have children (only view, stack and grid can)")) {
            try decodeSpec(nestedSpec(root: #"{"id": "root", "kind": "label", "children": []}"#))
        }
    }

    /// A flat spec has no nesting limit; the decoder and the flat writer need no recursion.
    @Test func flatSpecTenThousandDeep() throws {
        let depth = 10_000
        var views = [#"{"id": "v0"}"#]
        for level in 1..<depth { views.append(#"{"id": "v\#(level)", "parent": "v\#(level - 1)"}"#) }
        let spec = try decodeSpec(flatSpec(views))
        #expect(spec.count == depth)
        #expect(spec.parents == [-1] + Array(0..<(depth - 1)))
        #expect(spec.views.last?.id == "v\(depth - 1)")
        #expect(try decodeSpec(SpecCodec.encodeText(spec, shape: .flat)) == spec)
    }

    @Test func nestedUpToTheLimitDecodes() throws {
        let spec = try decodeSpec(Self.nested(depth: SpecCodec.maxNestingDepth))
        #expect(spec.count == SpecCodec.maxNestingDepth)
        #expect(try decodeSpec(SpecCodec.encodeText(spec)) == spec)
    }

    /// A tree that closes several levels at once, with leaves short and long, text needing
    /// escapes, stacks, grids, edges written as one number or an object, and fonts.
    static let variedTree = nestedSpec(root: #"""
        {"id": "root", "kind": "view", "padding": 4, "children": [
          {"id": "stack", "kind": "stack", "orientation": "horizontal", "spacing": 2.5, "distribution": "spaceBetween", "wrap": true, "lineSpacing": 3, "children": [
            {"id": "title", "kind": "label", "text": "Say \"hi\"\n\u0007 \u202e ok", "font": {"size": 13}},
            {"id": "grid", "kind": "grid", "rows": ["auto", "*", 44], "columns": ["2*"], "rowSpacing": 1, "children": [
              {"id": "cell", "kind": "button", "row": 1, "column": 0, "text": "Go", "margin": {"top": 1, "right": 2}},
              {"id": "inner", "kind": "view", "row": 2, "children": [
                {"id": "deep", "kind": "view", "width": 10, "height": 20, "minWidth": 1, "maxWidth": 30}]}]}]},
          {"id": "tail", "kind": "label", "text": "é", "font": {"family": "Inter", "size": 28, "weight": "bold"},
           "margin": 3, "visibility": "hidden"}]}
        """#)

    /// The streamed writer lays text out exactly as `JSONWriter.pretty` lays out the same value.
    @Test(arguments: [SpecCodec.Shape.nested, .flat])
    func streamedTextIsThePrettyLayout(_ shape: SpecCodec.Shape) throws {
        let specs = [try decodeSpec(Self.variedTree), try decodeSpec(Self.nested(depth: 40)),
                     try Fixture.spec("kitchen-sink.json"), try Fixture.spec("login.json")]
        for spec in specs {
            let text = SpecCodec.encodeText(spec, shape: shape)
            #expect(text == JSONWriter.pretty(try JSONParser.parse(text)) + "\n")
            #expect(try decodeSpec(text) == spec)
        }
    }

    /// A chain of `depth` views, each the only child of the one before, with a margin at the bottom.
    static func nested(depth: Int) -> String {
        var text = #"{"id": "v\#(depth)", "margin": {"top": 1}}"#
        for level in stride(from: depth - 1, through: 1, by: -1) {
            text = #"{"id": "v\#(level)", "children": [\#(text)]}"#
        }
        return nestedSpec(root: text)
    }

    // MARK: Edges and fonts

    static let edgeCases: [(String, Edges)] = [
        ("10", Edges(all: 10)),
        ("0", Edges(all: 0)),
        ("2.5", Edges(all: 2.5)),
        (#"{"top": 10}"#, Edges(top: 10)),
        (#"{"left": 1, "right": 2}"#, Edges(left: 1, right: 2)),
        (#"{"bottom": 0}"#, Edges(bottom: 0)),
        (#"{"top": 1, "left": 2, "bottom": 3, "right": 4}"#, Edges(top: 1, left: 2, bottom: 3, right: 4)),
        (#"{"right": 4, "top": 4, "bottom": 4, "left": 4}"#, Edges(all: 4)),
        ("{}", Edges()),
    ]

    @Test(arguments: edgeCases, ["margin", "padding"])
    func edges(_ example: (json: String, expected: Edges), _ key: String) throws {
        let (json, expected) = example
        let spec = try decodeSpec(nestedSpec(root: #"{"id": "root", "kind": "stack", "\#(key)": \#(json)}"#))
        let edges = key == "margin" ? spec.root.margin : spec.root.padding
        #expect(edges == expected)
        #expect(edges.horizontal == (expected.left ?? 0) + (expected.right ?? 0))
        // Unset edges stay unset after a round trip; four equal edges are written as one number.
        let encoded = SpecCodec.encode(spec)
        #expect(try decodeSpec(JSONWriter.compact(encoded)) == spec)
        let written = encoded["root"]?[key]
        if expected.isEmpty {
            #expect(written == nil)
        } else if let top = expected.top, expected == Edges(all: top) {
            #expect(written == .number(top))
        } else {
            #expect(written == .object(Edge.allCases.compactMap { edge in expected[edge].map { JSONMember(edge.rawValue, .number($0)) } }))
        }
    }

    static let fontCases: [(String, String?, Double?, FontWeight?)] = [
        (#"{"family": "Inter", "size": 15, "weight": "semibold"}"#, "Inter", 15, .semibold),
        (#"{"size": 11.5}"#, nil, 11.5, nil),
        (#"{"weight": "ultraLight"}"#, nil, nil, .ultraLight),
        (#"{"family": ""}"#, "", nil, nil),
        ("{}", nil, nil, nil),
    ]

    @Test(arguments: fontCases)
    func font(_ json: String, _ family: String?, _ size: Double?, _ weight: FontWeight?) throws {
        let spec = try decodeSpec(nestedSpec(root: #"{"id": "root", "kind": "label", "font": \#(json)}"#))
        #expect(spec.root.fontFamily == family)
        #expect(spec.root.fontSize == size)
        #expect(spec.root.fontWeight == weight)
        #expect(spec.root.resolvedFont == Font(family: family ?? "system", size: size ?? 17, weight: weight ?? .regular))
        #expect(try decodeSpec(JSONWriter.compact(SpecCodec.encode(spec))) == spec)
        if family == nil && size == nil && weight == nil { #expect(SpecCodec.encode(spec)["root"]?["font"] == nil) }
    }

    @Test func italicIsPartOfTheFont() throws {
        let spec = try decodeSpec(nestedSpec(root: #"{"id": "root", "kind": "label", "font": {"size": 12, "italic": true}}"#))
        #expect(spec.root.fontItalic == true)
        #expect(spec.root.resolvedFont == Font(family: "system", size: 12, weight: .regular, italic: true))
        #expect(SpecCodec.encode(spec)["root"]?["font"] == .object([JSONMember("size", .number(12)), JSONMember("italic", .bool(true))]))
        #expect(try decodeSpec(JSONWriter.compact(SpecCodec.encode(spec))) == spec)
    }

    // MARK: Tracks

    @Test func tracksInEverySpelling() throws {
        let spec = try decodeSpec(nestedSpec(root: #"{"id": "root", "kind": "grid", "rows": ["auto", "*", "2*", 44, "44"], "columns": ["1*", "2.5*", 0, "0"]}"#))
        #expect(spec.root.rows == [.auto, .star(1), .star(2), .fixed(44), .fixed(44)])
        #expect(spec.root.columns == [.star(1), .star(2.5), .fixed(0), .fixed(0)])
        let encoded = SpecCodec.encode(spec)["root"]
        #expect(encoded?["rows"] == .array([.string("auto"), .string("*"), .string("2*"), .number(44), .number(44)]))
        #expect(encoded?["columns"] == .array([.string("*"), .string("2.5*"), .number(0), .number(0)]))
        #expect(try decodeSpec(JSONWriter.compact(SpecCodec.encode(spec))) == spec)
    }

    // MARK: Every property

    /// Which kinds take each property (DESIGN.md §3), written out here so a change shows up.
    static func expectedKinds(_ property: Property) -> [ViewKind] {
        switch property {
        case .text, .fontFamily, .fontSize, .fontWeight, .fontItalic, .textColor, .textAlignment, .textVerticalAlignment,
             .numberOfLines, .lineBreakMode, .lineHeight, .letterSpacing, .paragraphSpacing, .textCase, .textDecoration, .textRuns,
             .designedWidth, .designedHeight:
            [.label, .button]
        case .orientation, .spacing, .distribution, .wrap, .lineSpacing: [.stack]
        case .rows, .columns, .rowSpacing, .columnSpacing: [.grid]
        default: ViewKind.allCases
        }
    }

    /// A valid value of each property type.
    static func sample(_ property: Property) -> JSONValue {
        switch property.type {
        case .length: .number(12.5)
        case .fontSize: .number(13)
        case .fraction: .number(0.25)
        case .textSpacing: .string("150%")
        case .offset: .number(-4)
        case .count(let minimum): .number(Double(minimum + 2))
        case .choice(let names): .string(names.last!)
        case .text: .string("hello \"world\"\n")
        case .color: .string("#FF00ff80")
        case .tracks: .array([.string("auto"), .string("*"), .number(44)])
        case .viewID: .string("root")
        case .orderKey: .string("V")
        case .bool: .bool(true)
        case .textRuns: .array([.object([
            JSONMember("start", .number(0)), JSONMember("length", .number(5)),
            JSONMember("font", .object([JSONMember("size", .number(20)), JSONMember("weight", .string("bold"))])),
            JSONMember("textColor", .string("#FF0000")),
        ])])
        }
    }

    /// The property as a member of a view object: `margin.top` goes in `"margin": {"top": …}`.
    static func member(_ property: Property, _ value: JSONValue) -> JSONMember {
        let parts = property.rawValue.split(separator: ".").map(String.init)
        return parts.count == 2 ? JSONMember(parts[0], .object([JSONMember(parts[1], value)])) : JSONMember(property.rawValue, value)
    }

    static func spec(root members: [JSONMember]) -> String {
        JSONWriter.compact(.object([
            JSONMember("plumb", .number(1)), JSONMember("name", .string("test")), JSONMember("root", .object(members)),
        ]))
    }

    static let styleProperties = Property.allCases.filter { !$0.isStructural }

    @Test func catalogue() {
        #expect(Property.allCases.filter(\.isStructural) == [.kind, .parent, .order, .alive])
        // ViewState marks its writers in use with one bit each, at most one per property and one more.
        #expect(Property.allCases.count <= 64)
        for property in Property.allCases {
            #expect(Property.named(property.rawValue) == property)
            #expect(Property.allCases[property.position] == property)
            #expect(ViewKind.allCases.filter { property.applies(to: $0) } == Self.expectedKinds(property), "\(property)")
            #expect(property.kindsDescription == Self.expectedKinds(property).map(\.rawValue).joined(separator: ", "))
        }
        #expect(Property.named("heigth") == nil)
        #expect(Property.width < Property.height && Property.kind < Property.width && !(Property.columnSpan < Property.row))
    }

    @Test(arguments: styleProperties)
    func everyPropertyIsAccepted(_ property: Property) throws {
        let kind = try #require(Self.expectedKinds(property).last)
        let value = Self.sample(property)
        let text = Self.spec(root: [JSONMember("id", .string("root")), JSONMember("kind", .string(kind.rawValue)), Self.member(property, value)])
        let spec = try decodeSpec(text)
        #expect(spec.root.value(of: property) == value)
        #expect(spec.root.setProperties.map(\.property) == [.kind, property])
        // Written back exactly as it was read.
        #expect(JSONWriter.compact(SpecCodec.encode(spec)) == text)
        #expect(try decodeSpec(SpecCodec.encodeText(spec, shape: .flat)) == spec)
    }

    /// Every value of every enum, straight from the enums so a new case is covered by itself.
    static let choices: [(Property, [String])] = [
        (.kind, ViewKind.allCases.map(\.rawValue)),
        (.horizontalAlignment, HorizontalAlignment.allCases.map(\.rawValue)),
        (.verticalAlignment, VerticalAlignment.allCases.map(\.rawValue)),
        (.visibility, Visibility.allCases.map(\.rawValue)),
        (.fontWeight, FontWeight.allCases.map(\.rawValue)),
        (.textAlignment, TextAlignment.allCases.map(\.rawValue)),
        (.textVerticalAlignment, TextVerticalAlignment.allCases.map(\.rawValue)),
        (.lineBreakMode, LineBreakMode.allCases.map(\.rawValue)),
        (.textCase, TextCase.allCases.map(\.rawValue)),
        (.textDecoration, TextDecoration.allCases.map(\.rawValue)),
        (.orientation, Orientation.allCases.map(\.rawValue)),
        (.distribution, StackDistribution.allCases.map(\.rawValue)),
    ]

    static let choiceValues: [(Property, String)] = choices.flatMap { property, names in names.map { (property, $0) } }

    @Test func everyChoicePropertyIsInTheTable() {
        let choiceProperties = Property.allCases.filter { if case .choice = $0.type { true } else { false } }
        #expect(choiceProperties == Self.choices.map(\.0))
        for (property, names) in Self.choices { #expect(property.type == .choice(names)) }
    }

    @Test(arguments: choiceValues)
    func everyEnumValueIsAccepted(_ property: Property, _ name: String) throws {
        let kind = property == .kind ? name : try #require(Self.expectedKinds(property).last).rawValue
        var members = [JSONMember("id", .string("root")), JSONMember("kind", .string(kind))]
        if property != .kind { members.append(Self.member(property, .string(name))) }
        let text = Self.spec(root: members)
        let spec = try decodeSpec(text)
        #expect(spec.root.value(of: property) == .string(name))
        #expect(JSONWriter.compact(SpecCodec.encode(spec)) == text)
    }

    @Test func everyPropertyAtOnce() throws {
        // One view of each kind carrying every property that kind takes.
        var roots: [JSONValue] = []
        for kind in ViewKind.allCases {
            var members = [JSONMember("id", .string(kind.rawValue)), JSONMember("kind", .string(kind.rawValue))]
            var font: [JSONMember] = [], margin: [JSONMember] = [], padding: [JSONMember] = []
            for property in Self.styleProperties where property.applies(to: kind) {
                let value = Self.sample(property)
                let parts = property.rawValue.split(separator: ".").map(String.init)
                switch parts.first {
                case "font": font.append(JSONMember(parts[1], value))
                case "margin": margin.append(JSONMember(parts[1], value))
                case "padding": padding.append(JSONMember(parts[1], value))
                default: members.append(JSONMember(property.rawValue, value))
                }
            }
            members += [JSONMember("font", .object(font)), JSONMember("margin", .object(margin)), JSONMember("padding", .object(padding))]
                .filter { if case .object(let parts) = $0.value { !parts.isEmpty } else { true } }
            roots.append(.object(members))
        }
        let container = JSONValue.object([JSONMember("id", .string("all")), JSONMember("kind", .string("view")), JSONMember("children", .array(roots))])
        let spec = try decodeSpec(JSONWriter.compact(.object([
            JSONMember("plumb", .number(1)), JSONMember("name", .string("all")), JSONMember("root", container),
        ])))
        for view in spec.views.dropFirst() {
            let expected = Self.styleProperties.filter { $0.applies(to: view.kind) }
            #expect(view.setProperties.map(\.property) == [.kind] + expected, "\(view.kind)")
            for property in expected { #expect(view.value(of: property) == Self.sample(property), "\(view.kind).\(property)") }
        }
        #expect(try decodeSpec(SpecCodec.encodeText(spec)) == spec)
        #expect(try decodeSpec(SpecCodec.encodeText(spec, shape: .flat)) == spec)
    }

    @Test func textUpToTheLimitIsAccepted() throws {
        // Counted in characters, not bytes.
        let text = String(repeating: "é", count: Property.maxTextLength)
        let spec = try decodeSpec(nestedSpec(root: #"{"id": "root", "kind": "label", "text": "\#(text)"}"#))
        #expect(spec.root.text == text)
    }
}
