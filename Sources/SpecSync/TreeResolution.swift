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
    /// the last-writer-wins state *before* these moves. O(moves · depth + views).
    public mutating func advance(with moves: [Move], from state: DocumentState) {
        guard !moves.isEmpty else { return }
        var effective = TreeResolution.parents(of: state)
        for (view, entry) in overrides { effective[view] = ValueText.stringValue(entry.value) }
        advance(with: moves, parentOf: { effective[$0] }, entryOf: { state.entry($0, .parent) })
    }

    /// The same, reading the tree before these moves through lookups: `parentOf` gives a
    /// view's effective parent (overrides applied), `entryOf` its last-writer-wins `parent`
    /// entry. O(moves · depth) lookups: a store moves one view without loading the document.
    public mutating func advance(with moves: [Move], parentOf: (String) throws -> String?,
                                 entryOf: (String) throws -> DocumentState.Entry?) rethrows {
        precondition(canAdvance(with: moves), "moves older than the replay need replay(_:)")
        guard !moves.isEmpty else { return }
        var moved: [String: String?] = [:]
        func parent(_ view: String) throws -> String? {
            if let known = moved[view] { return known }
            return try parentOf(view)
        }
        var latest: [String: Move] = [:]
        var inEffect: [String: Move] = [:]
        for move in moves.sorted(by: { $0.stamp < $1.stamp }) {
            latest[move.view] = move
            let target = ValueText.stringValue(move.parent)
            if let target, try TreeResolution.createsCycle(moving: move.view, under: target, parentOf: parent) { continue }
            moved[move.view] = .some(target)
            inEffect[move.view] = move
        }
        for (view, move) in latest {
            if let kept = inEffect[view] {
                overrides[view] = kept == move ? nil : DocumentState.Entry(value: kept.parent, stamp: kept.stamp)
            } else if overrides[view] == nil {
                // Every new move of the view was skipped: the entry in effect before stays.
                overrides[view] = try entryOf(view)
            }
        }
        let newest = moves.map(\.stamp).max()!
        lastMove = lastMove.map { max($0, newest) } ?? newest
    }

    /// The whole replay of every `parent` change a version includes, in any order.
    public static func replay(_ moves: [Move]) -> TreeResolution {
        let sorted = moves.sorted { $0.stamp < $1.stamp }
        var parentOf: [String: String] = [:]
        var effective: [String: Move] = [:]
        var latest: [String: Move] = [:]
        for move in sorted {
            latest[move.view] = move
            let target = ValueText.stringValue(move.parent)
            if let target, createsCycle(moving: move.view, under: target, parentOf: parentOf) { continue }
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

    /// Each view's `parent` as a view id (absent for the root and unparsable values).
    static func parents(of state: DocumentState) -> [String: String] {
        var parents: [String: String] = [:]
        parents.reserveCapacity(state.views.count)
        for (view, properties) in state.views {
            if let parent = ValueText.stringValue(properties[.parent]?.value) { parents[view] = parent }
        }
        return parents
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
        var visited = Set<String>()
        while let id = current {
            if id == view { return true }
            // The tree is cycle-free by construction; this only guards against misuse.
            guard visited.insert(id).inserted else { return true }
            current = try parentOf(id)
        }
        return false
    }
}
