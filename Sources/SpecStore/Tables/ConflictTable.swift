import LayoutSpec
import SpecSync

/// The `conflicts` and `structural_conflicts` tables: property writes that lost, and
/// structural losses (docs/sync.md), by document row id. Sites are stored by their local
/// number. Callers hold the transaction.
struct ConflictTable {
    let database: Database
    let sites: SiteTable
    /// The store's path, for damage said in words.
    let path: String

    func propertyConflicts(document: Int64) throws -> [Conflict] {
        var conflicts: [Conflict] = []
        try database.query("""
            SELECT view, property, winner_value, winner_site, winner_seq, winner_hlc, loser_value, loser_site, loser_seq, loser_hlc
            FROM conflicts WHERE document = ? ORDER BY view, property, loser_hlc
            """, [.integer(document)]) { row in
            conflicts.append(Conflict(
                view: row.text(0) ?? "", property: row.text(1) ?? "",
                winner: Conflict.Side(value: row.text(2), stamp: try stamp(row, hlc: 5, site: 3, seq: 4)),
                loser: Conflict.Side(value: row.text(6), stamp: try stamp(row, hlc: 9, site: 7, seq: 8))))
        }
        return conflicts
    }

    func structuralConflicts(document: Int64) throws -> [StructuralConflict] {
        var conflicts: [StructuralConflict] = []
        try database.query("""
            SELECT view, loser_site, loser_seq, loser_hlc, kind, cause, winner_view, winner_site, winner_seq, winner_hlc, lost
            FROM structural_conflicts WHERE document = ? ORDER BY view, loser_hlc, loser_seq
            """, [.integer(document)]) { row in
            guard let kind = StructuralConflict.Kind(rawValue: row.text(4) ?? "") else { return }
            conflicts.append(StructuralConflict(
                kind: kind, view: row.text(0) ?? "", cause: row.text(5) ?? "", winnerView: row.text(6) ?? "",
                winner: try stamp(row, hlc: 9, site: 7, seq: 8), loser: try stamp(row, hlc: 3, site: 1, seq: 2),
                lost: ConflictTable.decodeLost(row.text(10) ?? "")))
        }
        return conflicts
    }

    /// Removes a document's conflicts of both kinds; returns how many there were.
    func clear(document: Int64) throws -> Int {
        var count: Int64 = 0
        for table in ["conflicts", "structural_conflicts"] {
            count += try database.scalar("SELECT count(*) FROM \(table) WHERE document = ?", [.integer(document)])?.integer ?? 0
            try database.run("DELETE FROM \(table) WHERE document = ?", [.integer(document)])
        }
        return Int(count)
    }

