import LayoutSpec
import SpecSync

extension Store {
    /// Default for how far ahead of the local wall clock a received change may be stamped.
    public static let defaultMaxClockSkew: UInt64 = 60_000

    /// Applies versions from elsewhere, in one transaction: each whole or not at all, only once
    /// the versions it builds on are here (others wait in the store until they are), folded by
    /// last-writer-wins, with every loss recorded as a conflict. Where concurrent work meets, a
    /// merge version is made whose id depends only on the document and the merged vector. The
    /// rules are `Merge.run` (pure); this writes what it decided.
    ///
    /// - Throws: `SyncError` (nothing applied) for clock skew, a copied store, contradicting
    ///   changes, inconsistent versions or a version whose content does not match its id.
    public func importVersions(_ incoming: [VersionPayload], maxClockSkew: UInt64 = Store.defaultMaxClockSkew,
                               progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        // Nothing to do takes no write lock (a pull with nothing new stays cheap).
        if incoming.isEmpty, try database.scalar("SELECT 1 FROM pending_versions LIMIT 1") == nil { return ImportReport() }
        return try mapErrors {
            try database.writeTransaction {
                let now = clock()
                let outcome = try Merge.run(incoming, into: StoreHoldings(store: self), now: now, maxSkew: maxClockSkew)
                try write(outcome, now: now, progress: progress)
                return outcome.report
            }
        }
    }

    /// Writes a merge's outcome: versions and changes, heads, conflicts, waiting versions,
    /// knowledge, head versions (merge versions where needed), trees, snapshots, the clock.
    private func write(_ outcome: Merge.Outcome, now: UInt64, progress: ((Int, Int) -> Void)?) throws {
        var documentIDs: [String: Int64] = [:]
        var numbers: [Int64: Int64] = [:]
        var touchedSites = Set<Int64>()
        var rowIDs: [VersionID: Int64] = [:]
        for (index, payload) in outcome.applied.enumerated() {
            let documentID = try documentIDs[payload.document] ?? documentID(payload.document) ?? documentTable.insert(name: payload.document)
            documentIDs[payload.document] = documentID
            let site = try sites.register(payload.site)
            let number = try nextNumber(documentID, &numbers)
            rowIDs[payload.id] = try insertCommit(payload, documentID: documentID, number: number, site: site)
            touchedSites.insert(site)
            progress?(index + 1, outcome.applied.count)
        }
        for id in outcome.applied.map(\.id) { try database.run("DELETE FROM pending_versions WHERE hash = ?", [.blob(id.bytes)]) }
        for payload in outcome.waiting {
            try database.run("INSERT OR IGNORE INTO pending_versions (hash, payload) VALUES (?, ?)",
                             [.blob(payload.id.bytes), .blob(VersionPack.encode([payload]))])
        }
        for site in touchedSites { try advanceContiguous(site) }
        var clock = HybridLogicalClock(last: outcome.clock)
        for document in outcome.documents {
            let documentID = documentIDs[document.document]!
            let changes = outcome.applied.lazy.filter { $0.document == document.document }.reduce(0) { $0 + $1.changes.count }
            try headTable.write(document: documentID, keys: document.written, state: document.state)
            try conflictTable.record(document.propertyConflicts, document: documentID)
            try conflictTable.record(document.structuralConflicts, document: documentID)
            try documentTable.advance(documentID, known: document.known, tree: document.tree, changes: changes)
            let head: Int64
            switch document.head {
            case .existing(let id):
                guard let row = try rowIDs[id] ?? versionTable.rowID(of: id) else {
                    throw StoreError.corrupt(path: path, detail: "version \(id.short) is missing")
                }
                head = row
            case .merge(let id):
                let base = try documentTable.head(of: documentID).map { try versionTable.vector(of: $0) } ?? VersionVector()
                head = try versionTable.insert(id: id, document: documentID, number: try nextNumber(documentID, &numbers), kind: .merge,
                                               site: localSite, firstSeq: 1, lastSeq: 0, hlc: clock.tick(now: now), vector: document.known,
                                               base: base, message: "Merge", author: "plumb", time: Int64(now))
            }
            try documentTable.setHead(head, of: documentID)
            try snapshotIfDue(documentID: documentID, versionRowID: head) { (document.state, document.tree) }
        }
        try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('clock', ?)", [.text(String(clock.last.rawValue))])
    }

    /// The next local version number of a document.
    private func nextNumber(_ documentID: Int64, _ numbers: inout [Int64: Int64]) throws -> Int64 {
        let number = try numbers[documentID] ?? versionTable.nextNumber(document: documentID)
        numbers[documentID] = number + 1
        return number
    }

    /// Raises a site's contiguous knowledge over the versions now held.
    private func advanceContiguous(_ site: Int64) throws {
        var maxSeq = try database.scalar("SELECT max_seq FROM sites WHERE id = ?", [.integer(site)])?.integer ?? 0
        for range in try versionTable.commitRanges(site: site, endingAbove: maxSeq) where range.first == maxSeq + 1 {
            maxSeq = range.last
        }
        try database.run("UPDATE sites SET max_seq = ? WHERE id = ?", [.integer(maxSeq), .integer(site)])
    }
}
