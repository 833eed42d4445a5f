import LayoutSpec
import SpecSync

/// What a store holds, read through SQL for the merge rules (`MergeHoldings`). Lookups are
/// cached for the length of one import or commit; nothing here writes.
final class StoreHoldings: MergeHoldings {
    let store: Store
    private var vectorCache: [Int64: (first: Int64, last: Int64, vector: VersionVector)] = [:]
    private var heads: [String: HeldHead?] = [:]

    init(store: Store) { self.store = store }

    var database: Database { store.database }
    var localSite: SiteID { store.site }

    func clock() throws -> Timestamp { try store.storedClock() }

    func holds(_ id: VersionID) throws -> Bool {
        try database.scalar("SELECT 1 FROM versions WHERE hash = ?", [.blob(id.bytes)]) != nil
    }

    func heldSeq(site: SiteID, in range: ClosedRange<Int64>) throws -> Int64? {
        guard let number = try store.sites.number(of: site) else { return nil }
        // Every commit version holds each seq of its range.
        return try database.scalar("""
            SELECT min(max(first_seq, ?)) FROM versions
            WHERE site = ? AND kind = 'commit' AND first_seq <= ? AND last_seq >= ? AND last_seq >= first_seq
            """, [.integer(range.lowerBound), .integer(number), .integer(range.upperBound), .integer(range.lowerBound)])?.integer
    }

    func holdsCommit(document: String, site: SiteID, lastSeq: Int64) throws -> Bool {
        guard let documentID = try store.documentID(document), let number = try store.sites.number(of: site) else { return false }
        return try database.scalar("SELECT 1 FROM versions WHERE site = ? AND last_seq = ? AND document = ? AND kind = 'commit'",
                                   [.integer(number), .integer(lastSeq), .integer(documentID)]) != nil
    }

    func waiting() throws -> (payloads: [VersionPayload], unreadable: Int) {
        var payloads: [VersionPayload] = []
        var unreadable = 0
        try database.query("SELECT payload FROM pending_versions") { row in
            if let decoded = try? VersionPack.decode(row.blob(0)) { payloads += decoded } else { unreadable += 1 }
        }
        return (payloads, unreadable)
    }

    func head(of document: String) throws -> HeldHead? {
        if let cached = heads[document] { return cached }
        var held: HeldHead?
        if let documentID = try store.documentID(document) {
            held = HeldHead(state: try store.headTable.state(document: documentID), tree: try store.headTree(documentID: documentID),
                            known: try store.knownVector(documentID: documentID))
        }
        heads[document] = held
        return held
    }

    func moves(of document: String, within vector: VersionVector) throws -> [TreeResolution.Move] {
        guard let documentID = try store.documentID(document) else { return [] }
        return try store.changeTable.moves(documentID: documentID, within: vector)
    }

    func seenVector(site: SiteID, seq: Int64) throws -> VersionVector? {
        guard let number = try store.sites.number(of: site) else { return nil }
        if let cached = vectorCache[number], cached.first <= seq, seq <= cached.last { return cached.vector }
        var found: (Int64, Int64, VersionVector)?
        try database.query("""
            SELECT first_seq, last_seq, vector FROM versions WHERE site = ? AND kind = 'commit' AND first_seq <= ?
            ORDER BY first_seq DESC LIMIT 1
            """, [.integer(number), .integer(seq)]) { row in
            if row.int64(1) >= seq, let vector = VersionVector(encoded: row.blob(2)) { found = (row.int64(0), row.int64(1), vector) }
        }
        guard let found else { return nil }
        vectorCache[number] = found
        return found.2
    }

    func version(of document: String, vector: VersionVector) throws -> VersionID? {
        guard let documentID = try store.documentID(document) else { return nil }
        var match: VersionID?
        // Knowledge only grows, so a version with everything known is among the latest.
        try database.query("SELECT hash, vector FROM versions WHERE document = ? ORDER BY number DESC LIMIT 64", [.integer(documentID)]) { row in
            if match == nil, VersionVector(encoded: row.blob(1)) == vector { match = VersionID(checking: row.blob(0)) }
        }
        return match
    }
}
