import LayoutSpec
import SpecSync

extension Store {
    /// Default for how far ahead of the local wall clock a received change may be stamped.
    public static let defaultMaxClockSkew: UInt64 = 60_000

    /// Applies versions from elsewhere, in one transaction: each whole or not at all, only once
    /// the versions it builds on are here (others wait in the store until they are), folded by
    /// last-writer-wins, with concurrent losers recorded. Where concurrent work meets, a merge
    /// version is made whose id depends only on the document and the merged vector.
    ///
    /// - Throws: `SyncError` (nothing applied) for clock skew, a copied store, contradicting
    ///   changes or inconsistent versions.
    public func importVersions(_ incoming: [VersionPayload], maxClockSkew: UInt64 = Store.defaultMaxClockSkew,
                               progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        // Nothing to do takes no write lock (a pull with nothing new stays cheap).
        if incoming.isEmpty, try database.scalar("SELECT 1 FROM pending_versions LIMIT 1") == nil { return ImportReport() }
        return try mapBusy {
            try database.writeTransaction {
                var report = ImportReport()
                var importer = try Importer(store: self, now: clock(), maxSkew: maxClockSkew)
                let queue = try importer.admit(incoming, report: &report) + importer.pending()
                try importer.apply(queue, report: &report, progress: progress)
                try importer.finish(report: &report)
                return report
            }
        }
    }
}

/// One import's work, step by step.
struct Importer {
    let store: Store
    let now: UInt64
    let maxSkew: UInt64
    var clock: HybridLogicalClock
    var touchedDocuments = Set<Int64>()
    var touchedSites = Set<Int64>()
    var applied = Set<VersionID>()
    private var vectorCache: [Int64: (first: Int64, last: Int64, vector: VersionVector)] = [:]
    /// Per document: row id, next local number and known vector, read once, written at the end.
    private var documentIDs: [String: Int64] = [:]
    private var nextNumbers: [Int64: Int64] = [:]
    private var knownVectors: [Int64: VersionVector] = [:]
    private var newChanges: [Int64: Int64] = [:]
    /// Commit versions known to be here, as (document, site, last seq).
    private var versionEnds = Set<VersionEnd>()

    private struct VersionEnd: Hashable {
        let document: Int64
        let site: SiteID
        let seq: Int64
    }

    /// The head entries this import has read or written, written back once at the end.
    private var heads: [HeadKey: HeadEntry] = [:]
    private var preloaded = Set<Int64>()

    private struct HeadKey: Hashable {
        let document: Int64
        let view: String
        let property: Property
    }

    private struct HeadEntry {
        var value: String?
        var stamp: Stamp
        var site: Int64
        var dirty: Bool
    }

    init(store: Store, now: UInt64, maxSkew: UInt64) throws {
        self.store = store
        self.now = now
        self.maxSkew = maxSkew
        clock = HybridLogicalClock(last: try store.storedClock())
    }

    var database: Database { store.database }

    /// Checks every payload and drops the ones already held. Throws before anything is written.
    mutating func admit(_ incoming: [VersionPayload], report: inout ImportReport) throws -> [VersionPayload] {
        var queue: [VersionPayload] = []
        var seen = Set<VersionID>()
        for payload in incoming {
            if let problem = payload.inconsistency { throw SyncError.malformed("version \(payload.id.short): \(problem)") }
            do {
                try clock.receive(payload.hlc, now: now, maxSkew: maxSkew)
            } catch {
                throw SyncError.clockSkew(site: payload.site, aheadMilliseconds: error.ahead, allowedMilliseconds: maxSkew)
            }
            guard seen.insert(payload.id).inserted else { continue }
            if try exists(payload.id) { report.alreadyHeld += 1; continue }
            if payload.site == store.site { throw SyncError.sameSite(store.site) }
            if let number = try store.siteNumber(payload.site),
               let taken = try database.scalar("SELECT min(seq) FROM changes WHERE site = ? AND seq BETWEEN ? AND ?",
                                               [.integer(number), .integer(payload.firstSeq), .integer(payload.lastSeq)])?.integer {
                throw SyncError.contradiction(site: payload.site, seq: taken)
            }
            queue.append(payload)
        }
        return queue
    }

