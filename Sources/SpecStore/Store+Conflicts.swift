import SpecSync

/// Recorded conflicts: property writes that lost, and structural losses (docs/sync.md).
extension Store {
    /// Every recorded property conflict of a document, by view and property: its own and,
    /// after `docs mv`, its earlier names' (`conflictDocuments`).
    public func conflicts(of document: String) throws -> [Conflict] {
        try database.readTransaction { try conflictDocuments(document).flatMap { try conflictTable.propertyConflicts(document: $0) } }
    }

    /// Every recorded structural conflict of a document, by view and losing change: what the
    /// studio lists beside property conflicts, and what `restore` undoes.
    public func structuralConflicts(of document: String) throws -> [StructuralConflict] {
        try database.readTransaction { try conflictDocuments(document).flatMap { try conflictTable.structuralConflicts(document: $0) } }
    }

    /// Where a document's conflicts are recorded: under its own name and, as its history follows
    /// `docs mv` (`RenameHistory`), under each earlier name, since a merge records a conflict
    /// under the name the document had then. One id when it was never renamed.
    func conflictDocuments(_ document: String) throws -> [Int64] {
        var ids = [try requireDocument(document)]
        // Only names that hold conflicts matter (the history is read only when some do).
        let others = try conflictTable.otherDocuments(than: ids[0])
        guard !others.isEmpty else { return ids }
        for (name, _) in try RenameHistory.earlierNames(of: document, store: self) {
            if let id = try documentID(name), others.contains(id), !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// The version that made a conflict's losing change (what `plumb restore --from` names),
    /// when this store holds it: one of the document's, or of an earlier name's.
    public func losingVersion(of conflict: StructuralConflict, in document: String) throws -> VersionRecord? {
        guard let id = try versionID(site: conflict.loser.site, containing: conflict.loser.seq) else { return nil }
        return try? RenameHistory.version(of: document, revision: id.hex, store: self)
    }

    /// Who wrote a change: the author of the version of `document` (or of an earlier name)
    /// that holds it; nil when this store lacks that version (then only its site names it).
    public func author(of stamp: Stamp, in document: String) -> String? {
        guard let id = try? versionID(site: stamp.site, containing: stamp.seq),
              let version = try? RenameHistory.version(of: document, revision: id.hex, store: self) else { return nil }
        return version.author
    }

    /// The writes of each of `versions` that lost at a merge, by version: the losing sides of
    /// the conflicts recorded under the documents those versions belong to (property writes,
    /// and views lost to a delete or a skipped move), each with what was done about it since.
    /// What `plumb log` and the studio's history mark; a version with none is absent.
    public func lostWrites(in versions: [VersionRecord]) throws -> [VersionID: [LostWrite]] {
        try database.readTransaction {
            let listed = Set(versions.map(\.id))
            var lost: [VersionID: [LostWrite]] = [:]
            let settled = Dictionary(grouping: try conflictTable.resolutions(), by: \.key).compactMapValues(ConflictResolution.shown)
            for document in Set(versions.map(\.document)).sorted() {
                guard let documentID = try documentID(document) else { continue }
                let keys = try conflictTable.propertyConflicts(document: documentID).map(ConflictResolution.Key.init)
                    + conflictTable.structuralConflicts(document: documentID).map(ConflictResolution.Key.init)
                for key in keys {
                    guard let id = try versionID(site: key.loserSite, containing: key.loserSeq), listed.contains(id) else { continue }
                    lost[id, default: []].append(LostWrite(key: key, settled: settled[key]?.state))
                }
            }
            return lost
        }
    }

    /// Forgets a document's recorded conflicts, property and structural; returns how many. The
    /// ones still open are recorded as dismissed first, so that the stores this one syncs with
    /// settle them too.
    @discardableResult
    public func clearConflicts(of document: String) throws -> Int {
        try mapErrors {
            try database.writeTransaction {
                let documents = try conflictDocuments(document)
                let settled = Set(try conflictTable.resolutions().map(\.key))
                let keys = try conflicts(of: document).map(ConflictResolution.Key.init)
                    + structuralConflicts(of: document).map(ConflictResolution.Key.init)
                try conflictTable.record(resolutions(keys.filter { !settled.contains($0) }, as: .dismissed))
                return try documents.reduce(0) { $0 + (try conflictTable.clear(document: $1)) }
            }
        }
    }

    /// A document's open conflicts, property and structural: those nobody has settled (kept,
    /// restored or dismissed, here or in a store this one synced with). One query.
    public func openConflictCount(of document: String) throws -> Int {
        try database.readTransaction { try conflictDocuments(document).reduce(0) { $0 + (try conflictTable.openCount(document: $1)) } }
    }

    /// What was done about each of a document's recorded conflicts that is settled: the
    /// resolution to show (`ConflictResolution.shown`), by conflict.
    public func resolutions(of document: String) throws -> [ConflictResolution.Key: ConflictResolution] {
        try database.readTransaction {
            let keys = Set(try conflicts(of: document).map(ConflictResolution.Key.init)
                + structuralConflicts(of: document).map(ConflictResolution.Key.init))
            return Dictionary(grouping: try conflictTable.resolutions().filter { keys.contains($0.key) }, by: \.key)
                .compactMapValues(ConflictResolution.shown)
        }
    }

    /// Records that this store settled conflicts (now, as this store's site): they leave the
    /// open count here, and in every store this one syncs with.
    public func settle(_ keys: [ConflictResolution.Key], as state: ConflictResolution.State) throws {
        try mapErrors {
            try database.writeTransaction { _ = try conflictTable.record(resolutions(keys, as: state)) }
        }
    }

    /// Every resolution this store holds, to pass on with sync.
    public func conflictResolutions() throws -> [ConflictResolution] {
        try database.readTransaction { try conflictTable.resolutions() }
    }

    /// Takes in resolutions another store passed on (a grow-only set: those held already are
    /// left alone); returns how many were new.
    @discardableResult
    public func importResolutions(_ resolutions: [ConflictResolution]) throws -> Int {
        guard !resolutions.isEmpty else { return 0 }
        return try mapErrors {
            try database.writeTransaction { try conflictTable.record(resolutions) }
        }
    }

    func resolutions(_ keys: [ConflictResolution.Key], as state: ConflictResolution.State) -> [ConflictResolution] {
        let now = Int64(clock())
        return keys.map { ConflictResolution(key: $0, state: state, site: site, time: now) }
    }
}
