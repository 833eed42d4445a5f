import Foundation
import SpecSync

/// A Plumb store: one SQLite file holding every version of every document.
///
/// Opening checks the file is a Plumb store this build understands, before writing anything,
/// then applies pending migrations. Write commands each run in one `BEGIN IMMEDIATE`
/// transaction, so several processes can write one store at once.
public final class Store {
    public let database: Database
    public let path: String
    /// This store's own site id.
    public let site: SiteID
    /// This store's local number for its own site.
    let localSite: Int64
    /// Every site's local number and id, loaded once (sites are few).
    private(set) var sitesByNumber: [Int64: SiteID] = [:]
    private var numbersBySite: [SiteID: Int64] = [:]
    /// The wall clock, Unix milliseconds. The CLI sets it from `PLUMB_NOW_MS` when that is set,
    /// so tests can run at any time.
    public var clock: () -> UInt64 = Store.wallClock

    /// How many milliseconds a busy store is waited for.
    public static let busyTimeout = 30_000

    /// Creates a new store file at `path` with a fresh site id.
    public static func create(at path: String) throws -> Store {
        if FileManager.default.fileExists(atPath: path) { throw StoreError.alreadyExists(path) }
        return try Store(path: path, mode: .create)
    }

    /// Opens an existing store.
    public static func open(at path: String) throws -> Store {
        guard FileManager.default.fileExists(atPath: path) else { throw StoreError.notAStore(path) }
        return try Store(path: path, mode: .readWrite)
    }

    private init(path: String, mode: Database.Mode) throws {
        self.path = path
        do {
            database = try Database(path: path, mode: mode)
            try database.execute("PRAGMA busy_timeout = \(Store.busyTimeout)")
            let migrator = Migrator(database: database, migrations: Migration.all)
            try migrator.checkCompatible()
            try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY")
            try migrator.migrate(now: Int64(Store.wallClock()))
            (site, localSite) = try Store.ensureSite(database)
        } catch let error as SQLiteError where error.isCorrupt {
            throw StoreError.corrupt(path: path, detail: error.message)
        } catch let error as SQLiteError where error.isBusy {
            throw StoreError.busy(path)
        }
        try loadSites()
    }

    /// Reads this store's site id, making one on first open.
    private static func ensureSite(_ database: Database) throws -> (SiteID, Int64) {
        try database.writeTransaction {
            if let hex = try database.scalar("SELECT value FROM meta WHERE key = 'site'")?.text, let site = SiteID(hex: hex) {
                let number = try database.scalar("SELECT id FROM sites WHERE uuid = ?", [.blob(site.bytes)])?.integer
                return (site, number!)
            }
            let site = SiteID.random()
            try database.run("INSERT INTO meta (key, value) VALUES ('site', ?)", [.text(site.hex)])
            try database.run("INSERT INTO sites (uuid) VALUES (?)", [.blob(site.bytes)])
            return (site, database.lastInsertRowID)
        }
    }

    func loadSites() throws {
        try database.query("SELECT id, uuid FROM sites") { row in
            if let site = SiteID(bytes: row.blob(1)) {
                sitesByNumber[row.int64(0)] = site
                numbersBySite[site] = row.int64(0)
            }
        }
    }

    /// The local number of a site, registering it if new.
    func number(of site: SiteID) throws -> Int64 {
        if let number = numbersBySite[site] { return number }
        try database.run("INSERT INTO sites (uuid) VALUES (?)", [.blob(site.bytes)])
        let number = database.lastInsertRowID
        numbersBySite[site] = number
        sitesByNumber[number] = site
        return number
    }

    /// The site with local number `number`.
    func site(numbered number: Int64) -> SiteID {
        sitesByNumber[number]!
    }

    /// Unix milliseconds now.
    public static func wallClock() -> UInt64 {
        UInt64(Date().timeIntervalSince1970 * 1000)
    }

    /// Checks the file with `PRAGMA integrity_check`; returns SQLite's findings ("ok" when sound).
    public func integrityCheck() throws -> [String] {
        var findings: [String] = []
        try database.query("PRAGMA integrity_check") { row in findings.append(row.text(0) ?? "") }
        return findings
    }
}

extension Store {
    /// Finds `.plumb/store.sqlite` in `directory` or the nearest parent, as git finds `.git`.
    public static func locate(from directory: String) -> String? {
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = url.appendingPathComponent(".plumb/store.sqlite").path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }

    /// The store file inside a store folder.
    public static func storeFile(inDirectory directory: String) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(".plumb/store.sqlite").path
    }
}
