import LayoutSpec
import SpecSync
import Testing

/// `Materializer`: a document state laid out as a tree.
struct MaterializerTests {
    /// Builds a state view by view: `view("a", kind: "stack", parent: "root", order: "V")`.
    struct StateBuilder {
        var state = DocumentState()
        var seq: Int64 = 0
        let site = SiteID(high: 7, low: 7)

        mutating func set(_ view: String, _ property: Property, _ value: String?) {
            seq += 1
            state.apply(Change(stamp: Stamp(hlc: Timestamp(milliseconds: 1, counter: 0), site: site, seq: seq), document: "doc", view: view, property: property, value: value))
        }

        mutating func view(_ id: String, kind: String = "view", parent: String? = nil, order: String? = nil, alive: Bool = true) {
            set(id, .kind, ValueText.string(kind))
            set(id, .alive, alive ? "true" : "false")
            set(id, .parent, parent.map(ValueText.string) ?? ValueText.null)
            if let order { set(id, .order, ValueText.string(order)) }
        }
    }

    /// Text and runs merge as two properties: runs of a longer text left by a merge are shown
    /// cut to the text they style, so the spec shown is one Plumb reads back.
    @Test func runsOfALongerTextAreShownCut() throws {
        var builder = StateBuilder()
        builder.view("root")
        builder.view("title", kind: "label", parent: "root", order: "V")
        builder.set("title", .text, ValueText.string("Hello"))
        builder.set("title", .textRuns, ##"[{"start":2,"length":8,"font":{"weight":"bold"}},{"start":11,"length":1,"textColor":"#FF0000"}]"##)
        let result = try materialize(builder.state)
        var bold = TextRun(start: 2, length: 3)
        bold.fontWeight = .bold
        #expect(result.spec.views[1].textRuns == [bold])
        #expect(try SpecCodec.decode(Array(SpecCodec.encodeText(result.spec).utf8), file: "doc.json") == result.spec)
    }

    @Test func childrenOrderByKeyThenID() throws {
        var builder = StateBuilder()
        builder.view("root", kind: "stack")
        builder.view("c", parent: "root", order: "V")
        builder.view("b", parent: "root", order: "V")
        builder.view("a", parent: "root", order: "k")
        builder.view("z", parent: "root", order: "A")
        builder.view("y", parent: "root")  // no key sorts first
        builder.view("b1", parent: "b", order: "V")
        let result = try materialize(builder.state)
        #expect(result.spec.views.map(\.id) == ["root", "y", "z", "b", "b1", "c", "a"])
        #expect(result.spec.parents == [-1, 0, 0, 0, 3, 0, 0])
        #expect(result.detached.isEmpty)
        #expect(result.spec.name == "doc")
    }

    /// The projection's parent positions, parents and children follow the state's `parent` and
    /// `order` entries, on a tree whose siblings come in shuffled order and whose stray views
    /// are left out.
    @Test func parentPositionsFollowTheTree() {
        var builder = StateBuilder()
        builder.view("v0", kind: "stack")
        var seed: UInt64 = 14
        for index in 1..<300 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let parent = Int(seed >> 33) % index
            builder.view("v\(index)", kind: index % 7 == 0 ? "label" : "view", parent: index % 50 == 0 ? "nobody" : "v\(parent)",
                         order: String(UnicodeScalar(UInt8(65 + Int(seed >> 40) % 26))))
        }
        let projection = Projection(builder.state)
        #expect(projection.parentPositions.count == projection.order.count)
        #expect(projection.parentPositions.first == -1)
        let state = builder.state
        for (position, id) in projection.order.enumerated().dropFirst() {
            let parent = ValueText.stringValue(state.value(id, .parent))
            #expect(projection.order[projection.parentPositions[position]] == parent)
            #expect(projection.parent(of: id) == parent)
        }
        #expect(projection.parent(of: "v0") == nil)
        #expect(!projection.detached.isEmpty)
        // Children in sibling order (order key, then id), only those in the document.
        for id in projection.order {
            let expected = projection.order.filter { projection.contains($0) && ValueText.stringValue(state.value($0, .parent)) == id }
                .sorted { (ValueText.stringValue(state.value($0, .order)) ?? "", $0) < (ValueText.stringValue(state.value($1, .order)) ?? "", $1) }
            #expect(projection.children(of: id) == expected)
        }
        for id in projection.detached {
            #expect(projection.children(of: id).isEmpty && projection.parent(of: id) == nil && !projection.contains(id))
        }
    }

    @Test func unplaceableViewsAreDetached() throws {
        var builder = StateBuilder()
        builder.view("root")
        builder.view("gone", parent: "root", alive: false)
        builder.view("orphan", parent: "gone")          // parent deleted
        builder.view("orphanChild", parent: "orphan")   // under a detached view
        builder.view("stray", parent: "nobody")         // parent unknown
        builder.view("loop1", parent: "loop2")          // a cycle
        builder.view("loop2", parent: "loop1")
        builder.view("self", parent: "self")            // its own parent
        builder.view("label", kind: "label", parent: "root")
        builder.view("underLabel", parent: "label")     // parent not a container
        builder.view("zroot")                           // a second root: the least id wins
        builder.view("kept", parent: "root")
        let result = try materialize(builder.state)
        #expect(result.spec.views.map(\.id) == ["root", "kept", "label"])
        #expect(result.spec.parents == [-1, 0, 0])
        #expect(result.detached == ["loop1", "loop2", "orphan", "orphanChild", "self", "stray", "underLabel", "zroot"])
    }

