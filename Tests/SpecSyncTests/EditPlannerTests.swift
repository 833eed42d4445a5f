import LayoutSpec
import SpecSync
import Testing
import SeededRandom

/// `EditPlanner`: the edits that make a document state match a spec.
struct EditPlannerTests {
    static let login = """
        {"id": "root", "kind": "view", "padding": 8, "children": [
          {"id": "form", "kind": "stack", "spacing": 4, "margin": {"top": 10, "left": 2}, "children": [
            {"id": "title", "kind": "label", "text": "Sign in", "font": {"size": 20, "weight": "bold"}},
            {"id": "name", "kind": "label", "text": "Name", "numberOfLines": 0},
            {"id": "ok", "kind": "button", "text": "OK", "width": 100, "horizontalAlignment": "right"}
          ]},
          {"id": "keys", "kind": "grid", "rows": ["auto", "*", 44], "columns": ["2*", "*"], "children": [
            {"id": "k1", "kind": "button", "text": "1", "row": 1, "columnSpan": 2}
          ]}
        ]}
        """

    @Test func applyToEmptyThenMaterializeGivesTheSpecBack() throws {
        let target = try spec(Self.login)
        var author = Author(1)
        var state = DocumentState()
        let edits = author.apply(target, to: &state)
        #expect(Array(edits) == edits.sorted { ($0.view, $0.property) < ($1.view, $1.property) })
        #expect(Set(edits.map { PropertyKey(view: $0.view, property: $0.property) }).count == edits.count)
        let result = try materialize(state)
        #expect(result.spec == target)
        #expect(result.detached.isEmpty)
        // Structure is written too: every view alive with a parent, non-roots with an order key.
        for view in target.views {
            #expect(state.value(view.id, .alive) == "true")
            #expect(state.value(view.id, .kind) == ValueText.string(view.kind.rawValue))
        }
        #expect(state.value("root", .parent) == "null")
        #expect(state.value("root", .order) == nil)
        #expect(state.value("ok", .parent) == ValueText.string("form"))
        #expect(state.value("ok", .order)?.hasSuffix(author.suffix + "\"") == true)
    }

    @Test func replanningTheSameSpecGivesNoEdits() throws {
        let target = try spec(Self.login)
        var author = Author(1)
        var state = DocumentState()
        author.apply(target, to: &state)
        #expect(EditPlanner.edits(toMatch: target, from: state, orderSuffix: author.suffix) == [])
        // Another site's suffix changes nothing either: existing keys are kept.
        #expect(EditPlanner.edits(toMatch: target, from: state, orderSuffix: Author(2).suffix) == [])
    }

