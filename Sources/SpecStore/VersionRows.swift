import LayoutSpec
import SpecSync

/// The one codec of version rows: every insert of a version (its changes through
/// `insertChanges`), and every stamp read back from a row, goes through here.
extension Store {
    /// Inserts a version row; returns its row id.
    func insertVersion(id: VersionID, documentID: Int64, number: Int64, kind: Version.Kind, site: Int64, firstSeq: Int64,
                       lastSeq: Int64, hlc: Timestamp, vector: VersionVector, base: VersionVector,
                       message: String, author: String, time: Int64) throws -> Int64 {
        let statement = try database.cachedStatement("""
            INSERT INTO versions (hash, document, number, kind, site, first_seq, last_seq, hlc, vector, base, message, author, time)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try statement.bind([.blob(id.bytes), .integer(documentID), .integer(number), .text(kind.rawValue), .integer(site),
                            .integer(firstSeq), .integer(lastSeq), .integer(Int64(bitPattern: hlc.rawValue)),
                            .blob(vector.encoded), .blob(base.encoded), .text(message), .text(author), .integer(time)])
        while try statement.step() {}
        return database.lastInsertRowID
    }

    /// Inserts a commit version with its changes (one clock reading, consecutive seqs).
    func insertCommit(_ payload: VersionPayload, documentID: Int64, number: Int64, site: Int64) throws -> Int64 {
        let version = payload.version
        let rowID = try insertVersion(id: payload.id, documentID: documentID, number: number, kind: .commit, site: site,
                                      firstSeq: payload.firstSeq, lastSeq: payload.lastSeq, hlc: payload.hlc, vector: version.vector,
                                      base: payload.base, message: version.message, author: version.author, time: version.time)
        try changeTable.insert(payload, versionRowID: rowID, documentID: documentID)
        versionsWritten += 1
        return rowID
    }

    /// The stamp of a row holding a clock, a local site number and a seq at these columns.
    func stamp(_ row: Row, hlc: Int32, site: Int32, seq: Int32) throws -> Stamp {
        Stamp(hlc: Timestamp(rawValue: UInt64(bitPattern: row.int64(hlc))), site: try self.sites.requireSite(numbered: row.int64(site), path: self.path), seq: row.int64(seq))
    }

    /// The stamp at the current row of a statement (same columns as `stamp(_:hlc:site:seq:)`).
    func stamp(_ statement: Statement, hlc: Int32, site: Int32, seq: Int32) throws -> Stamp {
        Stamp(hlc: Timestamp(rawValue: UInt64(bitPattern: statement.int64(hlc))), site: try self.sites.requireSite(numbered: statement.int64(site), path: self.path), seq: statement.int64(seq))
    }
}
