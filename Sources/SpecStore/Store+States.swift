import LayoutSpec
import SpecSync

extension Store {
    /// Fewest changes between two snapshots of a document.
    static let minimumSnapshotInterval: Int64 = 1_000

    /// The state of any version: the head from the `heads` table, any other version from the
    /// nearest snapshot it includes plus a replay of the changes in between. A snapshot is taken
    /// whenever the changes since the last one reach half the document's size, so a read costs
    /// about the size of the document, not the length of its history.
    ///
    /// The `parent` entries are the effective ones: where concurrent moves would have made a
    /// cycle, the moves are replayed in stamp order and the offending ones skipped
    /// (`TreeResolver`).
    public func state(of version: VersionRecord) throws -> DocumentState {
        try database.readTransaction {
            let documentID = try requireDocument(version.document)
            let head = try database.scalar("SELECT head FROM documents WHERE id = ?", [.integer(documentID)])?.integer
            var state: DocumentState
            if head == version.rowID {
                state = try headState(documentID: documentID)
            } else {
                let (snapshot, base) = try nearestSnapshot(documentID: documentID, version: version)
                state = snapshot
                try replay(documentID: documentID, from: base, to: version.vector, into: &state)
            }
            try resolveTree(&state, documentID: documentID, vector: version.vector)
            return state
        }
    }

    /// Applies tree resolution when more than one site wrote to the document.
    func resolveTree(_ state: inout DocumentState, documentID: Int64, vector: VersionVector) throws {
        guard vector.entries.count > 1 else { return }
        var moves: [TreeResolver.Move] = []
        try database.query("""
            SELECT site, seq, hlc, view, value FROM changes WHERE document = ? AND property = 'parent'
            """, [.integer(documentID)]) { row in
            let site = site(numbered: row.int64(0))
            let seq = row.int64(1)
            guard vector.includes(site: site, seq: seq) else { return }
            let stamp = Stamp(hlc: Timestamp(rawValue: UInt64(bitPattern: row.int64(2))), site: site, seq: seq)
            moves.append(TreeResolver.Move(view: row.text(3) ?? "", parent: row.text(4), stamp: stamp))
        }
        TreeResolver.resolve(&state, moves: moves)
    }

    /// The head state of a document: every property's winning change.
    func headState(documentID: Int64) throws -> DocumentState {
        let size = try database.scalar("SELECT snapshot_size FROM documents WHERE id = ?", [.integer(documentID)])?.integer ?? 0
        var state = DocumentState(capacity: Int(size / 8))
        try forEachHead(documentID: documentID) { view, property, entry, _ in
            state.apply(view: view, property: property, entry)
        }
        return state
    }

    /// Every row of a document's head state, with the writer's local site number. Rows come
    /// sorted by view, so runs of one view share one string.
    func forEachHead(documentID: Int64, _ body: (String, Property, DocumentState.Entry, Int64) throws -> Void) throws {
        var view = ""
        var propertyName = ""
        let statement = try database.statement("SELECT view, property, value, hlc, site, seq FROM heads WHERE document = ?")
        try statement.bind(documentID, at: 1)
        while try statement.step() {
            view = statement.text(0, reusing: view)
            propertyName = statement.text(1, reusing: propertyName)
            guard let property = Property.named(propertyName) else { continue }
            let siteNumber = statement.int64(4)
            let stamp = Stamp(hlc: Timestamp(rawValue: UInt64(bitPattern: statement.int64(3))), site: site(numbered: siteNumber), seq: statement.int64(5))
            try body(view, property, DocumentState.Entry(value: statement.text(2), stamp: stamp), siteNumber)
        }
    }

    /// The latest snapshot whose vector `version` includes, or an empty state.
    private func nearestSnapshot(documentID: Int64, version: VersionRecord) throws -> (DocumentState, VersionVector) {
        var found: (DocumentState, VersionVector)?
        try database.query("""
            SELECT s.state, v.vector FROM snapshots s JOIN versions v ON v.id = s.version
            WHERE s.document = ? AND v.number <= ? ORDER BY v.number DESC
            """, [.integer(documentID), .integer(Int64(version.number))]) { row in
            guard found == nil, let vector = VersionVector(encoded: row.blob(1)), vector.isIncluded(in: version.vector) else { return }
            guard let state = StateSnapshot.decode(row.blob(0)) else {
                throw StoreError.corrupt(path: path, detail: "a snapshot of document \(documentID) cannot be read")
            }
            found = (state, vector)
        }
        return found ?? (DocumentState(), VersionVector())
    }

    /// Folds into `state` the document's changes that `target` includes and `base` does not.
    private func replay(documentID: Int64, from base: VersionVector, to target: VersionVector, into state: inout DocumentState) throws {
        for (site, upper) in target.sorted where upper > base[site] {
            guard let number = try siteNumber(site) else { continue }
            try database.query("""
                SELECT seq, hlc, view, property, value FROM changes
                WHERE document = ? AND site = ? AND seq > ? AND seq <= ?
                """, [.integer(documentID), .integer(number), .integer(base[site]), .integer(upper)]) { row in
                guard let property = row.text(3).flatMap(Property.named) else { return }
                let stamp = Stamp(hlc: Timestamp(rawValue: UInt64(bitPattern: row.int64(1))), site: site, seq: row.int64(0))
                state.apply(view: row.text(2) ?? "", property: property, DocumentState.Entry(value: row.text(4), stamp: stamp))
            }
        }
    }

    func siteNumber(_ site: SiteID) throws -> Int64? {
        try database.scalar("SELECT id FROM sites WHERE uuid = ?", [.blob(site.bytes)])?.integer
    }

    /// Takes a snapshot of the document at `versionRowID` (whose state `rawState` gives, as a
    /// raw last-writer-wins fold) when enough changes have piled up since the last one.
    func snapshotIfDue(documentID: Int64, versionRowID: Int64, rawState: () throws -> DocumentState) throws {
        var size: Int64 = 0, since: Int64 = 0
        try database.query("SELECT snapshot_size, since_snapshot FROM documents WHERE id = ?", [.integer(documentID)]) { row in
            size = row.int64(0)
            since = row.int64(1)
        }
        guard since >= max(Store.minimumSnapshotInterval, size / 2) else { return }
        let state = try rawState()
        try database.run("INSERT OR REPLACE INTO snapshots (version, document, state) VALUES (?, ?, ?)",
                         [.integer(versionRowID), .integer(documentID), .blob(StateSnapshot.encode(state))])
        try database.run("UPDATE documents SET snapshot_size = ?, since_snapshot = 0 WHERE id = ?",
                         [.integer(Int64(state.count)), .integer(documentID)])
    }
}
