import FoundationEssentials
import Glibc
import SpecSync

/// A Plumb store: one SQLite file holding every version of every document.
///
/// Opening checks the file is a Plumb store this build understands, before writing anything,
/// then applies pending migrations. Write commands each run in one `BEGIN IMMEDIATE`
/// transaction, so several processes can write one store at once. A store opened for reading
/// never writes and takes no write lock, so reads work on a read-only file.
public final class Store {
    package let database: Database
    /// Packs and unpacks stored changes (its compression contexts are reused for every blob).
    let changeLog = ChangeLog()
    public let path: String
    /// How the store was opened.
    public let access: Access
    /// This store's own site id.
    public let site: SiteID
    /// This store's local number for its own site (0 when opened for reading and the site has
    /// no row yet).
    let localSite: Int64
    /// Every site's local number and id.
    let sites: SiteTable
    // The parts that own the other tables (Tables/), each its table's one reader and writer;
    // `Store`'s methods hold the transactions and say what went wrong in the store's words.
    let documentTable: DocumentTable
    let versionTable: VersionTable
    let tagTable: TagTable
    let remoteTable: RemoteTable
    let conflictTable: ConflictTable
    let snapshotTable: SnapshotTable
    let headTable: HeadTable
    let changeTable: ChangeTable
    /// The wall clock, Unix milliseconds. The CLI sets it from `PLUMB_NOW_MS` when that is set,
    /// so tests can run at any time.
    public var clock: () -> UInt64 = Store.wallClock
    /// Commit versions this connection has written (made or received; counted as written,
    /// whether or not their transaction lands): whether `compactIfDue` is worth asking.
    public internal(set) var versionsWritten = 0

    /// How many milliseconds a busy store is waited for.
    public static let busyTimeout = 30_000

    /// What a connection may do.
    public enum Access: Sendable {
        /// Reads and writes; migrates an older schema on open.
        case write
        /// Reads only: no write, no write lock, works on a read-only file.
        case read
    }

    /// Creates a new store file at `path` with a fresh site id. The store is built under a
    /// temporary name beside `path` (and `populate`, if given, fills it there), then put in
    /// place whole: a failure (a full disk, a refused clone) leaves nothing at `path`.
    public static func create(at path: String, populate: ((Store) throws -> Void)? = nil) throws -> Store {
        try StoreFile.checkNew(path)
        let temporary = StoreFile.temporaryName(beside: path)
        do {
            try Store.build(at: temporary, reportedAs: path, populate: populate)
            try StoreFile.publish(temporary, as: path)
        } catch {
            StoreFile.remove(temporary)
            throw error
        }
        return try Store.open(at: path)
    }

    /// Makes and fills the store at `temporary`, then closes it (folding its log back in).
    private static func build(at temporary: String, reportedAs path: String, populate: ((Store) throws -> Void)?) throws {
        do {
            let store = try Store(path: temporary, mode: .create, migrate: true)
            try store.mapErrors {
                try populate?(store)
                try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            }
        } catch let error as StoreError {
            throw error.renamingPath(from: temporary, to: path)
        }
    }

    /// Opens an existing store. `migrate: false` refuses a store written by an older Plumb
    /// (`StoreError.olderSchema`) instead of upgrading it: for another store, which only its
    /// owner should upgrade.
    public static func open(at path: String, access: Access = .write, migrate: Bool = true) throws -> Store {
        try StoreFile.checkExisting(path)
        switch access {
        case .write:
            return try Store(path: path, mode: .readWrite, migrate: migrate)
        case .read:
            do {
                return try Store(path: path, mode: .readOnly, migrate: false)
            } catch StoreError.olderSchema(_, _, _) where migrate && StoreFile.isWritable(path) {
                // A store that needs upgrading is upgraded once by a writing connection (its
                // owner is running this Plumb), then read as usual.
                _ = try Store(path: path, mode: .readWrite, migrate: true)
                return try Store(path: path, mode: .readOnly, migrate: false)
            }
        }
    }

    private init(path: String, mode: Database.Mode, migrate: Bool) throws {
        self.path = path
        access = mode == .readOnly || mode == .immutable ? .read : .write
        do {
            database = try Store.connect(path, mode: mode)
            let migrator = Migrator(database: database, migrations: Migration.all)
            let found = try migrator.compatibleVersion()
            let current = migrator.migrations.last?.version ?? 0
            if access == .read || !migrate, found < current, !(found == 0 && mode == .create) {
                if found == 0 { throw StoreError.notAStore(path) }
                throw StoreError.olderSchema(path: path, found: found, current: current)
            }
            if access == .write {
                // A new file gets its schema before the switch to WAL: the log would hold a
                // copy of every page each migration step writes (a new store on a nearly full
                // disk must fit).
                if found == 0 && mode == .create { try migrator.migrate(now: Int64(Store.wallClock())) }
                try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
                if found < current && !(found == 0 && mode == .create) { try migrator.migrate(now: Int64(Store.wallClock())) }
            }
            try database.execute("PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY")
            (site, localSite) = try access == .write ? Store.ensureSite(database) : Store.readSite(database, path: path)
            sites = try SiteTable(database: database)
            documentTable = DocumentTable(database: database)
            versionTable = VersionTable(database: database, sites: sites, path: path)
            tagTable = TagTable(database: database)
            remoteTable = RemoteTable(database: database)
            conflictTable = ConflictTable(database: database, sites: sites, path: path)
            snapshotTable = SnapshotTable(database: database, changeLog: changeLog, sites: sites, path: path)
            headTable = HeadTable(database: database, changeLog: changeLog, sites: sites, documents: documentTable, path: path)
            changeTable = ChangeTable(database: database, changeLog: changeLog, sites: sites, path: path)
        } catch let error as SQLiteError {
            throw Store.storeError(error, path: path)
        }
    }

