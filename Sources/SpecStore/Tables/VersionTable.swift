import SpecSync

/// The `versions` table: one row per version a store holds (made here, received, or a merge),
/// numbered per document; a commit's own changes are the seqs `first_seq...last_seq` of its
/// site (their blobs are `ChangeTable`'s). Sites are stored by their local number. Callers hold
/// the transaction.
struct VersionTable {
    let database: Database
    let sites: SiteTable
    let path: String

    /// A commit version as `plumb sync` sends it, without its changes.
    struct CommitRow {
        let rowID: Int64
        let document: Int64
        let firstSeq: Int64
        let lastSeq: Int64
        let hlc: Timestamp
        let base: VersionVector
        let vector: VersionVector
        let message: String
        let author: String
        let time: Int64
        /// The id as stored: the receiver checks it against the content.
        let id: VersionID?
    }

    /// Inserts a version row; returns its row id.
    func insert(id: VersionID, document: Int64, number: Int64, kind: Version.Kind, site: Int64, firstSeq: Int64, lastSeq: Int64,
                hlc: Timestamp, vector: VersionVector, base: VersionVector, message: String, author: String, time: Int64) throws -> Int64 {
        let statement = try database.cachedStatement("""
            INSERT INTO versions (hash, document, number, kind, site, first_seq, last_seq, hlc, vector, base, message, author, time)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try statement.bind([.blob(id.bytes), .integer(document), .integer(number), .text(kind.rawValue), .integer(site),
                            .integer(firstSeq), .integer(lastSeq), .integer(Int64(bitPattern: hlc.rawValue)),
                            .blob(vector.encoded), .blob(base.encoded), .text(message), .text(author), .integer(time)])
        while try statement.step() {}
        return database.lastInsertRowID
    }

    // MARK: Records

    private static let columns = "v.id, v.hash, v.number, v.kind, v.site, v.first_seq, v.last_seq, v.vector, v.message, v.author, v.time, v.base"

    /// One version by row id, as a version of `document`, without its tags; `nil` when there is
    /// no such row.
    func record(_ rowID: Int64, document: String) throws -> VersionRecord? {
        var record: VersionRecord?
        try database.query("SELECT \(Self.columns) FROM versions v WHERE v.id = ?", [.integer(rowID)]) { row in
            record = try self.record(row, document: document)
        }
        return record
    }

    /// A document's versions, newest first, at most `limit`, without their tags.
    func records(document: Int64, named name: String, limit: Int?) throws -> [VersionRecord] {
        var records: [VersionRecord] = []
        try database.query("SELECT \(Self.columns) FROM versions v WHERE v.document = ? ORDER BY v.number DESC\(limit.map { " LIMIT \($0)" } ?? "")",
                           [.integer(document)]) { row in records.append(try record(row, document: name)) }
        return records
    }

    /// A document's versions whose message holds `text`, newest first, without their tags.
    func records(document: Int64, named name: String, messageContaining text: String) throws -> [VersionRecord] {
        var records: [VersionRecord] = []
        try database.query("SELECT \(Self.columns) FROM versions v WHERE v.document = ? AND instr(v.message, ?) > 0 ORDER BY v.number DESC",
                           [.integer(document), .text(text)]) { row in records.append(try record(row, document: name)) }
        return records
    }

    /// Calls `body` with each commit version of a document, newest first, and the stored blob
    /// of its own changes, until `body` returns false.
    func forEachCommitWithChanges(document: Int64, named name: String, _ body: (VersionRecord, [UInt8]) throws -> Bool) throws {
        var going = true
        try database.query("""
            SELECT \(Self.columns), c.changes FROM versions v JOIN version_changes c ON c.version = v.id
            WHERE v.document = ? ORDER BY v.number DESC
            """, [.integer(document)]) { row in
            if going { going = try body(record(row, document: name), row.blob(12)) }
        }
    }

    private func record(_ row: Row, document: String) throws -> VersionRecord {
        // A commit's own changes are seqs first...last, a merge's none (first = last + 1): any
        // other range is damage, refused before a count taken from it overflows.
        let first = row.int64(5), last = row.int64(6)
        let (span, overflow) = last.subtractingReportingOverflow(first)
        guard first >= 1, !overflow, span >= -1, span < Int64(Int32.max) else {
            throw StoreError.corrupt(path: path, detail: "version row \(row.int64(0)) has the seq range \(first)...\(last), which no version can have")
        }
        return VersionRecord(
            rowID: row.int64(0), id: VersionID(bytes: row.blob(1)), document: document, number: Int(row.int64(2)),
            kind: Version.Kind(rawValue: row.text(3) ?? "") ?? .commit, site: try sites.requireSite(numbered: row.int64(4), path: path),
            firstSeq: first, lastSeq: last, vector: VersionVector(encoded: row.blob(7)) ?? VersionVector(),
            base: VersionVector(encoded: row.blob(11)) ?? VersionVector(), message: row.text(8) ?? "", author: row.text(9) ?? "",
            time: row.int64(10), tags: [])
    }

    // MARK: Finding versions

    /// The row of the version numbered `number` in a document.
    func rowID(document: Int64, number: Int) throws -> Int64? {
        try database.scalar("SELECT id FROM versions WHERE document = ? AND number = ?", [.integer(document), .integer(Int64(number))])?.integer
    }

    /// The row of the version with this id, if the store holds it.
    func rowID(of id: VersionID) throws -> Int64? {
        try database.scalar("SELECT id FROM versions WHERE hash = ?", [.blob(id.bytes)])?.integer
    }

    /// The rows of a document's versions whose id, in hex, starts with `prefix`.
    func rowIDs(document: Int64, idPrefix prefix: String) throws -> [Int64] {
        var matches: [Int64] = []
        try database.query("SELECT id, hash FROM versions WHERE document = ?", [.integer(document)]) { row in
            if Hex.encode(row.blob(1)).hasPrefix(prefix) { matches.append(row.int64(0)) }
        }
        return matches
    }

    /// The row of a document's newest commit version (not a merge), by its clock: a sibling's
    /// earlier commit taken in after this store's own is not the newest.
    func newestCommit(document: Int64) throws -> Int64? {
        try database.scalar("SELECT id FROM versions WHERE document = ? AND kind = ? ORDER BY hlc DESC, number DESC LIMIT 1",
                            [.integer(document), .text(Version.Kind.commit.rawValue)])?.integer
    }

    /// How many versions a document has.
    func count(document: Int64) throws -> Int {
        Int(try database.scalar("SELECT count(*) FROM versions WHERE document = ?", [.integer(document)])?.integer ?? 0)
    }

    /// The number the document's next version takes.
    func nextNumber(document: Int64) throws -> Int64 {
        (try database.scalar("SELECT max(number) FROM versions WHERE document = ?", [.integer(document)])?.integer ?? 0) + 1
    }

    /// The clock reading of a version's changes.
    func hlc(of rowID: Int64) throws -> Timestamp {
        Timestamp(rawValue: UInt64(bitPattern: try database.scalar("SELECT hlc FROM versions WHERE id = ?", [.integer(rowID)])?.integer ?? 0))
    }

    /// A version's vector (empty when the row is missing or damaged).
    func vector(of rowID: Int64) throws -> VersionVector {
        try database.scalar("SELECT vector FROM versions WHERE id = ?", [.integer(rowID)])?.blob.flatMap(VersionVector.init(encoded:)) ?? VersionVector()
    }

    /// Among a document's `newest` versions, the id of the one whose vector is `vector`.
    func version(document: Int64, vector: VersionVector, amongNewest newest: Int) throws -> VersionID? {
        var match: VersionID?
        try database.query("SELECT hash, vector FROM versions WHERE document = ? ORDER BY number DESC LIMIT \(newest)", [.integer(document)]) { row in
            if match == nil, VersionVector(encoded: row.blob(1)) == vector { match = VersionID(checking: row.blob(0)) }
        }
        return match
    }

    // MARK: Commits by site and seq

    /// The commit version of a site (by local number) holding `seq`: its id, seq range and vector.
    func commit(site: Int64, containing seq: Int64) throws -> (id: VersionID, first: Int64, last: Int64, vector: VersionVector?)? {
        var found: (id: VersionID, first: Int64, last: Int64, vector: VersionVector?)?
        try database.query("""
            SELECT hash, first_seq, last_seq, vector FROM versions WHERE site = ? AND kind = 'commit' AND first_seq <= ?
            ORDER BY first_seq DESC LIMIT 1
            """, [.integer(site), .integer(seq)]) { row in
            if row.int64(2) >= seq { found = (VersionID(bytes: row.blob(0)), row.int64(1), row.int64(2), VersionVector(encoded: row.blob(3))) }
        }
        return found
    }

    /// The least seq of `range` that a held commit version of the site holds.
    func leastHeldSeq(site: Int64, in range: ClosedRange<Int64>) throws -> Int64? {
        // Every commit version holds each seq of its range.
        try database.scalar("""
            SELECT min(max(first_seq, ?)) FROM versions
            WHERE site = ? AND kind = 'commit' AND first_seq <= ? AND last_seq >= ? AND last_seq >= first_seq
            """, [.integer(range.lowerBound), .integer(site), .integer(range.upperBound), .integer(range.lowerBound)])?.integer
    }

    /// Whether the store holds the commit of a document by the site ending at `lastSeq`.
    func holdsCommit(document: Int64, site: Int64, lastSeq: Int64) throws -> Bool {
        try database.scalar("SELECT 1 FROM versions WHERE site = ? AND last_seq = ? AND document = ? AND kind = 'commit'",
                            [.integer(site), .integer(lastSeq), .integer(document)]) != nil
    }

    /// The seq ranges of the site's commit versions that end above `seq`, in seq order.
    func commitRanges(site: Int64, endingAbove seq: Int64) throws -> [(first: Int64, last: Int64)] {
        var ranges: [(first: Int64, last: Int64)] = []
        try database.query("SELECT first_seq, last_seq FROM versions WHERE site = ? AND kind = 'commit' AND last_seq > ? ORDER BY first_seq",
                           [.integer(site), .integer(seq)]) { row in ranges.append((row.int64(0), row.int64(1))) }
        return ranges
    }

    /// The site's commit versions that end above `seq`, in seq order.
    func commits(site: Int64, endingAbove seq: Int64) throws -> [CommitRow] {
        var rows: [CommitRow] = []
        try database.query("""
            SELECT document, first_seq, last_seq, hlc, base, vector, message, author, time, hash, id FROM versions
            WHERE site = ? AND kind = 'commit' AND last_seq > ? ORDER BY first_seq
            """, [.integer(site), .integer(seq)]) { row in
            rows.append(CommitRow(
                rowID: row.int64(10), document: row.int64(0), firstSeq: row.int64(1), lastSeq: row.int64(2),
                hlc: Timestamp(rawValue: UInt64(bitPattern: row.int64(3))), base: VersionVector(encoded: row.blob(4)) ?? VersionVector(),
                vector: VersionVector(encoded: row.blob(5)) ?? VersionVector(), message: row.text(6) ?? "", author: row.text(7) ?? "",
                time: row.int64(8), id: VersionID(checking: row.blob(9))))
        }
        return rows
    }
}
