import LayoutSpec
import SpecSync

/// One import's work, step by step.
struct Importer {
    let store: Store
    let now: UInt64
    let maxSkew: UInt64
    var clock: HybridLogicalClock
    var touchedDocuments = Set<Int64>()
    var touchedSites = Set<Int64>()
    var applied = Set<VersionID>()
    var vectorCache: [Int64: (first: Int64, last: Int64, vector: VersionVector)] = [:]
    /// Per document: row id, next local number and known vector, read once, written at the end.
    var documentIDs: [String: Int64] = [:]
    var nextNumbers: [Int64: Int64] = [:]
    var knownVectors: [Int64: VersionVector] = [:]
    var newChanges: [Int64: Int64] = [:]
    /// Commit versions known to be here, as (document, site, last seq).
    var versionEnds = Set<VersionEnd>()

    struct VersionEnd: Hashable {
        let document: Int64
        let site: SiteID
        let seq: Int64
    }

    /// The head entries this import has read or written, written back once at the end.
    var heads: [HeadKey: HeadEntry] = [:]
    var preloaded = Set<Int64>()

    struct HeadKey: Hashable {
        let document: Int64
        let view: String
        let property: Property
    }

    struct HeadEntry {
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

    /// Two different versions claiming one `(site, seq)` (in this import, or one waiting from
    /// an earlier one) contradict each other: refuse before writing anything.
    static func checkNoOverlap(_ payloads: [VersionPayload]) throws -> [VersionPayload] {
        var unique: [VersionID: VersionPayload] = [:]
        for payload in payloads { unique[payload.id] = payload }
        let sorted = unique.values.sorted { ($0.site, $0.firstSeq) < ($1.site, $1.firstSeq) }
        for (previous, next) in zip(sorted, sorted.dropFirst()) where previous.site == next.site && next.firstSeq <= previous.lastSeq {
            throw SyncError.contradiction(site: next.site, seq: next.firstSeq)
        }
        return payloads
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
    mutating func baseIsHere(_ payload: VersionPayload) throws -> Bool {
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
    mutating func documentID(_ name: String, create: Bool) throws -> Int64? {
        if let cached = documentIDs[name] { return cached }
        var id = try store.documentID(name)
        if id == nil && create {
            try database.run("INSERT INTO documents (name) VALUES (?)", [.text(name)])
            id = database.lastInsertRowID
        }
        if let id { documentIDs[name] = id }
        return id
    }

    mutating func applyOne(_ payload: VersionPayload, report: inout ImportReport) throws {
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
    mutating func nextNumber(_ documentID: Int64) throws -> Int64 {
        let number = try nextNumbers[documentID]
            ?? (database.scalar("SELECT max(number) FROM versions WHERE document = ?", [.integer(documentID)])?.integer ?? 0) + 1
        nextNumbers[documentID] = number + 1
        return number
    }

    mutating func knownVector(_ documentID: Int64) throws -> VersionVector {
        if let cached = knownVectors[documentID] { return cached }
        let vector = try store.knownVector(documentID: documentID)
        knownVectors[documentID] = vector
        return vector
    }

    func exists(_ id: VersionID) throws -> Bool {
        try database.scalar("SELECT 1 FROM versions WHERE hash = ?", [.blob(id.bytes)]) != nil
    }
}
