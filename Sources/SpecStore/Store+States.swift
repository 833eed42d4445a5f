import LayoutSpec
import SpecSync

extension Store {
    /// Fewest changes between two snapshots of a document.
    static let minimumSnapshotInterval: Int64 = 1_000

    /// The state of any version, with its tree resolved (`parent` entries are the effective
    /// ones, `TreeResolution`): the head from its chunks (`head_chunks`) and the head's kept
    /// tree replay; any other version from the
    /// nearest snapshot it includes (with that snapshot's kept tree) plus a replay of the
    /// changes in between. A snapshot is taken whenever the changes since the last one reach
    /// half the document's size, so a read costs about the size of the document, not the
    /// length of its history, however many moves that history holds.
    public func state(of version: VersionRecord) throws -> DocumentState {
        try database.readTransaction {
            let documentID = try requireDocument(version.document)
            let head = try documentTable.head(of: documentID)
            var state: DocumentState
            let tree: TreeResolution
            if head == version.rowID {
                state = try headTable.state(document: documentID)
                tree = try headTree(documentID: documentID)
            } else {
                let snapshot = try nearestSnapshot(documentID: documentID, version: version)
                state = snapshot.state
                let moves = try replay(documentID: documentID, from: snapshot.vector, to: version.vector, into: &state)
                if snapshot.tree.canAdvance(with: moves) {
                    var kept = snapshot.tree
                    kept.advance(with: moves, from: snapshot.state)
                    tree = kept
                } else {
                    // A move older than the snapshot's newest (concurrent work merged out of
                    // order): the document's moves are replayed from the start.
                    tree = TreeResolution.replay(try changeTable.moves(documentID: documentID, within: version.vector))
                }
            }
            tree.apply(to: &state)
            return state
        }
    }

    /// A version's state resolved as every reader sees it: effective state, projection, child
    /// index.
    public func resolved(_ version: VersionRecord) throws -> ResolvedDocument {
        ResolvedDocument(name: version.document, effective: try state(of: version))
    }

    /// The head's kept tree replay.
    func headTree(documentID: Int64) throws -> TreeResolution {
        guard let tree = TreeSnapshot.decode(try documentTable.tree(of: documentID)) else {
            throw StoreError.corrupt(path: path, detail: "the tree of document \(documentID) cannot be read")
        }
        return tree
    }

    /// The latest snapshot whose vector `version` includes, with its kept tree, or an empty state.
    func nearestSnapshot(documentID: Int64, version: VersionRecord) throws -> (state: DocumentState, vector: VersionVector, tree: TreeResolution) {
        guard let chosen = try snapshotTable.nearest(document: documentID, number: version.number, includedIn: version.vector) else {
            return (DocumentState(), VersionVector(), TreeResolution())
        }
        let (state, tree) = try snapshotTable.read(version: chosen.version)
        return (state, chosen.vector, tree ?? TreeResolution())
    }

    /// Folds into `state` the document's changes that `target` includes and `base` does not
    /// (with `views`, only those views' changes); returns their moves.
    func replay(documentID: Int64, from base: VersionVector, to target: VersionVector, views: Set<String>? = nil,
                into state: inout DocumentState) throws -> [TreeResolution.Move] {
        var moves: [TreeResolution.Move] = []
        let filter = views.map(ViewFilter.init)
        for (site, upper) in target.sorted where upper > base[site] {
            guard let number = try sites.number(of: site) else { continue }
            try changeTable.forEachChange(site: number, after: base[site], through: upper, documentID: documentID, views: filter) { change in
                let stamp = Stamp(hlc: change.hlc, site: site, seq: change.seq)
                state.apply(view: change.view, property: change.property, DocumentState.Entry(value: change.value, stamp: stamp))
                if change.property == .parent { moves.append(TreeResolution.Move(view: change.view, parent: change.value, stamp: stamp)) }
            }
        }
        return moves
    }

    /// True when the changes since the document's last snapshot, with `adding` more, call for
    /// a new one: as many as half the last one's entries, and at least
    /// `minimumSnapshotInterval`.
    func snapshotDue(documentID: Int64, adding: Int64 = 0) throws -> Bool {
        let (size, since) = try documentTable.snapshotCounts(of: documentID)
        return since + adding >= max(Store.minimumSnapshotInterval, size / 2)
    }

    /// Takes a snapshot of the document at `versionRowID` (last-writer-wins `state` and its
    /// `tree`) when enough changes have piled up since the last one.
    func snapshotIfDue(documentID: Int64, versionRowID: Int64, state: () throws -> (DocumentState, TreeResolution)) throws {
        guard try snapshotDue(documentID: documentID) else { return }
        let (raw, tree) = try state()
        try snapshotTable.write(version: versionRowID, document: documentID, state: raw, tree: tree)
        try documentTable.snapshotTaken(of: documentID, size: raw.count)
    }
}
