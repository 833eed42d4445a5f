import LayoutSpec
import SpecSync

extension Store {
    /// Fewest changes between two snapshots of a document.
    static let minimumSnapshotInterval: Int64 = 1_000

    /// The state of any version: the head from the `heads` table, any other version from the
    /// nearest snapshot it includes plus a replay of the changes in between. A snapshot is taken
    /// whenever the changes since the last one reach half the document's size, so a read costs
    /// about the size of the document, not the length of its history.
    public func state(of version: VersionRecord) throws -> DocumentState {
        try database.readTransaction {
            let documentID = try requireDocument(version.document)
            let head = try database.scalar("SELECT head FROM documents WHERE id = ?", [.integer(documentID)])?.integer
            if head == version.rowID { return try headState(documentID: documentID) }
            var (state, base) = try nearestSnapshot(documentID: documentID, version: version)
            try replay(documentID: documentID, from: base, to: version.vector, into: &state)
            return state
        }
    }

    /// The head state of a document: every property's winning change.
    func headState(documentID: Int64) throws -> DocumentState {
        let size = try database.scalar("SELECT snapshot_size FROM documents WHERE id = ?", [.integer(documentID)])?.integer ?? 0
        var state = DocumentState(capacity: Int(size / 8))
        var view = ""
        var propertyName = ""
        let statement = try database.statement("SELECT view, property, value, hlc, site, seq FROM heads WHERE document = ?")
        try statement.bind(documentID, at: 1)
        while try statement.step() {
            view = statement.text(0, reusing: view)
            propertyName = statement.text(1, reusing: propertyName)
            guard let property = Property.named(propertyName) else { continue }
            let stamp = Stamp(hlc: Timestamp(rawValue: UInt64(bitPattern: statement.int64(3))), site: site(numbered: statement.int64(4)), seq: statement.int64(5))
            state.apply(view: view, property: property, DocumentState.Entry(value: statement.text(2), stamp: stamp))
        }
        return state
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
                WHERE site = ? AND seq > ? AND seq <= ? AND document = ?
                """, [.integer(number), .integer(base[site]), .integer(upper), .integer(documentID)]) { row in
                guard let property = row.text(3).flatMap(Property.named) else { return }
                let stamp = Stamp(hlc: Timestamp(rawValue: UInt64(bitPattern: row.int64(1))), site: site, seq: row.int64(0))
                state.apply(view: row.text(2) ?? "", property: property, DocumentState.Entry(value: row.text(4), stamp: stamp))
            }
        }
    }

    func siteNumber(_ site: SiteID) throws -> Int64? {
        try database.scalar("SELECT id FROM sites WHERE uuid = ?", [.blob(site.bytes)])?.integer
    }

    /// Takes a snapshot of the document at the version just written, when enough changes
    /// have piled up since the last one.
    func snapshotIfDue(documentID: Int64, versionRowID: Int64, head: DocumentHead,
                       newChanges: some Sequence<(Edit, Stamp)>) throws {
        var size: Int64 = 0, since: Int64 = 0
        try database.query("SELECT snapshot_size, since_snapshot FROM documents WHERE id = ?", [.integer(documentID)]) { row in
            size = row.int64(0)
            since = row.int64(1)
        }
        guard since >= max(Store.minimumSnapshotInterval, size / 2) else { return }
        var state: DocumentState
        if let loaded = head.loadedState {
            state = loaded
            for (edit, stamp) in newChanges {
                state.apply(view: edit.view, property: edit.property, DocumentState.Entry(value: edit.value, stamp: stamp))
            }
        } else {
            state = try headState(documentID: documentID)
        }
        try database.run("INSERT INTO snapshots (version, document, state) VALUES (?, ?, ?)",
                         [.integer(versionRowID), .integer(documentID), .blob(StateSnapshot.encode(state))])
        try database.run("UPDATE documents SET snapshot_size = ?, since_snapshot = 0 WHERE id = ?",
                         [.integer(Int64(state.count)), .integer(documentID)])
    }
}
