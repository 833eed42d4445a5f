import LayoutSpec
import SpecSync
import Testing

/// Order keys stay short however siblings are inserted, reordered or piled up at one spot,
/// and never reach the length every receiver refuses.
@Suite struct OrderKeyGrowthTests {
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        Array(lhs.utf8).lexicographicallyPrecedes(Array(rhs.utf8))
    }

    static func order(_ state: DocumentState, _ view: String) -> String {
        state.value(view, .order).flatMap(ValueText.decode)?.string ?? ""
    }

    /// A flat stack of `count` children, in the order given.
    static func flat(_ ids: [String]) throws -> Spec {
        var views: [View] = [View(id: "root", kind: .stack)]
        for id in ids { views.append(View(id: id, kind: .label)) }
        return Spec(name: "doc", views: views, parents: [-1] + ids.map { _ in 0 })
    }

    @Test(arguments: [1, 2, 61, 62, 3_844, 30_000, 238_328])
    func bulkKeysGrowWithTheLogarithmOfTheirCount(count: Int) {
        let keys = FractionalIndex.keys(count, between: nil, and: nil, suffix: "xyz1")
        #expect(keys.count == count)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
        let longest = keys.map(\.utf8.count).max() ?? 0
        // 4 suffix digits + ⌈log62(count + 1)⌉: 62³ siblings take 8 digits, and so would a million.
        var digits = 1, room = 62
        while room - 1 < count { digits += 1; room *= 62 }
        #expect(longest == 4 + digits, "\(count) keys: longest \(longest)")
        #expect(longest < 10)
    }

    @Test(arguments: [("A0001", "B0001"), ("A0001", "A0002"), ("Azzzzzzzzzzzzzz1", "B1"), ("12", "125"), ("V", nil), (nil, "001"), ("zzzzzzzzzzzz1", nil)] as [(String?, String?)])
    func bulkKeysFitAnyGap(lower: String?, upper: String?) {
        let keys = FractionalIndex.keys(10_000, between: lower, and: upper, suffix: "xyz1")
        let all = [lower].compactMap { $0 } + keys + [upper].compactMap { $0 }
        #expect(zip(all, all.dropFirst()).allSatisfy { Self.precedes($0, $1) })
        let longest = keys.map(\.utf8.count).max() ?? 0
        #expect(longest <= max(lower?.utf8.count ?? 0, upper?.utf8.count ?? 0) + 4 + 4)
    }

    @Test func applyOf30000SiblingsWritesShortKeys() throws {
        var author = Author(1)
        var state = DocumentState()
        author.apply(try Self.flat((0..<30_000).map { "v\($0)" }), to: &state)
        let longest = (0..<30_000).map { Self.order(state, "v\($0)").utf8.count }.max() ?? 0
        #expect(longest <= 4 + 3)
        #expect(try materialize(state).spec.views.dropFirst().map(\.id) == (0..<30_000).map { "v\($0)" })
    }

    @Test func reversingThousandsOfSiblingsTwiceKeepsKeysShort() throws {
        var author = Author(1)
        var state = DocumentState()
        let ids = (0..<5_000).map { "v\($0)" }
        author.apply(try Self.flat(ids), to: &state)
        author.apply(try Self.flat(ids.reversed()), to: &state)
        #expect(try materialize(state).spec.views.dropFirst().map(\.id) == ids.reversed())
        author.apply(try Self.flat(ids), to: &state)
        #expect(try materialize(state).spec.views.dropFirst().map(\.id) == ids)
        let longest = ids.map { Self.order(state, $0).utf8.count }.max() ?? 0
        #expect(longest <= 4 + 3, "longest key \(longest)")
    }

    /// Each apply inserts a few views right after the first one: without rebalancing, keys
    /// would grow by a digit or more each time.
    @Test func repeatedAppliesInsertingAtOneSpotRebalance() throws {
        var author = Author(1)
        var state = DocumentState()
        var ids = ["first", "last"]
        for round in 0..<400 {
            ids.insert(contentsOf: ["r\(round)a", "r\(round)b"], at: 1)
            author.apply(try Self.flat(ids), to: &state)
        }
        #expect(try materialize(state).spec.views.dropFirst().map(\.id) == ids)
        let longest = ids.map { Self.order(state, $0).utf8.count }.max() ?? 0
        #expect(longest <= FractionalIndex.rebalanceLength)
    }

    /// `plumb add … --index 1`, ten thousand times: one key at a time, rebalanced as needed.
    @Test(arguments: [0, 1, 2])
    func singleInsertsAtOneSpotStayWithinTheThreshold(position: Int) {
        var siblings: [(view: String, order: String)] = []
        var rebalances = 0
        for step in 0..<10_000 {
            let view = "v\(step)"
            let edits = EditPlanner.place(view, at: position, among: siblings, suffix: "xyz1")
            let at = min(position, siblings.count)
            if edits.count == 1 {
                siblings.insert((view, ValueText.decode(edits[0].value!)!.string!), at: at)
                let neighbours = siblings[max(0, at - 1)..<min(siblings.count, at + 2)].map(\.order)
                guard zip(neighbours, neighbours.dropFirst()).allSatisfy({ $0 < $1 }) else {
                    Issue.record("step \(step): \(neighbours) out of order")
                    return
                }
            } else {
                rebalances += 1
                siblings.insert((view, ""), at: at)
                let keys = Dictionary(uniqueKeysWithValues: edits.map { ($0.view, ValueText.decode($0.value!)!.string!) })
                siblings = siblings.map { ($0.view, keys[$0.view] ?? $0.order) }
            }
        }
        #expect(zip(siblings, siblings.dropFirst()).allSatisfy { $0.order < $1.order })
        #expect(siblings.allSatisfy { $0.order.utf8.count <= FractionalIndex.rebalanceLength })
        #expect(rebalances >= 1 || position == 0)
        #expect(rebalances < 100, "\(rebalances) rebalances")
    }

    /// A rebalance is ordinary order edits, so one made concurrently with an insert elsewhere
    /// merges: every view keeps a place, and both replicas agree.
    @Test func rebalanceMergesLikeAnyEdit() throws {
        var one = Author(1), two = Author(2)
        var base = DocumentState()
        let ids = (0..<200).map { "v\($0)" }
        let start = one.changes(EditPlanner.edits(toMatch: try Self.flat(ids), from: base, orderSuffix: one.suffix))
        for change in start { base.apply(change) }
        // Site one piles inserts at index 1 until it rebalances; site two appends one view.
        var left = base
        var leftChanges: [Change] = []
        var step = 0
        while leftChanges.count < 300 {
            let siblings = try materialize(left).spec.views.dropFirst().map { ($0.id, Self.order(left, $0.id)) }
            let view = "p\(step)"
            step += 1
            var edits = [Edit(view: view, property: .alive, value: "true"), Edit(view: view, property: .kind, value: ValueText.string("label")),
                         Edit(view: view, property: .parent, value: ValueText.string("root"))]
            edits += EditPlanner.place(view, at: 1, among: siblings, suffix: one.suffix)
            let changes = one.changes(edits)
            for change in changes { left.apply(change) }
            leftChanges += changes
        }
        var right = base
        let siblings = try materialize(right).spec.views.dropFirst().map { ($0.id, Self.order(right, $0.id)) }
        let added = two.changes([Edit(view: "tail", property: .alive, value: "true"), Edit(view: "tail", property: .kind, value: ValueText.string("label")),
                                 Edit(view: "tail", property: .parent, value: ValueText.string("root"))]
                                + EditPlanner.place("tail", at: siblings.count, among: siblings, suffix: two.suffix))
        for change in added { right.apply(change) }
        for change in leftChanges { right.apply(change) }
        for change in added { left.apply(change) }
        let merged = try materialize(left).spec.views.map(\.id)
        #expect(merged == (try materialize(right).spec.views.map(\.id)))
        #expect(merged.count == 1 + 200 + step + 1)
        #expect(Set(merged).count == merged.count)
    }

    /// Two siblings holding one key (a restore can bring a view back with a key a later add
    /// took): a view placed between them, by `add`/`mv` or by an apply, lands between them.
    @Test func viewsGoBetweenSiblingsHoldingOneKey() throws {
        var author = Author(1)
        var state = DocumentState()
        author.apply(try Self.flat(["a", "b"]), to: &state)
        for change in author.changes([Edit(view: "b", property: .order, value: ValueText.string(Self.order(state, "a")))]) {
            state.apply(change)
        }
        #expect(Self.order(state, "a") == Self.order(state, "b"))

        var placed = state
        let siblings = [("a", Self.order(state, "a")), ("b", Self.order(state, "b"))]
        let edits = [Edit(view: "x", property: .alive, value: "true"), Edit(view: "x", property: .kind, value: ValueText.string("label")),
                     Edit(view: "x", property: .parent, value: ValueText.string("root"))]
            + EditPlanner.place("x", at: 1, among: siblings, suffix: author.suffix)
        for change in author.changes(edits) { placed.apply(change) }
        #expect(try materialize(placed).spec.views.map(\.id) == ["root", "a", "x", "b"])

        var applied = state
        author.apply(try Self.flat(["a", "x", "b"]), to: &applied)
        #expect(try materialize(applied).spec.views.map(\.id) == ["root", "a", "x", "b"])
        // Applying the same file again changes nothing.
        #expect(author.apply(try Self.flat(["a", "x", "b"]), to: &applied).isEmpty)
    }

    @Test func commitCheckRefusesWhatReceiversRefuse() {
        #expect(Change.problem(view: "v", property: .order, value: ValueText.string(String(repeating: "V", count: PropertyType.maxOrderKeyLength + 1))) != nil)
        #expect(Change.problem(view: "v", property: .order, value: ValueText.string("V0001")) == nil)
        #expect(Change.problem(view: "bad id!", property: .width, value: "1") != nil)
        #expect(Change.problem(view: "v", property: .width, value: "not json{") != nil)
        #expect(Change.problem(view: "v", property: .width, value: "-1") != nil)
        #expect(Change.problem(view: "v", property: .parent, value: "null") == nil)
        #expect(Change.problem(view: "v", property: .text, value: nil) == nil)
        // Bounds a hub holds too: a value over 1 MiB of JSON (a text of control characters
        // escapes to six bytes each), a message or author over 1 MiB.
        let escaped = ValueText.string(String(repeating: "\u{1}", count: 200_000))
        #expect(escaped.utf8.count > Change.maxValueBytes)
        #expect(Change.problem(view: "v", property: .text, value: escaped) != nil)
        #expect(Change.headerProblem(message: String(repeating: "m", count: Change.maxHeaderTextBytes + 1), author: "a") != nil)
        #expect(Change.headerProblem(message: "fine", author: "a") == nil)
    }
}
