import LayoutSpec
import SpecSync

/// Stored changes (`version_changes`, `version_moves`), their one reader and writer: every
/// commit version's changes go in packed, one blob per version, and come out through here.
/// Versions are rows of `versions`, which name the site by its local number. Callers hold the
/// transaction.
struct ChangeTable {
    let database: Database
    let changeLog: ChangeLog
    let sites: SiteTable
    /// The store's path, for damage said in words.
    let path: String

    /// A change as read back: its seq and clock (from its version row) and what it wrote.
    struct StoredChange {
        let seq: Int64
        let hlc: Timestamp
        let view: String
        let property: Property
        let value: String?
    }

    /// Writes the packed changes (and moves) of the commit version at row `versionRowID`.
    func insert(_ payload: VersionPayload, versionRowID: Int64, documentID: Int64) throws {
        let packed = changeLog.pack(payload.changes, firstSeq: payload.firstSeq)
        try database.run("INSERT INTO version_changes (version, changes) VALUES (?, ?)", [.integer(versionRowID), .blob(packed.changes)])
        if let moves = packed.moves {
            try database.run("INSERT INTO version_moves (version, document, moves) VALUES (?, ?, ?)",
                             [.integer(versionRowID), .integer(documentID), .blob(moves)])
        }
    }

    /// Calls `body` with each change by local site `number` with a seq in `after + 1 ... through`,
    /// of document `documentID` only when given, of `views` only when given: version by version
    /// in seq order.
    func forEachChange(site number: Int64, after: Int64, through: Int64, documentID: Int64? = nil, views: ViewFilter? = nil,
                       _ body: (StoredChange) throws -> Void) throws {
        guard through > after else { return }
        let statement = try database.cachedStatement("""
            SELECT v.id, v.first_seq, v.last_seq, v.hlc, c.changes FROM versions v LEFT JOIN version_changes c ON c.version = v.id
            WHERE v.site = ? AND v.kind = 'commit' AND v.first_seq <= ? AND v.last_seq > ?\(documentID == nil ? "" : " AND v.document = ?")
            ORDER BY v.first_seq
            """)
        try statement.bind([.integer(number), .integer(through), .integer(after)] + (documentID.map { [SQLValue.integer($0)] } ?? []))
        while try statement.step() {
            let first = statement.int64(1), last = statement.int64(2)
            let hlc = Timestamp(rawValue: UInt64(bitPattern: statement.int64(3)))
            let count = try changeCount(first: first, last: last, version: statement.int64(0))
            try unpack(statement.blob(4), version: statement.int64(0), count: count, views: views) { entry in
                let seq = first + Int64(entry.offset)
                guard seq > after, seq <= through else { return }
                try body(StoredChange(seq: seq, hlc: hlc, view: entry.view, property: entry.property, value: entry.value))
            }
        }
    }

    /// The changes of one commit version of `document` (row `rowID`, by `site`, seqs
    /// `first...last`, clock `hlc`), in seq order.
    func changes(ofVersion rowID: Int64, document: String, site: SiteID, first: Int64, last: Int64, hlc: Timestamp) throws -> ChangeList {
        guard last >= first else { return ChangeList(document: document, site: site, hlc: hlc, firstSeq: first) }
        let blob = try database.scalar("SELECT changes FROM version_changes WHERE version = ?", [.integer(rowID)])?.blob ?? []
        let count = Int(try changeCount(first: first, last: last, version: rowID))
        guard let block = changeLog.block(blob, count: count) else { throw damagedChanges(version: rowID) }
        // The count comes from the version row: trusted only as far as the unpacked bytes, of
        // which every change takes at least two (a damaged row cannot ask for more memory than
        // its bytes justify). Not capped lower: a version of millions of changes grown by
        // doubling would hold its changes twice while they are copied.
        var changes = ChangeList(document: document, site: site, hlc: hlc, firstSeq: first, capacity: min(count, block.count / 2))
        let whole = ChangeBlock.decode(block, count: count) { entry in
            changes.append(view: entry.view, property: entry.property, value: entry.value)
        }
        guard whole else { throw damagedChanges(version: rowID) }
        return changes
    }

    /// Unpacks one version's blob, or says in words which version cannot be read.
    func unpack(_ blob: [UInt8], version rowID: Int64, count: Int64, views: ViewFilter? = nil,
                _ body: (ChangeBlock.Entry) throws -> Void) throws {
        guard count > 0 else { return }
        guard try changeLog.unpack(blob, count: Int(count), views: views, body) else { throw damagedChanges(version: rowID) }
    }

    /// How many changes a version row's seqs `first...last` hold; a range no version can have
    /// (past `Int32.max` changes, or overflowing) is a damaged row, said in words.
    func changeCount(first: Int64, last: Int64, version rowID: Int64) throws -> Int64 {
        let (difference, overflow) = last.subtractingReportingOverflow(first)
        guard !overflow, difference < Int64(Int32.max) else { throw damagedChanges(version: rowID) }
        return difference + 1
    }

    /// The error for a version whose stored changes are missing or damaged.
    func damagedChanges(version rowID: Int64) -> StoreError {
        let id = (try? database.scalar("SELECT hash FROM versions WHERE id = ?", [.integer(rowID)])?.blob).flatMap { $0 }.map { Hex.encode($0).prefix(12) }
        return StoreError.corrupt(path: path, detail: "the changes of version \(id.map(String.init) ?? "row \(rowID)") are missing or damaged")
    }

    /// Every `parent` change of a document that `vector` includes, for a whole tree replay.
    func moves(documentID: Int64, within vector: VersionVector) throws -> [TreeResolution.Move] {
        var moves: [TreeResolution.Move] = []
        try database.query("""
            SELECT v.id, v.site, v.first_seq, v.last_seq, v.hlc, m.moves FROM version_moves m JOIN versions v ON v.id = m.version
            WHERE m.document = ?
            """, [.integer(documentID)]) { row in
            guard let site = try sites.site(numbered: row.int64(1)) else { throw damagedChanges(version: row.int64(0)) }
            let first = row.int64(2), count = Int(try changeCount(first: first, last: row.int64(3), version: row.int64(0)))
            guard vector.includes(site: site, seq: first) else { return }
            guard count > 0, let entries = changeLog.unpackMoves(row.blob(5), count: count) else { throw damagedChanges(version: row.int64(0)) }
            let hlc = Timestamp(rawValue: UInt64(bitPattern: row.int64(4)))
            for entry in entries where vector.includes(site: site, seq: first + Int64(entry.offset)) {
                moves.append(TreeResolution.Move(view: entry.view, parent: entry.parent, stamp: Stamp(hlc: hlc, site: site, seq: first + Int64(entry.offset))))
            }
        }
        return moves
    }
}