    /// Records property conflicts; a newer one for the same view, property and losing time
    /// replaces the row.
    func record(_ conflicts: [Conflict], document: Int64) throws {
        for conflict in conflicts {
            let winner = conflict.winner, loser = conflict.loser
            try database.run("""
                INSERT OR REPLACE INTO conflicts (document, view, property, winner_value, winner_site, winner_seq, winner_hlc,
                                                  loser_value, loser_site, loser_seq, loser_hlc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.integer(document), .text(conflict.view), .text(conflict.property),
                      winner.value.map(SQLValue.text) ?? .null, .integer(try sites.register(winner.stamp.site)), .integer(winner.stamp.seq),
                      .integer(Int64(bitPattern: winner.stamp.hlc.rawValue)),
                      loser.value.map(SQLValue.text) ?? .null, .integer(try sites.register(loser.stamp.site)), .integer(loser.stamp.seq),
                      .integer(Int64(bitPattern: loser.stamp.hlc.rawValue))])
        }
    }

    /// Records structural conflicts; one already recorded for the same view and first losing
    /// change keeps what it listed, with the new properties added.
    func record(_ conflicts: [StructuralConflict], document: Int64) throws {
        for var conflict in conflicts {
            let loserSite = try sites.register(conflict.loser.site)
            if let text = try database.scalar(
                "SELECT lost FROM structural_conflicts WHERE document = ? AND view = ? AND loser_site = ? AND loser_seq = ?",
                [.integer(document), .text(conflict.view), .integer(loserSite), .integer(conflict.loser.seq)])?.text {
                conflict = conflict.adding(ConflictTable.decodeLost(text))
            }
            try database.run("""
                INSERT OR REPLACE INTO structural_conflicts (document, view, loser_site, loser_seq, loser_hlc, kind, cause, winner_view,
                                                             winner_site, winner_seq, winner_hlc, lost) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.integer(document), .text(conflict.view), .integer(loserSite), .integer(conflict.loser.seq),
                      .integer(Int64(bitPattern: conflict.loser.hlc.rawValue)), .text(conflict.kind.rawValue), .text(conflict.cause),
                      .text(conflict.winnerView), .integer(try sites.register(conflict.winner.site)), .integer(conflict.winner.seq),
                      .integer(Int64(bitPattern: conflict.winner.hlc.rawValue)), .text(ConflictTable.encodeLost(conflict.lost))])
        }
    }

    /// The documents other than `document` that have conflicts recorded.
    func otherDocuments(than document: Int64) throws -> Set<Int64> {
        var found = Set<Int64>()
        try database.query("""
            SELECT document FROM conflicts WHERE document != ?1 UNION SELECT document FROM structural_conflicts WHERE document != ?1
            """, [.integer(document)]) { row in found.insert(row.int64(0)) }
        return found
    }

    /// A document's open conflicts, property and structural: those with no resolution. One
    /// query, whatever the size of the document.
    func openCount(document: Int64) throws -> Int {
        Int(try database.scalar("""
            SELECT (SELECT count(*) FROM conflicts c WHERE c.document = ?1 AND NOT EXISTS (SELECT 1 FROM conflict_resolutions r
                        WHERE r.loser_site = c.loser_site AND r.loser_seq = c.loser_seq AND r.view = c.view AND r.property = c.property))
                 + (SELECT count(*) FROM structural_conflicts c WHERE c.document = ?1 AND NOT EXISTS (SELECT 1 FROM conflict_resolutions r
                        WHERE r.loser_site = c.loser_site AND r.loser_seq = c.loser_seq AND r.view = c.view AND r.property = ''))
            """, [.integer(document)])?.integer ?? 0)
    }

    /// Every resolution this store holds (of conflicts it holds or not: they pass on with sync).
    func resolutions() throws -> [ConflictResolution] {
        var found: [ConflictResolution] = []
        try database.query("SELECT loser_site, loser_seq, view, property, state, site, time FROM conflict_resolutions ORDER BY time") { row in
            guard let state = ConflictResolution.State(rawValue: row.text(4) ?? "") else { return }
            let key = ConflictResolution.Key(loserSite: try sites.requireSite(numbered: row.int64(0), path: path), loserSeq: row.int64(1),
                                             view: row.text(2) ?? "", property: row.text(3) ?? "")
            found.append(ConflictResolution(key: key, state: state, site: try sites.requireSite(numbered: row.int64(5), path: path), time: row.int64(6)))
        }
        return found
    }

    /// Adds resolutions (those already held are left as they are); returns how many were new.
    @discardableResult
    func record(_ resolutions: [ConflictResolution]) throws -> Int {
        var added = 0
        for resolution in resolutions {
            let key = resolution.key
            try database.run("""
                INSERT OR IGNORE INTO conflict_resolutions (loser_site, loser_seq, view, property, state, site, time) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [.integer(try sites.register(key.loserSite)), .integer(key.loserSeq), .text(key.view), .text(key.property),
                      .text(resolution.state.rawValue), .integer(try sites.register(resolution.site)), .integer(resolution.time)])
            added += database.changes
        }
        return added
    }

    private func stamp(_ row: Row, hlc: Int32, site: Int32, seq: Int32) throws -> Stamp {
        Stamp(hlc: Timestamp(rawValue: UInt64(bitPattern: row.int64(hlc))), site: try sites.requireSite(numbered: row.int64(site), path: path),
              seq: row.int64(seq))
    }

    /// `{"text": "edited", "width": null}`: each lost property with its value as JSON.
    static func encodeLost(_ lost: [StructuralConflict.LostValue]) -> String {
        JSONWriter.compact(.object(lost.map { JSONMember($0.property.rawValue, $0.value.flatMap(ValueText.decode) ?? .null) }))
    }

    static func decodeLost(_ text: String) -> [StructuralConflict.LostValue] {
        guard case .object(let members)? = try? JSONParser.parse(text) else { return [] }
        return members.compactMap { member in
            Property.named(member.key).map { StructuralConflict.LostValue(property: $0, value: member.value == .null ? nil : ValueText.encode(member.value)) }
        }
    }
}