    /// Versions that were waiting for their base in earlier imports.
    func pending() throws -> [VersionPayload] {
        var payloads: [VersionPayload] = []
        try database.query("SELECT payload FROM pending_versions") { row in
            guard let decoded = try? VersionPack.decode(row.blob(0)) else { return }
            payloads += decoded
        }
        return try payloads.filter { try !exists($0.id) }
    }

    /// Applies every payload whose base is here, repeating until none more can go; the rest wait.
    mutating func apply(_ queue: [VersionPayload], report: inout ImportReport, progress: ((Int, Int) -> Void)?) throws {
        try preloadHeads(for: queue)
        var waiting = queue.sorted { ($0.hlc, $0.site, $0.firstSeq) < ($1.hlc, $1.site, $1.firstSeq) }
        var done = 0
        while true {
            var next: [VersionPayload] = []
            for payload in waiting {
                guard !applied.contains(payload.id) else { continue }
                if try baseIsHere(payload) {
                    try applyOne(payload, report: &report)
                    done += 1
                    progress?(done, queue.count)
                } else {
                    next.append(payload)
                }
            }
            if next.count == waiting.count { break }
            waiting = next
        }
        try database.run("DELETE FROM pending_versions")
        let unique = Dictionary(waiting.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (id, payload) in unique {
            try database.run("INSERT INTO pending_versions (hash, payload) VALUES (?, ?)", [.blob(id.bytes), .blob(VersionPack.encode([payload]))])
        }
        report.waiting = unique.count
    }

    /// Every version named by the payload's base is held.
    private mutating func baseIsHere(_ payload: VersionPayload) throws -> Bool {
        guard let documentID = try documentID(payload.document, create: false) else { return payload.base.entries.isEmpty }
        for (site, seq) in payload.base.entries {
            let end = VersionEnd(document: documentID, site: site, seq: seq)
            if versionEnds.contains(end) { continue }
            guard let number = try store.siteNumber(site),
                  try database.scalar("SELECT 1 FROM versions WHERE site = ? AND last_seq = ? AND document = ? AND kind = 'commit'",
                                      [.integer(number), .integer(seq), .integer(documentID)]) != nil else { return false }
            versionEnds.insert(end)
        }
        return true
    }

    /// A document's row id (made when `create` and missing), cached for the import.
    private mutating func documentID(_ name: String, create: Bool) throws -> Int64? {
        if let cached = documentIDs[name] { return cached }
        var id = try store.documentID(name)
        if id == nil && create {
            try database.run("INSERT INTO documents (name) VALUES (?)", [.text(name)])
            id = database.lastInsertRowID
        }
        if let id { documentIDs[name] = id }
        return id
    }

    private mutating func applyOne(_ payload: VersionPayload, report: inout ImportReport) throws {
        let documentID = try self.documentID(payload.document, create: true)!
        let site = try store.number(of: payload.site)
        let insert = try database.statement(
            "INSERT INTO changes (site, seq, hlc, document, view, property, value) VALUES (?, ?, ?, ?, ?, ?, ?)")
        let hlc = Int64(bitPattern: payload.hlc.rawValue)
        for change in payload.changes {
            try insert.bind(site, at: 1)
            try insert.bind(change.seq, at: 2)
            try insert.bind(hlc, at: 3)
            try insert.bind(documentID, at: 4)
            try insert.bind(change.view, at: 5)
            try insert.bind(change.property.rawValue, at: 6)
            try insert.bind(change.value, at: 7)
            try insert.run()
            try fold(change, siteNumber: site, documentID: documentID, seen: payload.version.vector, report: &report)
        }
        let number = try nextNumber(documentID)
        let version = payload.version
        let insertVersion = try database.statement("""
            INSERT INTO versions (hash, document, number, kind, site, first_seq, last_seq, hlc, vector, base, message, author, time)
            VALUES (?, ?, ?, 'commit', ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try insertVersion.bind(.blob(payload.id.bytes), at: 1)
        try insertVersion.bind(documentID, at: 2)
        try insertVersion.bind(number, at: 3)
        try insertVersion.bind(site, at: 4)
        try insertVersion.bind(payload.firstSeq, at: 5)
        try insertVersion.bind(payload.lastSeq, at: 6)
        try insertVersion.bind(hlc, at: 7)
        try insertVersion.bind(.blob(version.vector.encoded), at: 8)
        try insertVersion.bind(.blob(payload.base.encoded), at: 9)
        try insertVersion.bind(version.message, at: 10)
        try insertVersion.bind(version.author, at: 11)
        try insertVersion.bind(version.time, at: 12)
        try insertVersion.run()
        knownVectors[documentID] = try knownVector(documentID).union(version.vector)
        newChanges[documentID, default: 0] += Int64(payload.changes.count)
        versionEnds.insert(VersionEnd(document: documentID, site: payload.site, seq: payload.lastSeq))
        applied.insert(payload.id)
        touchedDocuments.insert(documentID)
        touchedSites.insert(site)
        report.versions += 1
        report.changes += payload.changes.count
        report.documents.insert(payload.document)
    }

    /// The next local version number of a document.
    private mutating func nextNumber(_ documentID: Int64) throws -> Int64 {
        let number = try nextNumbers[documentID]
            ?? (database.scalar("SELECT max(number) FROM versions WHERE document = ?", [.integer(documentID)])?.integer ?? 0) + 1
        nextNumbers[documentID] = number + 1
        return number
    }

    private mutating func knownVector(_ documentID: Int64) throws -> VersionVector {
        if let cached = knownVectors[documentID] { return cached }
        let vector = try store.knownVector(documentID: documentID)
        knownVectors[documentID] = vector
        return vector
    }

    /// Reads whole head states up front for documents that get many changes: one scan beats a
    /// lookup per change.
    private mutating func preloadHeads(for queue: [VersionPayload]) throws {
        var incoming: [String: Int] = [:]
        for payload in queue { incoming[payload.document, default: 0] += payload.changes.count }
        for (name, count) in incoming where count >= 1_000 {
            guard let documentID = try store.documentID(name), !preloaded.contains(documentID) else { continue }
            let size = try database.scalar("SELECT count(*) FROM heads WHERE document = ?", [.integer(documentID)])?.integer ?? 0
            guard Int64(count) * 4 >= size else { continue }
            let statement = try database.statement("SELECT view, property, value, hlc, site, seq FROM heads WHERE document = ?")
            try statement.bind(documentID, at: 1)
            var view = ""
            heads.reserveCapacity(heads.count + Int(size))
            while try statement.step() {
                view = statement.text(0, reusing: view)
                guard let property = statement.text(1).flatMap(Property.named) else { continue }
                let site = statement.int64(4)
                let stamp = Stamp(hlc: Timestamp(rawValue: UInt64(bitPattern: statement.int64(3))), site: store.site(numbered: site), seq: statement.int64(5))
                heads[HeadKey(document: documentID, view: view, property: property)] = HeadEntry(value: statement.text(2), stamp: stamp, site: site, dirty: false)
            }
            preloaded.insert(documentID)
        }
    }

    /// The current head entry of one property, from this import's cache or the store.
    private mutating func headEntry(_ key: HeadKey) throws -> HeadEntry? {
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
    private mutating func fold(_ change: Change, siteNumber: Int64, documentID: Int64, seen: VersionVector, report: inout ImportReport) throws {
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
    private func flushHeads() throws {
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
    private mutating func vector(ofChange site: Int64, seq: Int64) throws -> VersionVector? {
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

    private func advanceContiguous(_ site: Int64) throws {
        var maxSeq = try database.scalar("SELECT max_seq FROM sites WHERE id = ?", [.integer(site)])?.integer ?? 0
        try database.query("SELECT first_seq, last_seq FROM versions WHERE site = ? AND kind = 'commit' AND last_seq > ? ORDER BY first_seq",
                           [.integer(site), .integer(maxSeq)]) { row in
            if row.int64(0) == maxSeq + 1 { maxSeq = row.int64(1) }
        }
        try database.run("UPDATE sites SET max_seq = ? WHERE id = ?", [.integer(maxSeq), .integer(site)])
    }

    /// Points the document's head at the version whose vector is everything known, making a
    /// merge version when no such version exists. Returns true when it made one.
    private mutating func settleHead(_ documentID: Int64) throws -> Bool {
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

    private func exists(_ id: VersionID) throws -> Bool {
        try database.scalar("SELECT 1 FROM versions WHERE hash = ?", [.blob(id.bytes)]) != nil
    }
}
