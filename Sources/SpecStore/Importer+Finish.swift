import LayoutSpec
import SpecSync

/// The end of an import: contiguous knowledge, head versions (and merge versions), the clock.
extension Importer {
    /// Advances each site's contiguous seq, settles each document's head, saves the clock.
    mutating func finish(report: inout ImportReport) throws {
        try flushHeads()
        for (documentID, known) in knownVectors {
            try database.run("UPDATE documents SET known = ?, since_snapshot = since_snapshot + ? WHERE id = ?",
                             [.blob(known.encoded), .integer(newChanges[documentID] ?? 0), .integer(documentID)])
        }
        for site in touchedSites { try advanceContiguous(site) }
        for documentID in touchedDocuments.sorted() {
            if try settleHead(documentID) { report.merges += 1 }
        }
        try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('clock', ?)", [.text(String(clock.last.rawValue))])
    }

    func advanceContiguous(_ site: Int64) throws {
        var maxSeq = try database.scalar("SELECT max_seq FROM sites WHERE id = ?", [.integer(site)])?.integer ?? 0
        try database.query("SELECT first_seq, last_seq FROM versions WHERE site = ? AND kind = 'commit' AND last_seq > ? ORDER BY first_seq",
                           [.integer(site), .integer(maxSeq)]) { row in
            if row.int64(0) == maxSeq + 1 { maxSeq = row.int64(1) }
        }
        try database.run("UPDATE sites SET max_seq = ? WHERE id = ?", [.integer(maxSeq), .integer(site)])
    }

    /// Points the document's head at the version whose vector is everything known, making a
    /// merge version when no such version exists. Returns true when it made one.
    mutating func settleHead(_ documentID: Int64) throws -> Bool {
        let known = try knownVector(documentID)
        var headVector: VersionVector?
        var match: Int64?
        try database.query("SELECT id, vector FROM versions WHERE document = ? ORDER BY number DESC LIMIT 64", [.integer(documentID)]) { row in
            if match == nil, VersionVector(encoded: row.blob(1)) == known { match = row.int64(0) }
        }
        if let head = try database.scalar("SELECT v.vector FROM documents d JOIN versions v ON v.id = d.head WHERE d.id = ?",
                                          [.integer(documentID)])?.blob {
            headVector = VersionVector(encoded: head)
        }
        var made = false
        if match == nil {
            let name = try database.scalar("SELECT name FROM documents WHERE id = ?", [.integer(documentID)])?.text ?? ""
            let merge = Version(document: name, vector: known, kind: .merge, message: "Merge", author: "plumb", time: Int64(now))
            if let existing = try database.scalar("SELECT id FROM versions WHERE hash = ?", [.blob(merge.id.bytes)])?.integer {
                match = existing
            } else {
                let number = try nextNumber(documentID)
                let hlc = clock.tick(now: now)
                try database.run("""
                    INSERT INTO versions (hash, document, number, kind, site, first_seq, last_seq, hlc, vector, base, message, author, time)
                    VALUES (?, ?, ?, 'merge', ?, 1, 0, ?, ?, ?, ?, ?, ?)
                    """, [.blob(merge.id.bytes), .integer(documentID), .integer(number), .integer(store.localSite),
                          .integer(Int64(bitPattern: hlc.rawValue)), .blob(known.encoded), .blob((headVector ?? VersionVector()).encoded),
                          .text(merge.message), .text(merge.author), .integer(merge.time)])
                match = database.lastInsertRowID
                made = true
            }
        }
        try database.run("UPDATE documents SET head = ? WHERE id = ?", [.integer(match!), .integer(documentID)])
        try store.snapshotIfDue(documentID: documentID, versionRowID: match!) { try store.headState(documentID: documentID) }
        return made
    }
}