    /// A connection, waiting up to `busyTimeout` for locks from its first read on: two readers
    /// opening a store at once can find it locked while one rebuilds the log's index (after a
    /// writer was killed, say). A reader falls back to an immutable open only where SQLite cannot
    /// make the log's index (a folder this user cannot write) and no log is beside the file, so
    /// the file holds every committed version.
    private static func connect(_ path: String, mode: Database.Mode) throws(SQLiteError) -> Database {
        func opened(_ mode: Database.Mode) throws(SQLiteError) -> Database {
            let database = try Database(path: path, mode: mode)
            try database.execute("PRAGMA busy_timeout = \(busyTimeout)")
            return database
        }
        guard mode == .readOnly else { return try opened(mode) }
        do {
            let database = try opened(mode)
            _ = try database.scalar("SELECT count(*) FROM sqlite_master")
            return database
        } catch let error where [ResultCode.cannotOpen, .readOnly].contains(error.primaryCode) && !StoreFile.exists(path + "-wal") {
            return try opened(.immutable)
        }
    }

    /// Reads this store's site id, making one on first open.
    private static func ensureSite(_ database: Database) throws -> (SiteID, Int64) {
        if let found = try siteRow(database) { return found }
        return try database.writeTransaction {
            if let found = try siteRow(database) { return found }
            let site = SiteID.random()
            try database.run("INSERT INTO meta (key, value) VALUES ('site', ?)", [.text(site.hex)])
            try database.run("INSERT INTO sites (uuid) VALUES (?)", [.blob(site.bytes)])
            return (site, database.lastInsertRowID)
        }
    }

    private static func readSite(_ database: Database, path: String) throws -> (SiteID, Int64) {
        guard let found = try siteRow(database) else { throw StoreError.unfinished(path) }
        return found
    }

    private static func siteRow(_ database: Database) throws -> (SiteID, Int64)? {
        guard let hex = try database.scalar("SELECT value FROM meta WHERE key = 'site'")?.text, let site = SiteID(hex: hex),
              let number = try database.scalar("SELECT id FROM sites WHERE uuid = ?", [.blob(site.bytes)])?.integer else { return nil }
        return (site, number)
    }

    /// The store's words for SQLite's errors.
    static func storeError(_ error: SQLiteError, path: String) -> Error {
        // An I/O error says more by the system's error behind it.
        if error.primaryCode == .ioError || error.primaryCode == .cannotOpen {
            switch error.systemErrno {
            case ENOSPC, EDQUOT: return StoreError.diskFull(path)
            case EROFS: return StoreError.readOnly(path)
            case EACCES, EPERM: return error.primaryCode == .cannotOpen ? StoreError.noAccess(path) : StoreError.readOnly(path)
            default: break
            }
        }
        switch error.primaryCode {
        case .busy, .locked: return StoreError.busy(path)
        case .readOnly: return StoreError.readOnly(path)
        case .full: return StoreError.diskFull(path)
        case .corrupt, .notADatabase: return StoreError.corrupt(path: path, detail: error.message)
        case .cannotOpen: return StoreError.cannotCreate(path: path, reason: error.message)
        default: return error
        }
    }

    /// True when the store's path no longer names the file this connection opened (a backup
    /// restored over it by `mv`, or the file removed). Writes refuse then (`StoreError.replaced`).
    public var isReplaced: Bool { database.isReplaced }

    /// Waits at most `milliseconds` for another process's lock (`busyTimeout` unless told), then
    /// fails with `StoreError.busy`: for a server, whose pages should say so quickly.
    public func waitForLocks(milliseconds: Int) throws {
        try mapErrors { try database.execute("PRAGMA busy_timeout = \(max(0, milliseconds))") }
    }

    /// After `isReplaced`: empties this connection's write-ahead log (folded into the file it
    /// opened), which the file now at the path would otherwise read as its own.
    public func releaseReplacedFile() { database.releaseLogOfReplacedFile() }

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
    /// A relative `directory` is taken from the current one; `.` and `..` are resolved by
    /// name, as `URL.standardizedFileURL` does, with plain string steps (every command runs
    /// this, and URL's took a noticeable share of a short one).
    public static func locate(from directory: String) -> String? {
        let absolute = directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
        var folders: [String] = []
        // Strings, not substrings: appending a substring goes through generic code whose
        // first use costs more than the whole walk.
        for part in absolute.split(separator: "/").map(String.init) {
            switch part {
            case ".": continue
            case "..": _ = folders.popLast()
            default: folders.append(part)
            }
        }
        while true {
            var candidate = ""
            for folder in folders {
                candidate += "/"
                candidate += folder
            }
            candidate += "/.plumb/store.sqlite"
            var info = stat()
            if stat(candidate, &info) == 0 { return candidate }
            if folders.popLast() == nil { return nil }
        }
    }

    /// The store file inside a store folder.
    public static func storeFile(inDirectory directory: String) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(".plumb/store.sqlite").path
    }
}
