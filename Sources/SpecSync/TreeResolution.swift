import LayoutSpec

/// Concurrent moves without cycles (Kleppmann et al. 2021, "A highly-available move operation
/// for replicated trees"): every `parent` change is applied in stamp order, and one that would
/// put a view under itself is skipped. Every replica replays the same changes in the same
/// order, so every replica ends with the same tree, and no cycle can form.
///
/// What a reader needs is kept, not recomputed: the **overrides** (views whose effective parent
/// differs from their last-writer-wins `parent`, because their latest move was skipped) and the
/// greatest stamp replayed. Moves newer than that continue the replay from the current tree
/// (`advance`); only a move older than it, which arrives when concurrent work merges out of
/// order, needs the whole replay again (`replay`).
public struct TreeResolution: Sendable, Equatable {
    /// One `parent` change.
    public struct Move: Sendable, Equatable {
        public let view: String
        /// Canonical JSON: a quoted view id, or `null` for the root.
        public let parent: String?
        public let stamp: Stamp

        public init(view: String, parent: String?, stamp: Stamp) {
            self.view = view
            self.parent = parent
            self.stamp = stamp
        }
    }

    /// For each view whose latest move was skipped, the `parent` entry that is in effect.
    public private(set) var overrides: [String: DocumentState.Entry]
    /// The greatest stamp among the `parent` changes replayed; `nil` before any.
    public private(set) var lastMove: Stamp?

    public init(overrides: [String: DocumentState.Entry] = [:], lastMove: Stamp? = nil) {
        self.overrides = overrides
        self.lastMove = lastMove
    }

    /// Rewrites the `parent` entries of a last-writer-wins state to the effective ones.
    public func apply(to state: inout DocumentState) {
        for (view, entry) in overrides { state.replace(view: view, property: .parent, with: entry) }
    }

    /// True when `moves` all come after everything replayed, so `advance` can take them.
    public func canAdvance(with moves: [Move]) -> Bool {
        guard let lastMove else { return true }
        return moves.allSatisfy { lastMove < $0.stamp }
    }

    /// Continues the replay with `moves`, all newer than `lastMove` (`canAdvance`). `state` is
    /// the last-writer-wins state *before* these moves, read through lookups (its `parent`
    /// entries with the overrides applied). O(moves) for a batch that builds a tree.
    public mutating func advance(with moves: [Move], from state: DocumentState) {
        guard !moves.isEmpty else { return }
        let overrides = self.overrides
        // The parents of the tree before these moves, gathered once and only when a move's
        // view is new to the state (a view the state holds is walked from anyway).
        var parents: Set<String>?
        advance(with: moves, parentOf: { view in
            if let entry = overrides[view] { return ValueText.stringValue(entry.value) }
            return ValueText.stringValue(state.value(view, .parent))
        }, entryOf: { state.entry($0, .parent) }, mayHaveChildren: { view in
            if state.views.contains(view) { return true }
            if parents == nil { parents = TreeResolution.parents(of: state, overrides: overrides) }
            return parents!.contains(view)
        })
    }

    /// Every view some view's `parent` entry (last-writer-wins or in effect) names.
    static func parents(of state: DocumentState, overrides: [String: DocumentState.Entry]) -> Set<String> {
        var parents = Set<String>()
        for (_, entries) in state.views {
            if let parent = entries[.parent].flatMap({ ValueText.stringValue($0.value) }) { parents.insert(parent) }
        }
        for entry in overrides.values {
            if let parent = ValueText.stringValue(entry.value) { parents.insert(parent) }
        }
        return parents
    }

