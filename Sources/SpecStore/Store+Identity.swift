import SpecSync

extension Store {
    /// Gives this store a new site id, for a store that was copied from another: its past
    /// changes keep the old id (as anybody else's would), its future changes use the new one.
    /// Returns the new id; reopen the store to write with it.
    public func reidentify() throws -> SiteID {
        try mapErrors {
            try database.writeTransaction {
                let fresh = SiteID.random()
                try database.run("INSERT INTO sites (uuid) VALUES (?)", [.blob(fresh.bytes)])
                try database.run("UPDATE meta SET value = ? WHERE key = 'site'", [.text(fresh.hex)])
                return fresh
            }
        }
    }
}
