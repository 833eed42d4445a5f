import LayoutSpec
import SpecSync

extension Store {
    /// Most properties the change-log reading of a difference looks up; past it both states are
    /// read whole, which then costs less than a lookup per key.
    static let plainDifferenceLimit = 2_000

    /// What differs between two versions of a document: what `StateDifference(from:to:)` finds
    /// on their states. When `new` is the head, includes `old`, and the changes between them
    /// set plain properties only (not `StateDifference.isStructural`: the usual few edits), it
    /// costs those changes, not the document: their properties' values at `old` come from the
    /// nearest snapshot (only their views decoded, or none when the changes it holds are less to
    /// read, `changeLogIsSmaller`) and the changes after it, at the head from
    /// its rows, and their views' places from the head (`DocumentHead`), which is the same in
    /// both since nothing between them moved, added or removed a view. Otherwise both states
    /// are read whole.
    public func difference(from old: VersionRecord, to new: VersionRecord) throws -> StateDifference {
        try database.readTransaction {
            if let plain = try plainDifference(from: old, to: new) { return plain }
            return StateDifference(from: try state(of: old), to: try state(of: new))
        }
    }

    /// The change-log reading of `difference(from:to:)`; `nil` when it does not apply.
    func plainDifference(from old: VersionRecord, to new: VersionRecord) throws -> StateDifference? {
        guard old.document == new.document, old.vector.isIncluded(in: new.vector) else { return nil }
        let documentID = try requireDocument(new.document)
        guard try database.scalar("SELECT head FROM documents WHERE id = ?", [.integer(documentID)])?.integer == new.rowID,
              try knownVector(documentID: documentID) == new.vector,
              let keys = try plainKeys(documentID: documentID, from: old.vector, to: new.vector) else { return nil }
        guard !keys.isEmpty else { return StateDifference(plainChanges: []) }
        let views = Set(keys.map(\.view))
        var before = DocumentState(), base = VersionVector()
        if let chosen = try nearestSnapshotVersion(documentID: documentID, version: old),
           try !changeLogIsSmaller(documentID: documentID, than: chosen) {
            (before, base, _) = try snapshot(chosen, documentID: documentID, views: views)
        }
        _ = try replay(documentID: documentID, from: base, to: old.vector, views: views, into: &before)
        let head = try DocumentHead(store: self, documentID: documentID, name: new.document)
        return StateDifference(plainChanges: try keys.map { key in
            StateDifference.PlainChange(key: key, from: before.value(key.view, key.property), to: try head.value(key.view, key.property),
                                        kind: try head.kind(of: key.view), inDocument: try head.contains(key.view))
        })
    }

    /// Whether the stored changes of the document's versions that a snapshot holds are less to
    /// read than the snapshot itself (counting `versionReadCost` bytes a version besides its
    /// blob), so that replaying them from nothing gives its views' entries for less: true after
    /// an import, whose snapshot holds what its own version's changes hold, in bytes several
    /// times larger. Stops counting once past the snapshot's size.
    func changeLogIsSmaller(documentID: Int64, than snapshot: (version: Int64, vector: VersionVector)) throws -> Bool {
        guard let limit = try database.scalar("SELECT length(state) FROM snapshots WHERE version = ?",
                                              [.integer(snapshot.version)])?.integer else { return false }
        var total: Int64 = 0
        for (site, upper) in snapshot.vector.sorted {
            // A site the replay could not read is left to the snapshot.
            guard let number = try siteNumber(site) else { return false }
            let statement = try database.statement("""
                SELECT length(c.changes) FROM versions v JOIN version_changes c ON c.version = v.id
                WHERE v.site = ? AND v.kind = 'commit' AND v.first_seq <= ? AND v.document = ?
                """)
            try statement.bind([.integer(number), .integer(upper), .integer(documentID)])
            // Left early, the statement is reset (as `scalar` does), not left holding its read.
            defer { statement.reset() }
            while try statement.step() {
                total += statement.int64(0) + Store.versionReadCost
                if total >= limit { return false }
            }
        }
        return true
    }

    /// What reading one more version's changes costs besides its blob, in blob bytes (its row,
    /// a zstd frame to open): a guess on the safe side, so that many small versions do not
    /// pass for less than one snapshot.
    static let versionReadCost: Int64 = 256

    /// The properties the document's changes between two vectors set; `nil` when one of them
    /// is structural or there are more than `plainDifferenceLimit`.
    private func plainKeys(documentID: Int64, from old: VersionVector, to new: VersionVector) throws -> Set<PropertyKey>? {
        var keys = Set<PropertyKey>()
        for (site, upper) in new.sorted where upper > old[site] {
            guard let number = try siteNumber(site) else { continue }
            var plain = true
            try forEachChange(site: number, after: old[site], through: upper, documentID: documentID) { change in
                guard plain else { return }
                if StateDifference.isStructural(change.property) || keys.count >= Store.plainDifferenceLimit {
                    plain = false
                    return
                }
                keys.insert(PropertyKey(view: change.view, property: change.property))
            }
            if !plain { return nil }
        }
        return keys
    }
}
