import LayoutSpec

/// What merging versions into one document made: the new head, its tree, what was lost.
public struct DocumentOutcome: Sendable {
    public let document: String
    /// True when the document was not here before.
    public let isNew: Bool
    /// The new head: the last-writer-wins fold of every change the document's versions include.
    public var state: DocumentState
    /// The head before the merge (sharing its unchanged views with `state`).
    public let previous: DocumentState
    /// The views a folded change touched.
    let touched: Set<String>
    /// The tree replay of `state`.
    public var tree: TreeResolution
    /// The union of the document's version vectors.
    public var known: VersionVector
    /// Concurrent property writes that lost.
    public var propertyConflicts: [Conflict]
    /// Work that left the document (or a move skipped) because of concurrent work.
    public var structuralConflicts: [StructuralConflict]
    /// Every loss of the new head, when known (to keep for the next merge: `HeldHead.losses`).
    public var losses: [Loss]?
    /// The version the head is now.
    public var head: HeadDecision

    /// The keys whose head entry changed (the store rewrites only these): read off the touched
    /// views as the store writes them, never held as a set of every key (a new document's
    /// keys are all its entries).
    public var written: some Sequence<PropertyKey> {
        let state = self.state, previous = self.previous
        return touched.lazy.flatMap { view in
            (state.views[view] ?? ViewState()).lazy.filter { previous.entry(view, $0.0) != $0.1 }.map { PropertyKey(view: view, property: $0.0) }
        }
    }

    /// The new head resolved, as readers see it: made on use (the merge's own, made to classify
    /// losses, is let go before the store writes the outcome).
    public var resolved: ResolvedDocument { ResolvedDocument(name: document, raw: state, tree: tree) }
}

/// Which version a document's head is after a merge.
public enum HeadDecision: Sendable, Equatable {
    /// A version that is here (or was applied in this merge) has exactly the merged vector.
    case existing(VersionID)
    /// No version has it: a merge version with this id is made (`Version.mergeID`).
    case merge(VersionID)
}

/// The fold of one document's versions into its head, step by step.
struct DocumentMerge {
    let document: String
    let held: HeldHead?
    let payloads: [VersionPayload]
    let vectors: BatchVectors

    /// Folds the payloads (already in apply order), updates the tree replay, classifies what was
    /// lost, and decides the head version.
    func run(holdings: some MergeHoldings) throws -> DocumentOutcome {
        let old = held?.state ?? DocumentState()
        var state = old
        var conflicts: [Conflict] = []
        var moves: [TreeResolution.Move] = []
        var structural = false
        var known = held?.known ?? VersionVector()
        var touched = Set<String>()
        for payload in payloads {
            let seen = payload.version.vector
            known = known.union(seen)
            let changes = payload.changes
            for (index, change) in changes.enumerated() {
                if index == 0 || changes.view(at: index - 1) != change.view {
                    // A version's changes come side by side by view: each run is noted once.
                    touched.insert(change.view)
                    if state.views[change.view] == nil {
                        // A view new to the head: its entries are allocated once (a clone's head
                        // is mostly these).
                        var end = index + 1
                        while end < changes.count, changes.view(at: end) == change.view { end += 1 }
                        state.reserve(newView: change.view, entries: end - index)
                    }
                }
                if change.property.isStructural { structural = true }
                if change.property == .parent { moves.append(TreeResolution.Move(view: change.view, parent: change.value, stamp: change.stamp)) }
                let previous = state.apply(change)
                let wins = previous.map { MergeRule.wins(change.stamp, over: $0.stamp) } ?? true
                guard let previous, previous.value != change.value, !seen.includes(site: previous.stamp.site, seq: previous.stamp.seq),
                      let previousSeen = try seenVector(previous.stamp, holdings: holdings),
                      MergeRule.areConcurrent(change.stamp, seen: seen, previous.stamp, seen: previousSeen) else { continue }
                let incoming = Conflict.Side(value: change.value, stamp: change.stamp)
                let current = Conflict.Side(value: previous.value, stamp: previous.stamp)
                conflicts.append(Conflict(view: change.view, property: change.property.rawValue,
                                          winner: wins ? incoming : current, loser: wins ? current : incoming))
            }
        }
        let oldTree = held?.tree ?? TreeResolution()
        var tree = oldTree
        if held?.tree == nil, let held {
            tree = TreeResolution.replay(try holdings.moves(of: document, within: held.known) + moves)
        } else if tree.canAdvance(with: moves) {
            tree.advance(with: moves, from: old)
        } else {
            tree = TreeResolution.replay(try holdings.moves(of: document, within: held?.known ?? VersionVector()) + moves)
        }
        let seen: LossClassifier.Seen = { stamp in try seenVector(stamp, holdings: holdings) }
        let newResolved = Resolved(raw: state, tree: tree)
        var lostNow: [StructuralConflict] = []
        var losses: [Loss]?
        if structural || tree != oldTree {
            let before = old.views.isEmpty ? [] : try held?.losses ?? Resolved(raw: old, tree: oldTree).losses(seen: seen)
            let after = try newResolved.losses(seen: seen)
            lostNow = LossClassifier.newConflicts(old: before, new: after)
            losses = after
        } else {
            // Nothing moved, died or changed kind: only the new changes can be newly lost.
            let batch = Set(payloads.map { BatchVectors.VersionKey(site: $0.site, hlc: $0.hlc) })
            let found = try newResolved.losses(views: touched, seen: seen)
                .filter { batch.contains(BatchVectors.VersionKey(site: $0.stamp.site, hlc: $0.stamp.hlc)) }
            lostNow = LossClassifier.conflicts(found)
            losses = held?.losses.map { kept in kept.filter { state.entry($0.view, $0.property)?.stamp == $0.stamp } + found }
        }
        return DocumentOutcome(
            document: document, isNew: held == nil, state: state, previous: old, touched: touched, tree: tree, known: known,
            propertyConflicts: conflicts, structuralConflicts: lostNow, losses: losses,
            head: try decideHead(known: known, holdings: holdings))
    }

