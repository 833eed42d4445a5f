import SpecSync

/// A concurrent write that lost, with the sites named by id.
extension Store {
    /// Every recorded conflict of a document, by view and property.
    public func conflicts(of document: String) throws -> [Conflict] {
        let documentID = try requireDocument(document)
        var conflicts: [Conflict] = []
        try database.query("""
            SELECT view, property, winner_value, winner_site, winner_seq, winner_hlc, loser_value, loser_site, loser_seq, loser_hlc
            FROM conflicts WHERE document = ? ORDER BY view, property, loser_hlc
            """, [.integer(documentID)]) { row in
            func stamp(_ site: Int32, _ seq: Int32, _ hlc: Int32) -> Stamp {
                Stamp(hlc: Timestamp(rawValue: UInt64(bitPattern: row.int64(hlc))), site: self.site(numbered: row.int64(site)), seq: row.int64(seq))
            }
            conflicts.append(Conflict(
                view: row.text(0) ?? "", property: row.text(1) ?? "",
                winner: Conflict.Side(value: row.text(2), stamp: stamp(3, 4, 5)),
                loser: Conflict.Side(value: row.text(6), stamp: stamp(7, 8, 9))))
        }
        return conflicts
    }

    /// Forgets a document's recorded conflicts; returns how many there were.
    @discardableResult
    public func clearConflicts(of document: String) throws -> Int {
        try mapBusy {
            try database.writeTransaction {
                let documentID = try requireDocument(document)
                let count = try database.scalar("SELECT count(*) FROM conflicts WHERE document = ?", [.integer(documentID)])?.integer ?? 0
                try database.run("DELETE FROM conflicts WHERE document = ?", [.integer(documentID)])
                return Int(count)
            }
        }
    }

    /// Gives this store a new site id, for a store that was copied from another: its past
    /// changes keep the old id (as anybody else's would), its future changes use the new one.
    /// Returns the new id; reopen the store to write with it.
    public func reidentify() throws -> SiteID {
        try mapBusy {
            try database.writeTransaction {
                let fresh = SiteID.random()
                try database.run("INSERT INTO sites (uuid) VALUES (?)", [.blob(fresh.bytes)])
                try database.run("UPDATE meta SET value = ? WHERE key = 'site'", [.text(fresh.hex)])
                return fresh
            }
        }
    }
}