    @Test func deletedViewsAndTheirPropertiesStayOut() throws {
        var builder = StateBuilder()
        builder.view("root")
        builder.view("a", parent: "root", order: "V")
        builder.set("a", .width, "10")
        builder.set("a", .alive, "false")
        #expect(try materialize(builder.state).spec.views.map(\.id) == ["root"])
        // Brought back (revert), it returns with its properties.
        builder.set("a", .alive, "true")
        let result = try materialize(builder.state)
        #expect(result.spec.views.map(\.id) == ["root", "a"])
        #expect(result.spec.views[1].width == 10)
    }

    @Test func noRoot() {
        var empty = StateBuilder()
        #expect(throws: Materializer.Failure.noRoot) { try materialize(empty.state) }
        empty.view("a", parent: "b")
        empty.view("b", parent: "a")
        #expect(throws: Materializer.Failure.noRoot) { try materialize(empty.state) }
        var deleted = StateBuilder()
        deleted.view("root", alive: false)
        #expect(throws: Materializer.Failure.noRoot) { try materialize(deleted.state) }
    }

    @Test func propertiesNotApplyingOrInvalidAreIgnored() throws {
        var builder = StateBuilder()
        builder.view("root", kind: "stack")
        builder.set("root", .text, ValueText.string("not for stacks"))   // labels only
        builder.set("root", .rows, #"["*"]"#)                            // grids only
        builder.set("root", .spacing, "4")
        builder.set("root", .width, "-5")                                // not a length
        builder.set("root", .height, #""tall""#)                         // not a number
        builder.set("root", .minWidth, "{broken")                        // not JSON
        builder.set("root", .maxWidth, nil)                              // unset
        builder.set("root", .horizontalAlignment, ValueText.string("middle"))
        builder.set("root", .verticalAlignment, ValueText.string("top"))
        builder.set("root", .marginLeft, "3")
        let root = try materialize(builder.state).spec.root
        var expected = View(id: "root", kind: .stack)
        expected.spacing = 4
        expected.verticalAlignment = .top
        expected.margin.left = 3
        #expect(root == expected)
    }

    @Test func viewsWithoutAValidKindAreLeftOut() throws {
        var builder = StateBuilder()
        builder.view("root")
        builder.view("odd", kind: "widget", parent: "root")
        builder.set("nokind", .alive, "true")
        builder.set("nokind", .parent, ValueText.string("root"))
        #expect(try materialize(builder.state).spec.views.map(\.id) == ["root"])
    }

    @Test func kindChangeKeepsOnlyWhatApplies() throws {
        var builder = StateBuilder()
        builder.view("root")
        builder.view("t", kind: "label", parent: "root")
        builder.set("t", .text, ValueText.string("hi"))
        builder.set("t", .width, "5")
        builder.set("t", .kind, ValueText.string("stack"))
        let view = try materialize(builder.state).spec.views[1]
        #expect(view.kind == .stack)
        #expect(view.text == nil)
        #expect(view.width == 5)
    }

    @Test func deepChainNeedsNoRecursion() throws {
        var builder = StateBuilder()
        builder.view("v0")
        for level in 1..<20_000 { builder.view("v\(level)", parent: "v\(level - 1)", order: "V") }
        let result = try materialize(builder.state)
        #expect(result.spec.count == 20_000)
        #expect(result.spec.parents.last == 19_998)
    }
}

extension MaterializerTests {
    /// A whole spec made from the projection's tree-ordered copy of the shown properties holds
    /// the same views as making each view from its own entries (what `plumb show VIEW` does),
    /// on a seeded state with unset values, invalid values, properties that do not apply to the
    /// kind, non-canonical kind text, stacks, grids, labels and detached views.
    @Test func specViewsMatchViewsMadeOneByOne() throws {
        var builder = StateBuilder()
        builder.view("v0", kind: "stack")
        var seed: UInt64 = 21
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33) % bound
        }
        let kinds = ["view", "stack", "grid", "label", "button"]
        let values: [(Property, String?)] = [
            (.width, "12"), (.width, "-3"), (.height, nil), (.marginTop, "4.5"), (.paddingLeft, "2"),
            (.text, ValueText.string("héllo")), (.fontSize, "\"big\""), (.orientation, ValueText.string("vertical")),
            (.spacing, "3"), (.rows, "[10,\"auto\",\"2*\"]"), (.columnSpacing, "1"), (.row, "1"),
            (.backgroundColor, ValueText.string("#102030")), (.visibility, ValueText.string("hidden")), (.opacity, "0.5"),
        ]
        var containers = ["v0"], labels: [String] = []
        for index in 1..<400 {
            let kind = kinds[next(kinds.count)]
            // Mostly under a container; now and then under nobody, or under a label (detached).
            let parent = index % 61 == 0 ? "nobody" : index % 37 == 0 && !labels.isEmpty ? labels[next(labels.count)] : containers[next(containers.count)]
            builder.view("v\(index)", kind: kind, parent: parent, order: String(UnicodeScalar(UInt8(65 + next(26)))))
            if ["view", "stack", "grid"].contains(kind) { containers.append("v\(index)") } else { labels.append("v\(index)") }
            for _ in 0..<next(6) {
                let (property, value) = values[next(values.count)]
                builder.set("v\(index)", property, value)
            }
        }
        builder.set("v7", .kind, "\"\\u0073tack\"")  // "stack", spelled with an escape
        let document = ResolvedDocument(name: "doc", effective: builder.state)
        let result = try Materializer.spec(named: "doc", from: builder.state)
        let spec = result.spec
        #expect(spec.count > 300 && !result.detached.isEmpty)
        for index in 0..<spec.count {
            #expect(document.view(spec.views[index].id) == spec.views[index])
        }
        #expect(spec.views.contains { $0.id == "v7" && $0.kind == .stack })
        #expect(spec.views.contains { $0.rows != nil } && spec.views.contains { $0.text != nil } && spec.views.contains { $0.width == 12 })
    }
}