    /// The version whose vector is everything known, or the merge version to make.
    func decideHead(known: VersionVector, holdings: some MergeHoldings) throws -> HeadDecision {
        if let match = payloads.last(where: { $0.version.vector == known }) { return .existing(match.id) }
        if let held = try holdings.version(of: document, vector: known) { return .existing(held) }
        let merge = Version.mergeID(document: document, vector: known)
        return try holdings.holds(merge) ? .existing(merge) : .merge(merge)
    }

    func seenVector(_ stamp: Stamp, holdings: some MergeHoldings) throws -> VersionVector? {
        if let vector = vectors.vector(site: stamp.site, seq: stamp.seq) { return vector }
        return try holdings.seenVector(site: stamp.site, seq: stamp.seq)
    }
}

/// A state with its tree resolved, as the loss classifier reads it.
struct Resolved {
    let effective: DocumentState
    let projection: Projection
    let skipped: [String: DocumentState.Entry]

    init(raw: DocumentState, tree: TreeResolution) {
        var effective = raw
        tree.apply(to: &effective)
        self.effective = effective
        projection = Projection(effective)
        var skipped: [String: DocumentState.Entry] = [:]
        for view in tree.overrides.keys { if let entry = raw.entry(view, .parent) { skipped[view] = entry } }
        self.skipped = skipped
    }

    func losses(views: Set<String>? = nil, seen: @escaping LossClassifier.Seen) throws -> [Loss] {
        try LossClassifier.losses(in: effective, projection: projection, skipped: skipped, views: views, seen: seen)
    }

    func document(_ name: String) -> ResolvedDocument {
        ResolvedDocument(name: name, effective: effective, projection: projection)
    }
}

/// The vectors of the versions applied in one merge, by site and seq range.
struct BatchVectors {
    struct VersionKey: Hashable { let site: SiteID; let hlc: Timestamp }
    private var ranges: [SiteID: [(first: Int64, last: Int64, vector: VersionVector)]] = [:]

    init(_ payloads: [VersionPayload]) {
        for payload in payloads { ranges[payload.site, default: []].append((payload.firstSeq, payload.lastSeq, payload.version.vector)) }
        for site in ranges.keys { ranges[site]!.sort { $0.first < $1.first } }
    }

    func vector(site: SiteID, seq: Int64) -> VersionVector? {
        guard let list = ranges[site] else { return nil }
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].last < seq { low = middle + 1 } else { high = middle }
        }
        return low < list.count && list[low].first <= seq ? list[low].vector : nil
    }
}
