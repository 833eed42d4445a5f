import SpecSync

/// The `snapshots` table: a document's last-writer-wins state and its kept tree replay at
/// some versions, so reading an old version replays only the changes since the nearest one
/// (`Store.state(of:)`). Callers hold the transaction.
struct SnapshotTable {
    let database: Database
    let changeLog: ChangeLog
    let sites: SiteTable
    /// The store's path, for damage said in words.
    let path: String

    /// The version row and vector of the latest snapshot of `document` whose vector `vector`
    /// includes, among versions numbered up to `number`.
    func nearest(document: Int64, number: Int, includedIn vector: VersionVector) throws -> (version: Int64, vector: VersionVector)? {
        // Choose by the small columns first: sorting rows that carry the state would copy every
        // snapshot's blob into SQLite's sorter.
        var chosen: (version: Int64, vector: VersionVector)?
        try database.query("""
            SELECT s.version, v.vector FROM snapshots s JOIN versions v ON v.id = s.version
            WHERE s.document = ? AND v.number <= ? ORDER BY v.number DESC
            """, [.integer(document), .integer(Int64(number))]) { row in
            guard chosen == nil, let found = VersionVector(encoded: row.blob(1)), found.isIncluded(in: vector) else { return }
            chosen = (row.int64(0), found)
        }
        return chosen
    }

    /// The snapshot taken at version row `version`: its state (with `views`, only those views'
    /// entries) and, read whole, its kept tree (`nil` with `views`).
    func read(version: Int64, views: Set<String>? = nil) throws -> (state: DocumentState, tree: TreeResolution?) {
        let damaged = StoreError.corrupt(path: path, detail: "the snapshot at version row \(version) cannot be read")
        var found: (DocumentState, TreeResolution?)?
        try database.query("SELECT state, tree FROM snapshots WHERE version = ?", [.integer(version)]) { row in
            guard let state = try changeLog.unpackSnapshot(row.blob(0), site: sites.site(numbered:), views: views) else { throw damaged }
            guard views == nil else { found = (state, nil); return }
            guard let tree = TreeSnapshot.decode(row.blob(1)) else { throw damaged }
            found = (state, tree)
        }
        guard let found else { throw damaged }
        return found
    }

    /// Stores the snapshot of `document` at version row `version`.
    func write(version: Int64, document: Int64, state: DocumentState, tree: TreeResolution) throws {
        let numbers = try siteNumbers(in: state)
        try database.run("INSERT OR REPLACE INTO snapshots (version, document, state, tree) VALUES (?, ?, ?, ?)",
                         [.integer(version), .integer(document), .blob(changeLog.packSnapshot(state, siteNumber: { numbers[$0]! })),
                          .blob(TreeSnapshot.encode(tree))])
    }

    /// The local number of every site that stamps an entry of `state`; a site the store does not
    /// number (which its changes' import would have numbered) is damage, said in words.
    private func siteNumbers(in state: DocumentState) throws -> [SiteID: Int64] {
        var numbers: [SiteID: Int64] = [:]
        for (view, entries) in state.views {
            for (_, entry) in entries where numbers[entry.stamp.site] == nil {
                guard let number = try sites.number(of: entry.stamp.site) else {
                    throw StoreError.corrupt(path: path, detail: "view \(view) holds a change of site \(entry.stamp.site.short), which the store does not list")
                }
                numbers[entry.stamp.site] = number
            }
        }
        return numbers
    }
}