    @Test func onePropertyChangeIsOneEdit() throws {
        var author = Author(1)
        var state = DocumentState()
        author.apply(try spec(Self.login), to: &state)
        let changed = try spec(Self.login.edited(#""width": 100"#, #""width": 120.5"#))
        let edits = author.apply(changed, to: &state)
        #expect(edits == [Edit(view: "ok", property: .width, value: "120.5")])
        #expect(try materialize(state).spec == changed)
    }

    @Test func oneEdgeChangeIsOneEdit() throws {
        var author = Author(1)
        var state = DocumentState()
        author.apply(try spec(Self.login), to: &state)
        let changed = try spec(Self.login.edited(#""margin": {"top": 10, "left": 2}"#, #""margin": {"top": 10, "left": 3}"#))
        #expect(author.apply(changed, to: &state) == [Edit(view: "form", property: .marginLeft, value: "3")])
    }

    @Test func removedPropertyIsUnset() throws {
        var author = Author(1)
        var state = DocumentState()
        author.apply(try spec(Self.login), to: &state)
        let changed = try spec(Self.login.edited(#", "numberOfLines": 0"#, ""))
        let edits = author.apply(changed, to: &state)
        #expect(edits == [Edit(view: "name", property: .numberOfLines, value: nil)])
        #expect(try materialize(state).spec == changed)
        #expect(EditPlanner.edits(toMatch: changed, from: state, orderSuffix: author.suffix) == [])
    }

    @Test func removedViewsAreMarkedNotAlive() throws {
        var author = Author(1)
        var state = DocumentState()
        let original = try spec(Self.login)
        author.apply(original, to: &state)
        // Drop the grid and its child.
        let smaller = try spec(#"{"id": "root", "kind": "view", "padding": 8, "children": [\#(Self.formJSON)]}"#)
        let edits = author.apply(smaller, to: &state)
        #expect(edits == [Edit(view: "k1", property: .alive, value: "false"), Edit(view: "keys", property: .alive, value: "false")])
        #expect(try materialize(state).spec == smaller)
        // Their properties are kept, so bringing them back restores them.
        #expect(state.value("k1", .text) == ValueText.string("1"))
        let back = author.apply(original, to: &state)
        #expect(back == [Edit(view: "k1", property: .alive, value: "true"), Edit(view: "keys", property: .alive, value: "true")])
        #expect(try materialize(state).spec == original)
    }

    /// Views already deleted stay deleted without a new edit each time the spec is applied.
    @Test func replanningAfterARemovalGivesNoEdits() throws {
        var author = Author(1)
        var state = DocumentState()
        author.apply(try spec(Self.login), to: &state)
        let smaller = try spec(#"{"id": "root", "kind": "view", "padding": 8, "children": [\#(Self.formJSON)]}"#)
        author.apply(smaller, to: &state)
        #expect(EditPlanner.edits(toMatch: smaller, from: state, orderSuffix: author.suffix) == [])
    }

    static let formJSON = """
        {"id": "form", "kind": "stack", "spacing": 4, "margin": {"top": 10, "left": 2}, "children": [
          {"id": "title", "kind": "label", "text": "Sign in", "font": {"size": 20, "weight": "bold"}},
          {"id": "name", "kind": "label", "text": "Name", "numberOfLines": 0},
          {"id": "ok", "kind": "button", "text": "OK", "width": 100, "horizontalAlignment": "right"}
        ]}
        """

    static func list(_ ids: [String]) throws -> Spec {
        try spec(#"{"id": "root", "kind": "stack", "children": [\#(ids.map { #"{"id": "\#($0)"}"# }.joined(separator: ", "))]}"#)
    }

    static let reorders: [(before: [String], after: [String], newKeys: Int)] = [
        (["a", "b", "c", "d", "e"], ["b", "c", "d", "e", "a"], 1),   // first to last
        (["a", "b", "c", "d", "e"], ["e", "a", "b", "c", "d"], 1),   // last to first
        (["a", "b", "c", "d", "e"], ["a", "d", "b", "c", "e"], 1),   // one step back
        (["a", "b", "c", "d", "e"], ["b", "a", "d", "c", "e"], 2),   // two swaps
        (["a", "b", "c", "d", "e"], ["e", "d", "c", "b", "a"], 4),   // reversed: one key survives
        (["a", "b", "c", "d", "e", "f", "g", "h"], ["a", "c", "e", "g", "b", "d", "f", "h"], 3),
    ]

    @Test(arguments: reorders)
    func reorderingKeepsMostKeys(_ example: (before: [String], after: [String], newKeys: Int)) throws {
        var author = Author(1)
        var state = DocumentState()
        author.apply(try Self.list(example.before), to: &state)
        let target = try Self.list(example.after)
        let edits = author.apply(target, to: &state)
        #expect(edits.allSatisfy { $0.property == .order }, "\(edits)")
        #expect(edits.count == example.newKeys)
        #expect(try materialize(state).spec == target)
        #expect(EditPlanner.edits(toMatch: target, from: state, orderSuffix: author.suffix) == [])
    }

    @Test func insertingBetweenKeepsNeighbours() throws {
        var author = Author(1)
        var state = DocumentState()
        author.apply(try Self.list(["a", "b", "c"]), to: &state)
        let target = try Self.list(["a", "x", "y", "b", "c", "z"])
        let edits = author.apply(target, to: &state)
        #expect(Set(edits.map(\.view)) == ["x", "y", "z"])
        #expect(try materialize(state).spec == target)
    }

    @Test func movingToAnotherParent() throws {
        var author = Author(1)
        var state = DocumentState()
        author.apply(try spec(Self.login), to: &state)
        // "ok" moves from the form into the grid, after k1.
        let moved = try spec("""
            {"id": "root", "kind": "view", "padding": 8, "children": [
              {"id": "form", "kind": "stack", "spacing": 4, "margin": {"top": 10, "left": 2}, "children": [
                {"id": "title", "kind": "label", "text": "Sign in", "font": {"size": 20, "weight": "bold"}},
                {"id": "name", "kind": "label", "text": "Name", "numberOfLines": 0}
              ]},
              {"id": "keys", "kind": "grid", "rows": ["auto", "*", 44], "columns": ["2*", "*"], "children": [
                {"id": "k1", "kind": "button", "text": "1", "row": 1, "columnSpan": 2},
                {"id": "ok", "kind": "button", "text": "OK", "width": 100, "horizontalAlignment": "right"}
              ]}
            ]}
            """)
        let edits = author.apply(moved, to: &state)
        #expect(edits.map(\.view) == ["ok", "ok"])
        #expect(edits.map(\.property) == [.parent, .order])
        #expect(edits.first?.value == ValueText.string("keys"))
        #expect(try materialize(state).spec == moved)
    }

    @Test func kindChangeIsOneEdit() throws {
        var author = Author(1)
        var state = DocumentState()
        author.apply(try spec(Self.login), to: &state)
        let changed = try spec(Self.login.edited(#"{"id": "ok", "kind": "button""#, #"{"id": "ok", "kind": "label""#))
        #expect(author.apply(changed, to: &state) == [Edit(view: "ok", property: .kind, value: ValueText.string("label"))])
        #expect(try materialize(state).spec == changed)
    }

    /// Seeded random edits to a random tree: every plan, applied, gives the spec back, and
    /// planning again gives nothing.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomEditSequences(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var tree = RandomTree()
        var author = Author(seed)
        var state = DocumentState()
        for step in 0..<60 {
            for _ in 0..<Int.random(in: 1...6, using: &generator) { tree.mutate(using: &generator) }
            let target = try spec(json: tree.json(), name: "doc")
            let edits = author.apply(target, to: &state)
            let result = try materialize(state)
            #expect(result.spec == target, "seed \(seed) step \(step)")
            #expect(result.detached.isEmpty, "seed \(seed) step \(step)")
            let again = EditPlanner.edits(toMatch: target, from: state, orderSuffix: author.suffix)
            #expect(again == [], "seed \(seed) step \(step): \(again.prefix(5)) after \(edits.count) edits")
            if result.spec != target || !again.isEmpty { return }
        }
    }
}

/// A tree of views edited at random: add, remove, move, reorder, set and unset properties.
struct RandomTree {
    struct Node {
        var kind: ViewKind
        var children: [String] = []
        var properties: [String: JSONValue] = [:]
    }

    var nodes: [String: Node] = ["root": Node(kind: .view)]
    var next = 0
    /// Ids removed earlier, which may come back (as `plumb revert` or a re-added view would).
    var removed: [String] = []

    static let propertyChoices: [(String, [JSONValue])] = [
        ("width", [.number(10), .number(20.5), .number(0)]),
        ("height", [.number(44)]),
        ("horizontalAlignment", HorizontalAlignment.allCases.map { .string($0.rawValue) }),
        ("visibility", [.string("hidden"), .string("collapsed")]),
        ("margin", [.number(4), .object([JSONMember("top", .number(1))]), .object([JSONMember("left", .number(2)), JSONMember("right", .number(3))])]),
        ("backgroundColor", [.string("#FF0000"), .string("#00FF00AA")]),
    ]

    func parent(of id: String) -> String? { nodes.first { $0.value.children.contains(id) }?.key }

    func descendants(of id: String) -> [String] {
        var result = [id]
        var index = 0
        while index < result.count {
            result += nodes[result[index]]!.children
            index += 1
        }
        return result
    }

    mutating func mutate(using generator: inout SeededGenerator) {
        let ids = nodes.keys.sorted()
        let containers = ids.filter { nodes[$0]!.kind.isContainer }
        switch Int.random(in: 0..<10, using: &generator) {
        case 0, 1, 2:
            let parent = containers.randomElement(using: &generator)!
            next += 1
            let id = "n\(next)"
            nodes[id] = Node(kind: [ViewKind.view, .label, .stack, .button, .grid].randomElement(using: &generator)!)
            let position = Int.random(in: 0...nodes[parent]!.children.count, using: &generator)
            nodes[parent]!.children.insert(id, at: position)
        case 3:
            guard let id = ids.filter({ $0 != "root" }).randomElement(using: &generator) else { return }
            let subtree = descendants(of: id)
            nodes[parent(of: id)!]!.children.removeAll { $0 == id }
            for gone in subtree { nodes[gone] = nil }
            removed += subtree
        case 4:
            guard let id = ids.filter({ $0 != "root" }).randomElement(using: &generator) else { return }
            let forbidden = Set(descendants(of: id))
            guard let target = containers.filter({ !forbidden.contains($0) }).randomElement(using: &generator) else { return }
            nodes[parent(of: id)!]!.children.removeAll { $0 == id }
            nodes[target]!.children.insert(id, at: Int.random(in: 0...nodes[target]!.children.count, using: &generator))
        case 5:
            guard let parent = containers.randomElement(using: &generator) else { return }
            nodes[parent]!.children.shuffle(using: &generator)
        case 6:
            let id = ids.randomElement(using: &generator)!
            nodes[id]!.properties = [:]
        case 7:
            // Back from the dead, perhaps as another kind and under another parent.
            guard let id = removed.randomElement(using: &generator) else { return }
            removed.removeAll { $0 == id }
            let parent = containers.randomElement(using: &generator)!
            nodes[id] = Node(kind: [ViewKind.view, .label, .stack].randomElement(using: &generator)!)
            nodes[parent]!.children.insert(id, at: Int.random(in: 0...nodes[parent]!.children.count, using: &generator))
        default:
            let id = ids.randomElement(using: &generator)!
            let (key, values) = Self.propertyChoices.randomElement(using: &generator)!
            nodes[id]!.properties[key] = values.randomElement(using: &generator)!
        }
    }

    func json(_ id: String = "root") -> JSONValue {
        let node = nodes[id]!
        var members = [JSONMember("id", .string(id)), JSONMember("kind", .string(node.kind.rawValue))]
        members += node.properties.keys.sorted().map { JSONMember($0, node.properties[$0]!) }
        if !node.children.isEmpty { members.append(JSONMember("children", .array(node.children.map { json($0) }))) }
        return .object(members)
    }
}
