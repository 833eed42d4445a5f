import LayoutSpec
import SpecSync
import Testing

/// Moves that would close a cycle are skipped, whichever way the replay takes them, also when a
/// move's view is new (it has no children of its own, except through a parent named before it).
@Suite struct TreeResolutionTests {
    static let site = SiteID(high: 1, low: 2)

    static func move(_ view: String, under parent: String?, at seq: Int64) -> TreeResolution.Move {
        TreeResolution.Move(view: view, parent: parent.map { "\"\($0)\"" } ?? "null",
                            stamp: Stamp(hlc: Timestamp(milliseconds: 1_000, counter: 0), site: site, seq: seq))
    }

    /// The effective parent of each view after `moves` on an empty document, both ways.
    static func parents(_ moves: [TreeResolution.Move]) -> (advanced: [String: String?], replayed: [String: String?]) {
        var state = DocumentState()
        for move in moves { state.apply(view: move.view, property: .parent, DocumentState.Entry(value: move.parent, stamp: move.stamp)) }
        var advanced = TreeResolution()
        advanced.advance(with: moves, from: DocumentState())
        let replayed = TreeResolution.replay(moves)
        func effective(_ tree: TreeResolution) -> [String: String?] {
            var resolved = state
            tree.apply(to: &resolved)
            return Dictionary(uniqueKeysWithValues: resolved.views.map { view, _ in
                (view, ValueText.stringValue(resolved.value(view, .parent)))
            })
        }
        return (effective(advanced), effective(replayed))
    }

    @Test func aViewAddedUnderItsOwnChildIsSkipped() {
        // b is put under a before a exists; then a under b would close a loop.
        let result = Self.parents([Self.move("b", under: "a", at: 1), Self.move("a", under: "b", at: 2)])
        #expect(result.advanced == result.replayed)
        #expect(result.advanced["b"] == "a")
    }

    @Test func aViewUnderItselfIsSkipped() {
        let result = Self.parents([Self.move("a", under: nil, at: 1), Self.move("a", under: "a", at: 2)])
        #expect(result.advanced == result.replayed)
        #expect(result.advanced["a"] == .some(nil))
    }

    @Test func aChildNamedInTheStateBeforeIsFoundForANewView() {
        // The state already holds x under v, where v has no entry: v's add under x is a loop.
        var before = DocumentState()
        let first = Self.move("x", under: "v", at: 1)
        before.apply(view: "x", property: .parent, DocumentState.Entry(value: first.parent, stamp: first.stamp))
        var tree = TreeResolution()
        tree.advance(with: [first], from: DocumentState())
        // Taken wrongly, v under x would make the move of x under v (no longer a loop once v's
        // move is skipped) look like one, and x would keep its old parent entry as an override.
        tree.advance(with: [Self.move("v", under: "x", at: 2), Self.move("x", under: "v", at: 3)], from: before)
        #expect(tree.overrides.isEmpty)
    }

    @Test func aLongChainResolvesWithEveryParentKept() {
        let moves = [Self.move("v0", under: nil, at: 1)] + (1..<5_000).map { Self.move("v\($0)", under: "v\($0 - 1)", at: Int64($0 + 1)) }
        let result = Self.parents(moves + [Self.move("v0", under: "v4999", at: 6_000)])
        #expect(result.advanced == result.replayed)
        #expect(result.advanced["v4999"] == "v4998")
        #expect(result.advanced["v0"] == .some(nil))
    }
}
