import LayoutSpec

/// A version made here (a write command): its payload, the head it leads to, and what it
/// reveals as lost. Pure, like `Merge`; the store writes the outcome.
public enum LocalCommit {
    /// What committing made.
    public struct Outcome: Sendable {
        public let payload: VersionPayload
        /// The new head state (last-writer-wins) and its tree.
        public let state: DocumentState
        public let tree: TreeResolution
        /// Losses the new head has and the old had not. A write never loses anything itself
        /// (its author saw everything), but undoing a delete can uncover work an older
        /// concurrent delete had cut off.
        public let structuralConflicts: [StructuralConflict]
        /// Every loss of the new head, when known (`HeldHead.losses`).
        public let losses: [Loss]?
        let document: String
        /// The new head resolved when the losses needed it (structural edits).
        let prepared: Resolved?

        /// The new head resolved, as readers see it (made on first use: a store writing the
        /// version needs the state and tree only).
        public var resolved: ResolvedDocument {
            prepared?.document(document) ?? ResolvedDocument(name: document, raw: state, tree: tree)
        }
    }

    /// Makes the version of `edits` (one clock reading `hlc`, seqs from `firstSeq`) on top of
    /// `held` (`nil` for a new document).
    /// `edits` is let go once the payload is made: a new document's edits are as many as its
    /// entries, and are not held beside the changes and the state made from them.
    public static func make(document: String, edits: consuming some Collection<Edit>, held: HeldHead?, site: SiteID, firstSeq: Int64, hlc: Timestamp,
                            time: Int64, message: String, author: String, holdings: some MergeHoldings) throws -> Outcome {
        precondition(!edits.isEmpty, "a version holds at least one change")
        let old = held?.state ?? DocumentState()
        let oldTree: TreeResolution
        if let tree = held?.tree {
            oldTree = tree
        } else if let held {
            oldTree = TreeResolution.replay(try holdings.moves(of: document, within: held.known))
        } else {
            oldTree = TreeResolution()
        }
        let base = held?.known ?? VersionVector()
        let payload = if let reordered = orderedForReplay(edits, old: old, tree: oldTree) {
            Self.payload(document: document, edits: reordered, base: base, site: site, firstSeq: firstSeq, hlc: hlc, time: time,
                         message: message, author: author)
        } else {
            Self.payload(document: document, edits: edits, base: base, site: site, firstSeq: firstSeq, hlc: hlc, time: time,
                         message: message, author: author)
        }
        _ = consume edits
        let changes = payload.changes, vector = payload.version.vector

        var state = old
        var moves: [TreeResolution.Move] = []
        for (index, change) in changes.enumerated() {
            if index == 0 || changes.view(at: index - 1) != change.view, state.views[change.view] == nil {
                // A view new to the head, its changes side by side (as edits are, by view): its
                // entries are allocated once, at their size (a new document's head is all these).
                var end = index + 1
                while end < changes.count, changes.view(at: end) == change.view { end += 1 }
                state.reserve(newView: change.view, entries: end - index)
            }
            state.apply(change)
            if change.property == .parent { moves.append(TreeResolution.Move(view: change.view, parent: change.value, stamp: change.stamp)) }
        }
        var tree = oldTree
        // The clock is past everything this store has seen, so these moves come last.
        tree.advance(with: moves, from: old)

        var lost: [StructuralConflict] = []
        var losses: [Loss]?
        var resolved: Resolved?
        if changes.contains(where: { $0.property == .alive || $0.property == .parent || $0.property == .kind }), !old.views.isEmpty {
            let seen: LossClassifier.Seen = { stamp in
                stamp.site == site && stamp.seq >= firstSeq ? vector : try holdings.seenVector(site: stamp.site, seq: stamp.seq)
            }
            let before = try held?.losses ?? Resolved(raw: old, tree: oldTree).losses(seen: seen)
            let now = Resolved(raw: state, tree: tree)
            let after = try now.losses(seen: seen)
            resolved = now
            lost = LossClassifier.newConflicts(old: before, new: after)
            losses = after
        } else {
            // Property edits of views in the document lose nothing, and replace no lost entry.
            losses = old.views.isEmpty ? [] : held?.losses.map { kept in kept.filter { state.entry($0.view, $0.property)?.stamp == $0.stamp } }
        }
        return Outcome(payload: payload, state: state, tree: tree, structuralConflicts: lost, losses: losses, document: document, prepared: resolved)
    }

    /// What committing made without the whole head: the payload and the tree.
    public struct LightOutcome: Sendable {
        public let payload: VersionPayload
        public let tree: TreeResolution
    }

