import LayoutSpec

/// Concurrent moves without cycles (Kleppmann et al. 2021, "A highly-available move operation
/// for replicated trees"): apply every `parent` change in stamp order and skip one that would
/// put a view under itself. Every replica replays the same changes in the same order, so every
/// replica ends with the same tree, and no cycle can form.
public enum TreeResolver {
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

    /// True when the moves could have formed a cycle: only concurrent moves from more than
    /// one site can. (A single site checks every move against everything before it.)
    public static func needsReplay(_ moves: [Move]) -> Bool {
        guard let first = moves.first?.stamp.site else { return false }
        return moves.contains { $0.stamp.site != first }
    }

    /// Replays `moves` (any order; sorted here) and rewrites the `parent` entries of `state`
    /// whose effective parent differs from the last-writer-wins one.
    /// - Returns: the views whose move was skipped because it would have made a cycle.
    @discardableResult
    public static func resolve(_ state: inout DocumentState, moves: [Move]) -> [String] {
        guard needsReplay(moves) else { return [] }
        let sorted = moves.sorted { $0.stamp < $1.stamp }
        var parentOf: [String: String] = [:]
        var effective: [String: Move] = [:]
        var skipped = Set<String>()
        for move in sorted {
            let target = move.parent.flatMap { ValueText.decode($0)?.string }
            if let target, createsCycle(moving: move.view, under: target, parentOf: parentOf) {
                skipped.insert(move.view)
                continue
            }
            parentOf[move.view] = target
            effective[move.view] = move
        }
        for (view, move) in effective where state.value(view, .parent) != move.parent {
            state.replace(view: view, property: .parent, with: DocumentState.Entry(value: move.parent, stamp: move.stamp))
        }
        return skipped.sorted()
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
            precondition(steps <= parentOf.count + 1, "parent map has a cycle")
        }
        return false
    }
}
