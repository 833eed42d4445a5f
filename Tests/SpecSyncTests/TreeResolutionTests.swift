import LayoutSpec
import SeededRandom
import SpecSync
import Testing

/// The move replay against the plain rule it implements: every `parent` change in stamp order,
/// skipped when it would put a view under itself, the cycle checked by walking up from the new
/// parent every time. The replay skips that walk for a view that has no children, and must
/// agree on random moves, many of which would loop, and on deep chains; so must a replay
/// continued (`advance`) from any point, also where a move's view is new (it has no children
/// of its own, except through a parent named before it).
@Suite struct TreeResolutionTests {
    static let site = SiteID(high: 1, low: 2)

    /// Each view's parent when every move is checked by the walk.
    static func reference(_ moves: [TreeResolution.Move]) -> [String: String?] {
        var parentOf: [String: String] = [:], placed: [String: String?] = [:]
        for move in moves.sorted(by: { $0.stamp < $1.stamp }) {
            let target = ValueText.stringValue(move.parent)
            if let target {
                var current: String? = target, loops = false
                while let id = current {
                    if id == move.view { loops = true; break }
                    current = parentOf[id]
                }
                if loops { continue }
            }
            parentOf[move.view] = target
            placed[move.view] = target
        }
        return placed
    }

    /// Each moved view's parent in effect by a resolution: its override, else its latest move.
    static func parents(_ tree: TreeResolution, _ moves: [TreeResolution.Move]) -> [String: String?] {
        var latest: [String: TreeResolution.Move] = [:]
        for move in moves.sorted(by: { $0.stamp < $1.stamp }) { latest[move.view] = move }
        var placed: [String: String?] = [:]
        for (view, move) in latest {
            // (Not `overrides[view]?.value ?? …`: that reads an override to the root as none.)
            let value: String? = if let override = tree.overrides[view] { override.value } else { move.parent }
            // A view whose every move was skipped has none in effect.
            if tree.overrides[view] == nil, Self.reference(moves)[view] == nil { continue }
            placed[view] = ValueText.stringValue(value)
        }
        return placed
    }

    /// Random moves as stores make them: a view is added (its first move) under a view already
    /// placed or as a root; later moves go anywhere placed, itself and its descendants included.
    static func moves(_ seed: UInt64, count: Int, views: Int) -> [TreeResolution.Move] {
        var random = SeededGenerator(seed: seed)
        var placed: [String] = []
        return (0..<count).map { index in
            let view = "v\(Int.random(in: 0..<views, using: &random))"
            let candidates = placed.contains(view) ? placed : placed.filter { $0 != view }
            let parent = candidates.isEmpty || Int.random(in: 0..<10, using: &random) == 0 ? nil : candidates.randomElement(using: &random)
            if !placed.contains(view) { placed.append(view) }
            return TreeResolution.Move(view: view, parent: parent.map { ValueText.encode(.string($0)) },
                                       stamp: Stamp(hlc: Timestamp(rawValue: UInt64(index + 1)), site: Self.site, seq: Int64(index + 1)))
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func theReplayAgreesWithTheWalkEveryTime(_ seed: UInt64) {
        for views in [3, 8, 40] {
            let moves = Self.moves(seed &* 31 &+ UInt64(views), count: 200, views: views)
            #expect(Self.parents(TreeResolution.replay(moves), moves) == Self.reference(moves), "seed \(seed), \(views) views")
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func aReplayContinuedFromAnyPointAgrees(_ seed: UInt64) {
        let moves = Self.moves(seed, count: 120, views: 12)
        for cut in stride(from: 0, through: moves.count, by: 17) {
            var tree = TreeResolution.replay(Array(moves[..<cut]))
            var state = DocumentState()
            for move in moves[..<cut] { _ = state.apply(view: move.view, property: .parent, DocumentState.Entry(value: move.parent, stamp: move.stamp)) }
            tree.advance(with: Array(moves[cut...]), from: state)
            #expect(Self.parents(tree, moves) == Self.reference(moves), "seed \(seed), cut at \(cut)")
        }
    }

    /// A chain of views, each the only child of the one before, added in one version, then its
    /// first view moved under its last (skipped: a loop).
    @Test func aDeepChainIsPlacedAndItsLoopSkipped() {
        let depth = 20_000
        func stamp(_ index: Int) -> Stamp {
            Stamp(hlc: Timestamp(rawValue: UInt64(index + 1)), site: Self.site, seq: Int64(index + 1))
        }
        var moves: [TreeResolution.Move] = []
        for index in 0..<depth {
            let parent: String? = index == 0 ? nil : ValueText.encode(.string("v\(index - 1)"))
            moves.append(TreeResolution.Move(view: "v\(index)", parent: parent, stamp: stamp(index)))
        }
        moves.append(TreeResolution.Move(view: "v0", parent: ValueText.encode(.string("v\(depth - 1)")), stamp: stamp(depth)))
        let tree = TreeResolution.replay(moves)
        #expect(tree.overrides["v0"]?.value == nil && tree.overrides["v0"] != nil, "the loop was skipped: v0 stays the root")
        #expect(tree.overrides.count == 1)
    }

    // Cycles through views that are new, or that the state names as parents without holding.

    static func move(_ view: String, under parent: String?, at seq: Int64) -> TreeResolution.Move {
        TreeResolution.Move(view: view, parent: parent.map { "\"\($0)\"" } ?? "null",
                            stamp: Stamp(hlc: Timestamp(milliseconds: 1_000, counter: 0), site: site, seq: seq))
    }

    /// The effective parent of each view after `moves` on an empty document, both ways.
    static func bothWays(_ moves: [TreeResolution.Move]) -> (advanced: [String: String?], replayed: [String: String?]) {
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
        let result = Self.bothWays([Self.move("b", under: "a", at: 1), Self.move("a", under: "b", at: 2)])
        #expect(result.advanced == result.replayed)
        #expect(result.advanced["b"] == "a")
    }

    @Test func aViewUnderItselfIsSkipped() {
        let result = Self.bothWays([Self.move("a", under: nil, at: 1), Self.move("a", under: "a", at: 2)])
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
}