    /// True when `edits` can be committed without the whole head (`makeLight`): they cannot
    /// uncover an earlier loss (no view that exists comes back to life or changes kind) and move
    /// at most one view. `existing` tells whether a view has any entry in the head.
    public static func isLight(_ edits: some Collection<Edit>, existing: (String) throws -> Bool) rethrows -> Bool {
        var moves = 0
        for edit in edits {
            switch edit.property {
            case .alive where edit.value == "true", .kind:
                if try existing(edit.view) { return false }
            case .parent:
                moves += 1
            default: break
            }
        }
        return moves <= 1
    }

    /// Makes the version of `edits` reading the head through lookups (`isLight` edits): the tree
    /// replay continues through `parentOf` (effective parents) and `entryOf` (last-writer-wins
    /// `parent` entries). A set, add, rm or mv of one view costs that view, not the document.
    public static func makeLight(document: String, edits: some Collection<Edit>, known: VersionVector, tree: TreeResolution, site: SiteID,
                                 firstSeq: Int64, hlc: Timestamp, time: Int64, message: String, author: String,
                                 parentOf: (String) throws -> String?, entryOf: (String) throws -> DocumentState.Entry?) throws -> LightOutcome {
        precondition(!edits.isEmpty, "a version holds at least one change")
        let payload = Self.payload(document: document, edits: edits, base: known, site: site, firstSeq: firstSeq, hlc: hlc, time: time,
                                   message: message, author: author)
        var tree = tree
        let moves = payload.changes.filter { $0.property == .parent }.map { TreeResolution.Move(view: $0.view, parent: $0.value, stamp: $0.stamp) }
        try tree.advance(with: moves, parentOf: parentOf, entryOf: entryOf)
        return LightOutcome(payload: payload, tree: tree)
    }

    /// The version of `edits` on top of `base`: one clock reading `hlc`, seqs from `firstSeq`,
    /// the vector `base` with this site raised to the last seq. Both `make` and `makeLight` make
    /// their payload here.
    static func payload(document: String, edits: some Collection<Edit>, base: VersionVector, site: SiteID, firstSeq: Int64, hlc: Timestamp,
                        time: Int64, message: String, author: String) -> VersionPayload {
        var vector = base
        let lastSeq = firstSeq + Int64(edits.count) - 1
        vector[site] = lastSeq
        var changes = ChangeList(document: document, site: site, hlc: hlc, firstSeq: firstSeq, capacity: edits.count)
        for edit in edits { changes.append(view: edit.view, property: edit.property, value: edit.value) }
        let version = Version(document: document, vector: vector, kind: .commit, message: message, author: author, time: time)
        return VersionPayload(version: version, site: site, firstSeq: firstSeq, lastSeq: lastSeq, hlc: hlc, base: base, changes: changes)
    }

    /// The edits with the moves last, a parent's before its children's (by depth in the tree
    /// the edits make): the replay applies one version's moves in seq order, and a child moved
    /// before its new parent is in place could meet a loop that the finished tree does not have.
    /// When no moved view has a parent yet (views being added, a new document), every order
    /// only adds edges of the finished tree, so the edits stay as they are (`nil`). Reads the old tree
    /// through lookups (the state's `parent` entries, the replay's overrides): no copy of it.
    static func orderedForReplay(_ edits: some Collection<Edit>, old: DocumentState, tree: TreeResolution) -> [Edit]? {
        func oldParent(_ view: String) -> String? {
            if let entry = tree.overrides[view] { return ValueText.stringValue(entry.value) }
            return ValueText.stringValue(old.value(view, .parent))
        }
        var moveCount = 0
        var reparents = false
        for edit in edits where edit.property == .parent {
            moveCount += 1
            if !reparents && oldParent(edit.view) != nil { reparents = true }
        }
        guard moveCount > 1, reparents else { return nil }
        var parents: [String: String?] = [:]
        parents.reserveCapacity(moveCount)
        for edit in edits where edit.property == .parent { parents[edit.view] = .some(ValueText.stringValue(edit.value)) }
        func parent(_ view: String) -> String? {
            if let moved = parents[view] { return moved }
            return oldParent(view)
        }
        var depths: [String: Int] = [:]
        depths.reserveCapacity(moveCount)
        let bound = parents.count + old.views.count
        func depth(_ view: String) -> Int {
            var path: [String] = []
            var current: String? = view
            var base = 0
            while let id = current {
                if let known = depths[id] { base = known; break }
                if path.count > bound { break }
                path.append(id)
                current = parent(id)
            }
            for (offset, id) in path.reversed().enumerated() { depths[id] = base + offset + 1 }
            return depths[view] ?? base
        }
        var moves: [(edit: Edit, depth: Int)] = []
        moves.reserveCapacity(moveCount)
        var result: [Edit] = []
        result.reserveCapacity(edits.count)
        for edit in edits {
            if edit.property == .parent { moves.append((edit, depth(edit.view))) } else { result.append(edit) }
        }
        moves.sort { ($0.depth, $0.edit.view) < ($1.depth, $1.edit.view) }
        result.append(contentsOf: moves.lazy.map(\.edit))
        return result
    }
}
