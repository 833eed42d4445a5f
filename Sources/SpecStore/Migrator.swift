/// Brings a store's schema up to date: each pending migration in its own transaction together
/// with its bookkeeping row, so a crash leaves the schema at some whole step.
struct Migrator {
    /// `PRAGMA application_id` of a Plumb store ("Plmb").
    static let applicationID: Int64 = 0x506C_6D62

    let database: Database
    let migrations: [Migration]

    /// The schema version recorded in the store (0 for a new, empty file).
    func currentVersion() throws -> Int {
        let hasTable = try database.scalar(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'plumb_migrations'")?.integer ?? 0
        guard hasTable > 0 else { return 0 }
        return Int(try database.scalar("SELECT coalesce(max(version), 0) FROM plumb_migrations")?.integer ?? 0)
    }

    /// Checks the file is a Plumb store this build can use, without writing to it, and returns
    /// its schema version (0 for a new, empty file). On a store this is one statement; where
    /// that statement does not fit the schema (no migrations table: a new file, or another
    /// database) the questions are asked one by one, the file's kind first.
    /// - Throws: `StoreError.notAStore`, `.newerSchema`.
    func compatibleVersion() throws -> Int {
        let version: Int
        do {
            var facts: (applicationID: Int64, tables: Int64, version: Int64) = (0, 0, 0)
            try database.query("""
                SELECT (SELECT application_id FROM pragma_application_id), (SELECT count(*) FROM sqlite_master),
                       (SELECT coalesce(max(version), 0) FROM plumb_migrations)
                """) { row in facts = (row.int64(0), row.int64(1), row.int64(2)) }
            try checkKind(applicationID: facts.applicationID, tables: facts.tables)
            version = Int(facts.version)
        } catch let error as SQLiteError where error.primaryCode == .error {
            // SQLITE_ERROR: a table or column the statement names is missing. Anything else (a
            // busy or damaged file) is the caller's, not asked again.
            try checkKind(applicationID: database.scalar("PRAGMA application_id")?.integer ?? 0,
                          tables: database.scalar("SELECT count(*) FROM sqlite_master")?.integer ?? 0)
            version = try currentVersion()
        }
        let known = migrations.last?.version ?? 0
        if version > known { throw StoreError.newerSchema(path: database.path, found: version, known: known) }
        return version
    }

    /// A Plumb store carries its application id; an empty file is a store not made yet.
    private func checkKind(applicationID: Int64, tables: Int64) throws {
        if applicationID != Self.applicationID && !(applicationID == 0 && tables == 0) {
            throw StoreError.notAStore(database.path)
        }
    }

    /// Applies every migration above the current version, in order.
    func migrate(now: Int64) throws {
        try database.writeTransaction {
            try database.execute("""
                CREATE TABLE IF NOT EXISTS plumb_migrations (
                    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)
                """)
            try database.execute("PRAGMA application_id = \(Self.applicationID)")
        }
        let current = try currentVersion()
        for migration in migrations where migration.version > current {
            try database.writeTransaction {
                // Another process may have applied it while we waited for the lock.
                guard try currentVersion() < migration.version else { return }
                try database.execute(migration.sql)
                try migration.step?(database)
                try database.run("INSERT INTO plumb_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                                 [.integer(Int64(migration.version)), .text(migration.name), .integer(now)])
            }
        }
    }
}
