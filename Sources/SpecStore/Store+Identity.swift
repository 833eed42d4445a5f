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

    /// Names this store (`plumb site name`): shown to every store it syncs with, wherever its
    /// site would be named by id. An empty name takes the name back. Refused in words when the
    /// name cannot be one (`SiteName.problem`).
    public func setName(_ name: String) throws {
        if let problem = SiteName.problem(with: name) { throw StoreError.invalidEdit(problem) }
        try mapErrors {
            try database.writeTransaction {
                let held = try sites.names().first { $0.site == site }
                // Later than the name held, whatever this machine's clock says.
                let time = max(Int64(clock()), (held?.time ?? 0) + 1)
                _ = try sites.record([SiteName(site: site, name: name, time: time)])
            }
        }
    }

    /// Every site's name this store knows (its own among them), to show and to pass on with sync.
    public func siteNames() throws -> [SiteName] {
        try database.readTransaction { try sites.names() }
    }

    /// The name of `site` (nil when it has none, or took it back).
    public func name(of site: SiteID) throws -> String? {
        try siteNames().first { $0.site == site }.flatMap { $0.name.isEmpty ? nil : $0.name }
    }

    /// Takes in names another store passed on (each replaces the one held when later); returns
    /// how many changed.
    @discardableResult
    public func importSiteNames(_ names: [SiteName]) throws -> Int {
        guard !names.isEmpty else { return 0 }
        return try mapErrors { try database.writeTransaction { try sites.record(names) } }
    }
}
