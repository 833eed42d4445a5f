import LayoutSpec
import SpecSync

/// The head state during an import: cached, folded by the merge rule, written once.
extension Importer {
    /// Reads whole head states up front for documents that get many changes: one scan beats a
    /// lookup per change.
    mutating func preloadHeads(for queue: [VersionPayload]) throws {
        var incoming: [String: Int] = [:]
        for payload in queue { incoming[payload.document, default: 0] += payload.changes.count }
        for (name, count) in incoming where count >= 1_000 {
            guard let documentID = try store.documentID(name), !preloaded.contains(documentID) else { continue }
            let size = try database.scalar("SELECT count(*) FROM heads WHERE document = ?", [.integer(documentID)])?.integer ?? 0
            guard Int64(count) * 4 >= size else { continue }
            heads.reserveCapacity(heads.count + Int(size))
            try store.forEachHead(documentID: documentID) { view, property, entry, site in
                heads[HeadKey(document: documentID, view: view, property: property)] = HeadEntry(value: entry.value, stamp: entry.stamp, site: site, dirty: false)
            }
            preloaded.insert(documentID)
        }
    }

    /// The current head entry of one property, from this import's cache or the store.
    mutating func headEntry(_ key: HeadKey) throws -> HeadEntry? {
        if let cached = heads[key] { return cached }
        if preloaded.contains(key.document) { return nil }
        let lookup = try database.statement("SELECT value, hlc, site, seq FROM heads WHERE document = ? AND view = ? AND property = ?")
        try lookup.bind(key.document, at: 1)
        try lookup.bind(key.view, at: 2)
        try lookup.bind(key.property.rawValue, at: 3)
        guard try lookup.step() else { return nil }
        let site = lookup.int64(2)
        let entry = HeadEntry(value: lookup.text(0), stamp: Stamp(hlc: Timestamp(rawValue: UInt64(bitPattern: lookup.int64(1))), site: store.site(numbered: site), seq: lookup.int64(3)), site: site, dirty: false)
        while try lookup.step() {}
        heads[key] = entry
        return entry
    }

    /// Folds one change into the head state by last-writer-wins, recording a concurrent loser.
    mutating func fold(_ change: Change, siteNumber: Int64, documentID: Int64, seen: VersionVector, report: inout ImportReport) throws {
        let key = HeadKey(document: documentID, view: change.view, property: change.property)
        let current = try headEntry(key)
        let wins = current.map { MergeRule.wins(change.stamp, over: $0.stamp) } ?? true
        if wins { heads[key] = HeadEntry(value: change.value, stamp: change.stamp, site: siteNumber, dirty: true) }
        guard let current, current.value != change.value, !seen.includes(site: current.stamp.site, seq: current.stamp.seq),
              let currentSeen = try vector(ofChange: current.site, seq: current.stamp.seq),
              MergeRule.areConcurrent(change.stamp, seen: seen, current.stamp, seen: currentSeen) else { return }
        let winner = wins ? (change.value, siteNumber, change.stamp) : (current.value, current.site, current.stamp)
        let loser = wins ? (current.value, current.site, current.stamp) : (change.value, siteNumber, change.stamp)
        try database.run("""
            INSERT OR REPLACE INTO conflicts (document, view, property, winner_value, winner_site, winner_seq, winner_hlc,
                                              loser_value, loser_site, loser_seq, loser_hlc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.integer(documentID), .text(change.view), .text(change.property.rawValue),
                  winner.0.map(SQLValue.text) ?? .null, .integer(winner.1), .integer(winner.2.seq), .integer(Int64(bitPattern: winner.2.hlc.rawValue)),
                  loser.0.map(SQLValue.text) ?? .null, .integer(loser.1), .integer(loser.2.seq), .integer(Int64(bitPattern: loser.2.hlc.rawValue))])
        report.conflicts += 1
    }

    /// Writes the head entries this import changed.
    func flushHeads() throws {
        let upsert = try database.statement("""
            INSERT INTO heads (document, view, property, value, hlc, site, seq) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (document, view, property) DO UPDATE SET value = excluded.value, hlc = excluded.hlc, site = excluded.site, seq = excluded.seq
            """)
        for (key, entry) in heads where entry.dirty {
            try upsert.bind(key.document, at: 1)
            try upsert.bind(key.view, at: 2)
            try upsert.bind(key.property.rawValue, at: 3)
            try upsert.bind(entry.value, at: 4)
            try upsert.bind(Int64(bitPattern: entry.stamp.hlc.rawValue), at: 5)
            try upsert.bind(entry.site, at: 6)
            try upsert.bind(entry.stamp.seq, at: 7)
            try upsert.run()
        }
    }

    /// The vector of the version holding change `(site, seq)`: what its author had seen.
    mutating func vector(ofChange site: Int64, seq: Int64) throws -> VersionVector? {
        if let cached = vectorCache[site], cached.first <= seq, seq <= cached.last { return cached.vector }
        var found: (Int64, Int64, VersionVector)?
        try database.query("""
            SELECT first_seq, last_seq, vector FROM versions WHERE site = ? AND kind = 'commit' AND first_seq <= ?
            ORDER BY first_seq DESC LIMIT 1
            """, [.integer(site), .integer(seq)]) { row in
            if row.int64(1) >= seq, let vector = VersionVector(encoded: row.blob(2)) { found = (row.int64(0), row.int64(1), vector) }
        }
        guard let found else { return nil }
        vectorCache[site] = found
        return found.2
    }
}