    /// The same, reading the tree before these moves through lookups: `parentOf` gives a
    /// view's effective parent (overrides applied), `entryOf` its last-writer-wins `parent`
    /// entry. A store moves one view without loading the document. `mayHaveChildren` tells
    /// whether a view may have children in that tree (`true` when unknown): a move of a view
    /// without children cannot close a cycle, so it applies without walking the target's
    /// ancestors, and a batch that builds a tree (every view added under one added before)
    /// costs O(moves), not O(moves · depth).
    /// One table of the moved views (their latest move and the one in effect), by index.
    public mutating func advance(with moves: [Move], parentOf: (String) throws -> String?,
                                 entryOf: (String) throws -> DocumentState.Entry?,
                                 mayHaveChildren: (String) throws -> Bool = { _ in true }) rethrows {
        precondition(canAdvance(with: moves), "moves older than the replay need replay(_:)")
        guard !moves.isEmpty else { return }
        // A version's moves come in stamp order already (one clock reading, seqs ascending).
        let inOrder = moves.indices.dropFirst().allSatisfy { moves[$0 - 1].stamp < moves[$0].stamp }
        let moves = inOrder ? moves : moves.sorted { $0.stamp < $1.stamp }
        let targets = moves.map { ValueText.stringValue($0.parent) }
        /// A moved view: the index of its latest move and of the one in effect (-1: none).
        struct Moved { var latest: Int; var kept: Int }
        var moved: [String: Moved] = [:]
        moved.reserveCapacity(moves.count)
        func parent(_ view: String) throws -> String? {
            if let slot = moved[view], slot.kept >= 0 { return targets[slot.kept] }
            return try parentOf(view)
        }
        // The views some move of this batch put a child under.
        var targeted = Set<String>()
        for (index, move) in moves.enumerated() {
            let applies: Bool
            if let target = targets[index] {
                if target == move.view {
                    applies = false
                } else if !targeted.contains(move.view), try !mayHaveChildren(move.view) {
                    applies = true
                } else {
                    applies = try !TreeResolution.createsCycle(moving: move.view, under: target, parentOf: parent)
                }
                if applies { targeted.insert(target) }
            } else {
                applies = true
            }
            if var slot = moved[move.view] {
                slot.latest = index
                if applies { slot.kept = index }
                moved[move.view] = slot
            } else {
                moved[move.view] = Moved(latest: index, kept: applies ? index : -1)
            }
        }
        for (view, slot) in moved {
            if slot.kept >= 0 {
                let kept = moves[slot.kept]
                if slot.kept != slot.latest {
                    overrides[view] = DocumentState.Entry(value: kept.parent, stamp: kept.stamp)
                } else if !overrides.isEmpty {
                    overrides[view] = nil
                }
            } else if overrides[view] == nil {
                // Every new move of the view was skipped: the entry in effect before stays.
                overrides[view] = try entryOf(view)
            }
        }
        let newest = moves[moves.count - 1].stamp
        lastMove = lastMove.map { max($0, newest) } ?? newest
    }

    /// The whole replay of every `parent` change a version includes, in any order.
    public static func replay(_ moves: [Move]) -> TreeResolution {
        let sorted = moves.sorted { $0.stamp < $1.stamp }
        var parentOf: [String: String] = [:]
        var effective: [String: Move] = [:]
        var latest: [String: Move] = [:]
        // The views some replayed move put a child under: a view outside it has no children,
        // so its move cannot close a cycle and needs no walk up the target's ancestors.
        var targeted = Set<String>()
        for move in sorted {
            latest[move.view] = move
            let target = ValueText.stringValue(move.parent)
            if let target {
                if target == move.view { continue }
                if targeted.contains(move.view), createsCycle(moving: move.view, under: target, parentOf: parentOf) { continue }
                targeted.insert(target)
            }
            parentOf[move.view] = target
            effective[move.view] = move
        }
        var overrides: [String: DocumentState.Entry] = [:]
        for (view, move) in latest where effective[view] != move {
            // Every view's first move (its add) has no ancestors to loop through, so it applies.
            if let kept = effective[view] { overrides[view] = DocumentState.Entry(value: kept.parent, stamp: kept.stamp) }
        }
        return TreeResolution(overrides: overrides, lastMove: sorted.last?.stamp)
    }

    /// Whether `view` is `target` or one of `target`'s ancestors.
    static func createsCycle(moving view: String, under target: String, parentOf: [String: String]) -> Bool {
        var current: String? = target
        var steps = 0
        while let id = current {
            if id == view { return true }
            current = parentOf[id]
            steps += 1
            // The map is cycle-free by construction; the bound only guards against misuse.
            if steps > parentOf.count + 1 { return true }
        }
        return false
    }

    static func createsCycle(moving view: String, under target: String, parentOf: (String) throws -> String?) rethrows -> Bool {
        var current: String? = target
        var steps = 0
        var visited = Set<String>()
        while let id = current {
            if id == view { return true }
            // The tree is cycle-free by construction; this only guards against misuse, and only
            // past a depth no real tree has, so an ordinary walk allocates nothing.
            steps += 1
            if steps > 1_000, !visited.insert(id).inserted { return true }
            current = try parentOf(id)
        }
        return false
    }
}
