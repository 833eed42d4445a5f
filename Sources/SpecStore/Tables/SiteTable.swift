import SpecSync

/// The `sites` table: every site whose changes this store holds, by the local number that
/// versions, head chunks, snapshots and conflicts name it by. Sites are few, so every row read
/// is kept; a number or id not kept yet is looked up in the table, where another process (a
/// sync into the same store) may have added it since this connection read it.
final class SiteTable {
    private let database: Database
    private var sitesByNumber: [Int64: SiteID] = [:]
    private var numbersBySite: [SiteID: Int64] = [:]

    init(database: Database) throws {
        self.database = database
        try database.query("SELECT id, uuid FROM sites") { row in
            if let site = SiteID(bytes: row.blob(1)) { keep(site, number: row.int64(0)) }
        }
    }

    /// Every site of the table, by number (read again: another process may have added some).
    func all() throws -> [(number: Int64, site: SiteID)] {
        var sites: [(number: Int64, site: SiteID)] = []
        try database.query("SELECT id, uuid FROM sites ORDER BY id") { row in
            if let site = SiteID(bytes: row.blob(1)) { sites.append((row.int64(0), site)) }
        }
        for (number, site) in sites { keep(site, number: number) }
        return sites
    }

    /// The site's number, adding a row for a site the store has not seen (inside the caller's
    /// write transaction).
    func register(_ site: SiteID) throws -> Int64 {
        if let number = try number(of: site) { return number }
        try database.run("INSERT INTO sites (uuid) VALUES (?)", [.blob(site.bytes)])
        let number = database.lastInsertRowID
        keep(site, number: number)
        return number
    }

    /// The site's number; `nil` when the store has never seen the site.
    func number(of site: SiteID) throws -> Int64? {
        if let number = numbersBySite[site] { return number }
        guard let number = try database.scalar("SELECT id FROM sites WHERE uuid = ?", [.blob(site.bytes)])?.integer else { return nil }
        keep(site, number: number)
        return number
    }

    /// The site numbered `number`; `nil` when the table has no such row.
    func site(numbered number: Int64) throws -> SiteID? {
        if let site = sitesByNumber[number] { return site }
        guard let bytes = try database.scalar("SELECT uuid FROM sites WHERE id = ?", [.integer(number)])?.blob,
              let site = SiteID(bytes: bytes) else { return nil }
        keep(site, number: number)
        return site
    }

    /// The site numbered `number`, which a row of the store names: a number the table does not
    /// list is damage, said in words.
    func requireSite(numbered number: Int64, path: String) throws -> SiteID {
        guard let site = try site(numbered: number) else {
            throw StoreError.corrupt(path: path, detail: "site number \(number) is named but not listed")
        }
        return site
    }

    private func keep(_ site: SiteID, number: Int64) {
        sitesByNumber[number] = site
        numbersBySite[site] = number
    }
}

/// Site names (`SiteName`): one last-writer-wins register per row of the table.
extension SiteTable {
    /// Every site's name that was ever set (cleared ones too: a clearing must pass on).
    func names() throws -> [SiteName] {
        var names: [SiteName] = []
        try database.query("SELECT uuid, name, named_at FROM sites WHERE name IS NOT NULL ORDER BY id") { row in
            if let site = SiteID(bytes: row.blob(0)) { names.append(SiteName(site: site, name: row.text(1) ?? "", time: row.int64(2))) }
        }
        return names
    }

    /// Takes in names; each replaces the one held only when it is later (`SiteName.supersedes`).
    /// Returns how many replaced one (inside the caller's write transaction).
    @discardableResult
    func record(_ names: [SiteName]) throws -> Int {
        var changed = 0
        for name in names where SiteName.problem(with: name.name) == nil {
            let number = try register(name.site)
            var held: SiteName?
            try database.query("SELECT name, named_at FROM sites WHERE id = ? AND name IS NOT NULL", [.integer(number)]) { row in
                held = SiteName(site: name.site, name: row.text(0) ?? "", time: row.int64(1))
            }
            guard held.map(name.supersedes) ?? true else { continue }
            try database.run("UPDATE sites SET name = ?, named_at = ? WHERE id = ?", [.text(name.name), .integer(name.time), .integer(number)])
            changed += 1
        }
        return changed
    }
}
